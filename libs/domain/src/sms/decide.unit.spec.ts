import { SmsEvent, SmsOutcome } from '@pvs/contracts';
import { fold } from '../decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { smsMatched, smsParsed, smsReceived, smsRejected, smsUnmatched } from '../testing/fixtures';
import { SMS_NOT_FOUND, SmsCommand, creditParsedAt, decideSms, smsDecider } from './decide';
import { NO_SMS, evolveSms } from './evolve';

const OTHER_PAYMENT_ID = '0c9e6a1f-3b7d-5e2a-9f41-7d2c8b6a5e30';

const received = smsReceived();

/** An outcome whose data also carries the field of the other kind: the kind decides, not the fields present. */
const carrying = (outcome: SmsOutcome, field: 'status' | 'reason', value: string): SmsOutcome => ({ ...outcome, data: { ...outcome.data, [field]: value } }) as SmsOutcome;

const reparsed = smsParsed({ reparsed: true, amountPaisa: 250000 });

const given = DeciderSpecification.for(smsDecider);

describe('decideSms', () => {
  describe('Record', () => {
    it.each([
      ['a new SMS read as a credit', [], smsParsed(), [received, smsParsed()]],
      ['a new SMS no template reads', [], smsRejected(), [received, smsRejected()]],
      ['the same SMS again', [received, smsParsed()], smsParsed(), []],
      ['the same SMS again, read differently this time', [received, smsRejected()], smsParsed(), []],
    ] as const)('%s', (_, history, parse, expected) => {
      given(history).when({ type: 'Record', received: received.data, parse }).then(expected);
    });
  });

  describe.each([
    ['Reparse', { type: 'Reparse', parse: smsParsed() }],
    ['RecordOutcome', { type: 'RecordOutcome', outcome: smsMatched() }],
  ] as const)('%s on an SMS never recorded', (_, command: SmsCommand) => {
    it('is refused as not found', () => {
      given([]).when(command).thenRefuses({ kind: 'not_found', message: 'SMS not found' });
      expect(SMS_NOT_FOUND).toBe('SMS not found');
    });
  });

  describe('Reparse', () => {
    it.each([
      ['the last parse rejected it, the new one reads a credit', [received, smsRejected()], reparsed, [reparsed]],
      ['the last parse rejected it, the new one too', [received, smsRejected()], smsRejected({ reason: 'Still no template' }), []],
      ['the last parse read a credit, the new one too', [received, smsParsed()], reparsed, []],
      ['the last parse read a credit, the new one rejects it', [received, smsParsed()], smsRejected(), []],
      ['a reparse already read the credit', [received, smsRejected(), smsParsed({ reparsed: true })], reparsed, []],
      ['the last of two parses rejected it', [received, smsRejected(), smsRejected({ reason: 'Still no template' })], reparsed, [reparsed]],
      ['no parse recorded yet', [received], reparsed, []],
    ] as const)('%s', (_, history, parse, expected) => {
      given(history).when({ type: 'Reparse', parse }).then(expected);
    });
  });

  describe('RecordOutcome', () => {
    const parsedSms = [received, smsParsed()];
    const appended = (outcome: SmsOutcome): SmsEvent[] => [outcome];

    it.each([
      ['none recorded yet', [], smsMatched(), appended(smsMatched())],
      ['the same match', [smsMatched({ status: 'manual_review' })], smsMatched({ status: 'manual_review' }), []],
      ['the same payment with another status', [smsMatched({ status: 'manual_review' })], smsMatched({ status: 'verified' }), appended(smsMatched({ status: 'verified' }))],
      [
        'a match for another payment',
        [smsMatched()],
        smsMatched({ status: 'verified', paymentId: OTHER_PAYMENT_ID }),
        appended(smsMatched({ status: 'verified', paymentId: OTHER_PAYMENT_ID })),
      ],
      ['the same match of another parse', [smsMatched()], smsMatched({ parsedVersion: 5 }), appended(smsMatched({ parsedVersion: 5 }))],
      ['the same miss', [smsUnmatched({ reason: 'awaiting_intent' })], smsUnmatched({ reason: 'awaiting_intent' }), []],
      ['the same miss naming no payment', [smsUnmatched({ reason: 'no_reference', paymentId: null })], smsUnmatched({ reason: 'no_reference', paymentId: null }), []],
      ['a miss for another reason', [smsUnmatched({ reason: 'awaiting_intent' })], smsUnmatched({ reason: 'intent_expired' }), appended(smsUnmatched({ reason: 'intent_expired' }))],
      [
        'the same miss for another payment',
        [smsUnmatched({ reason: 'awaiting_intent' })],
        smsUnmatched({ reason: 'awaiting_intent', paymentId: OTHER_PAYMENT_ID }),
        appended(smsUnmatched({ reason: 'awaiting_intent', paymentId: OTHER_PAYMENT_ID })),
      ],
      [
        'a miss now naming a payment',
        [smsUnmatched({ reason: 'awaiting_intent', paymentId: null })],
        smsUnmatched({ reason: 'awaiting_intent' }),
        appended(smsUnmatched({ reason: 'awaiting_intent' })),
      ],
      [
        'the same miss of another parse',
        [smsUnmatched({ reason: 'awaiting_intent' })],
        smsUnmatched({ parsedVersion: 5, reason: 'awaiting_intent' }),
        appended(smsUnmatched({ parsedVersion: 5, reason: 'awaiting_intent' })),
      ],
      ['a match after the miss for the same payment', [smsUnmatched({ reason: 'awaiting_intent' })], smsMatched(), appended(smsMatched())],
      ['a miss after the match for the same payment', [smsMatched()], smsUnmatched({ reason: 'intent_decided' }), appended(smsUnmatched({ reason: 'intent_decided' }))],
      [
        'a miss carrying the status of the match before it',
        [smsMatched({ status: 'verified' })],
        carrying(smsUnmatched({ reason: 'intent_decided' }), 'status', 'verified'),
        appended(carrying(smsUnmatched({ reason: 'intent_decided' }), 'status', 'verified')),
      ],
      [
        'a match carrying the reason of the miss before it',
        [smsUnmatched({ reason: 'awaiting_intent' })],
        carrying(smsMatched(), 'reason', 'awaiting_intent'),
        appended(carrying(smsMatched(), 'reason', 'awaiting_intent')),
      ],
      ['the same match among others', [smsUnmatched({ reason: 'awaiting_intent' }), smsMatched({ status: 'verified' })], smsMatched({ status: 'verified' }), []],
      ['the same miss among others', [smsUnmatched({ reason: 'awaiting_intent' }), smsMatched({ status: 'verified' })], smsUnmatched({ reason: 'awaiting_intent' }), []],
    ] as const)('%s', (_, outcomes, outcome, expected) => {
      given([...parsedSms, ...outcomes]).when({ type: 'RecordOutcome', outcome }).then(expected);
    });
  });
});

describe('creditParsedAt', () => {
  it.each([
    ['the credit at its version', [received, smsParsed()], 2, smsParsed()],
    ['the credit at its version, outcomes recorded since', [received, smsParsed(), smsUnmatched(), smsMatched()], 2, smsParsed()],
    ['the credit a reparse read', [received, smsRejected(), reparsed], 3, reparsed],
    ['a version before the credit', [received, smsParsed()], 1, null],
    ['a version after the credit', [received, smsParsed(), smsMatched()], 3, null],
    ['the rejection a reparse replaced', [received, smsRejected(), reparsed], 2, null],
    ['a rejected parse', [received, smsRejected()], 2, null],
    ['no parse', [received], 1, null],
    ['no SMS', [], 0, null],
  ] as const)('%s', (_, given, parsedVersion, expected) => {
    expect(creditParsedAt(fold(smsDecider, given), parsedVersion)).toStrictEqual(expected);
  });
});

describe('smsDecider', () => {
  it('starts from no SMS and folds with evolveSms', () => {
    expect(smsDecider.initialState).toBe(NO_SMS);
    expect(smsDecider.evolve).toBe(evolveSms);
    expect(smsDecider.decide).toBe(decideSms);
  });

  it.each([
    [received, true],
    [smsParsed(), true],
    [smsRejected(), true],
    [smsMatched(), true],
    [smsUnmatched(), true],
    [{ type: 'PaymentVerified', data: {} }, false],
  ] as const)('tells its events: %o', (event, expected) => {
    expect(smsDecider.isEvent(event)).toBe(expected);
  });
});
