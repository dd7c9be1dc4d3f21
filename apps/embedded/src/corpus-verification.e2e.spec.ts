import { GATHERED, SEALED } from '@pvs/sms-parsers/testing';
import { PolicyDriver, TestService, payThroughService, readCredits, startTestService } from './testing';

// Every credit of the development and sealed sets that the parser reads exactly with its reference decides its payment
// through HTTP under the default `standard` policy as the parser's evaluation says: verified, unless it names a third
// party (manual review). The service path agrees with `npm run sms:eval`, both ways.
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
  ] as const)('decides every credit of the %s set read exactly with a reference as its evaluation says', async (name, entries) => {
    const credits = readCredits(entries);
    const outcomes = await payThroughService(driver, credits);
    const all = entries.filter((entry) => entry.expect.kind === 'credit').length;
    const verified = outcomes.filter((outcome) => outcome.status === 'verified').length;
    console.log(`${name}: ${credits.length} of ${all} credits read exactly with a reference; ${verified} verified through HTTP under standard`);
    expect(outcomes.filter(({ credit, status }) => status !== credit.expected).map(({ credit, status }) => `${credit.entry.id}: ${status}`)).toEqual([]);
    expect(verified).toBeGreaterThan(name === 'development' ? 500 : 100);
  }, 300_000);
});
