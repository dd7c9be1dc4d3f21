import { GATHERED, SEALED } from '@pvs/sms-parsers/testing';
import { PolicyDriver, TestService, creditsThatVerify, payThroughService, startTestService } from './testing';

// Every credit of the development and sealed sets that the parser reads exactly with its reference verifies its
// payment through HTTP under the default `standard` policy: the service path agrees with the parser's evaluation.
describe('the corpora through the service (embedded)', () => {
  let service: TestService;
  let driver: PolicyDriver;

  beforeAll(async () => {
    service = await startTestService({ authFailureLimit: 100_000 });
    driver = { adminToken: service.adminToken, call: (method, path, body, headers) => service.request(method, path, { body, headers }) };
  });

  afterAll(() => service.close());

  it.each([
    ['development', GATHERED],
    ['sealed', SEALED],
  ] as const)('verifies every credit of the %s set read exactly with a reference', async (name, entries) => {
    const credits = creditsThatVerify(entries);
    const outcomes = await payThroughService(driver, credits);
    const all = entries.filter((entry) => entry.expect.kind === 'credit').length;
    console.log(`${name}: ${credits.length} of ${all} credits read exactly with a reference; ${outcomes.filter((o) => o.status === 'verified').length} verified through HTTP`);
    expect(outcomes.filter((outcome) => outcome.status !== 'verified').map(({ credit, status }) => `${credit.entry.id}: ${status}`)).toEqual([]);
    expect(credits.length).toBeGreaterThan(name === 'development' ? 500 : 100);
  }, 300_000);
});
