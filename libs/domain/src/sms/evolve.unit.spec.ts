import { SmsEvent } from '@pvs/contracts';
import { fold } from '../decider';
import { smsMatched, smsParsed, smsReceived, smsRejected, smsUnmatched } from '../testing/fixtures';
import { smsDecider } from './decide';
import { NO_SMS, SmsState, evolveSms, outcomesOfParse } from './evolve';

/** A bank credit forwarded by an app, read without a template. */
const received = smsReceived({
  sender: 'HBL',
  body: 'Dear Customer, PKR 1,500.00 credited to your account. Ref 716204418853.',
  receivedAt: null,
  source: 'sms_gateway_app',
});

const parsed = (reparsed: boolean) =>
  smsParsed({
    gateway: 'bank',
    tier: 'extracted',
    templateId: null,
    target: 'holder',
    reference: 'Ref 716204418853',
    payer: null,
    balancePaisa: null,
    occurredAt: '2026-11-26T10:58:00.000Z',
    reparsed,
  });

const rejected = smsRejected();

describe('NO_SMS', () => {
  it('is the state of a stream with no events', () => {
    expect(NO_SMS).toStrictEqual({ version: 0, received: null, lastParse: null, outcomes: [] });
    expect(smsDecider.initialState).toBe(NO_SMS);
    expect(fold(smsDecider, [])).toStrictEqual(NO_SMS);
  });
});

describe('evolveSms', () => {
  it.each<[string, readonly SmsEvent[], SmsState]>([
    ['received', [received], { version: 1, received: received.data, lastParse: null, outcomes: [] }],
    ['received and parsed', [received, parsed(false)], { version: 2, received: received.data, lastParse: { version: 2, event: parsed(false) }, outcomes: [] }],
    ['received and rejected', [received, rejected], { version: 2, received: received.data, lastParse: { version: 2, event: rejected }, outcomes: [] }],
    [
      'rejected, then reparsed',
      [received, rejected, parsed(true)],
      { version: 3, received: received.data, lastParse: { version: 3, event: parsed(true) }, outcomes: [] },
    ],
    [
      'parsed, then matched after waiting for the intent',
      [received, parsed(false), smsUnmatched({ reason: 'awaiting_intent' }), smsMatched()],
      { version: 4, received: received.data, lastParse: { version: 2, event: parsed(false) }, outcomes: [smsUnmatched({ reason: 'awaiting_intent' }), smsMatched()] },
    ],
    [
      'outcomes of two parses',
      [received, parsed(false), smsUnmatched({ reason: 'no_reference' }), parsed(true), smsMatched({ parsedVersion: 4 })],
      {
        version: 5,
        received: received.data,
        lastParse: { version: 4, event: parsed(true) },
        outcomes: [smsUnmatched({ reason: 'no_reference' }), smsMatched({ parsedVersion: 4 })],
      },
    ],
  ])('%s', (_, events, expected) => {
    expect(fold(smsDecider, events)).toStrictEqual(expected);
  });

  it.each([
    ['the received SMS', received, { ...NO_SMS, version: 8, received: received.data }],
    ['a parse, at the version it is recorded at', parsed(false), { ...NO_SMS, version: 8, lastParse: { version: 8, event: parsed(false) } }],
    ['an outcome', smsMatched({ parsedVersion: 3 }), { ...NO_SMS, version: 8, outcomes: [smsMatched({ parsedVersion: 3 })] }],
  ] as const)('counts %s as one more event', (_, event, expected) => {
    expect(evolveSms({ ...NO_SMS, version: 7 }, event)).toStrictEqual(expected);
  });

  it('leaves the state it evolves untouched', () => {
    const given = [received, parsed(false), smsMatched()];
    const before = fold(smsDecider, given);
    evolveSms(before, smsUnmatched({ reason: 'intent_decided' }));
    expect(before).toStrictEqual(fold(smsDecider, given));
  });
});

describe('outcomesOfParse', () => {
  const events = [received, parsed(false), smsUnmatched({ reason: 'awaiting_intent' }), smsMatched(), parsed(true), smsUnmatched({ parsedVersion: 5, reason: 'intent_decided' })];

  it.each([
    ['the first parse', 2, [smsUnmatched({ reason: 'awaiting_intent' }), smsMatched()]],
    ['the reparse', 5, [smsUnmatched({ parsedVersion: 5, reason: 'intent_decided' })]],
    ['a version that is an outcome', 3, []],
    ['a version never parsed', 9, []],
  ] as const)('gives the outcomes of %s, in order', (_, parsedVersion, expected) => {
    expect(outcomesOfParse(fold(smsDecider, events), parsedVersion)).toStrictEqual(expected);
  });
});
