import { SMS_AWAITING_INTENT, SmsAwaitingIntent } from '@pvs/contracts';
import { fold } from '../decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { SMS_ID as FIRST_SMS, SMS_PAYMENT_ID } from '../testing/fixtures';
import { AwaitIntent, REFERENCE_AWAITED_BY_ANOTHER_SMS, awaitingIntentDecider, decideAwaiting } from './awaiting-intent';

const SECOND_SMS = 'a2e4c6b8-1d3f-4a5b-8c7d-9e0f1a2b3c4d';

const awaitIntent = (smsId: string, parsedVersion = 2): AwaitIntent => ({ smsId, paymentId: SMS_PAYMENT_ID, parsedVersion });
const awaiting = (smsId: string, parsedVersion = 2): SmsAwaitingIntent => ({ type: SMS_AWAITING_INTENT, data: awaitIntent(smsId, parsedVersion) });

const given = DeciderSpecification.for(awaitingIntentDecider);

describe('decideAwaiting', () => {
  it.each([
    ['no SMS waits yet', [], awaitIntent(FIRST_SMS), [awaiting(FIRST_SMS)]],
    ['no SMS waits yet, for a reparse', [], awaitIntent(FIRST_SMS, 3), [awaiting(FIRST_SMS, 3)]],
    ['the same SMS waits', [awaiting(FIRST_SMS)], awaitIntent(FIRST_SMS), []],
    ['the same SMS waits, for an earlier parse', [awaiting(FIRST_SMS, 2)], awaitIntent(FIRST_SMS, 3), []],
  ] as const)('%s', (_, history, command, expected) => {
    given(history).when(command).then(expected);
  });

  it('another SMS waits', () => {
    given([awaiting(FIRST_SMS)]).when(awaitIntent(SECOND_SMS)).thenRefuses({ kind: 'conflict', message: 'Another SMS already waits for this reference' });
  });

  it('names the conflict', () => {
    expect(REFERENCE_AWAITED_BY_ANOTHER_SMS).toBe('Another SMS already waits for this reference');
    expect(awaitingIntentDecider.decide).toBe(decideAwaiting);
  });
});

describe('awaitingIntentDecider.evolve', () => {
  it.each([
    ['no event', [], null],
    ['one SMS waiting', [awaiting(FIRST_SMS)], awaitIntent(FIRST_SMS)],
    ['two SMS waiting', [awaiting(FIRST_SMS), awaiting(SECOND_SMS, 4)], awaitIntent(FIRST_SMS)],
    ['the second one first', [awaiting(SECOND_SMS, 4), awaiting(FIRST_SMS)], awaitIntent(SECOND_SMS, 4)],
  ] as const)('keeps the first waiting SMS: %s', (_, events, expected) => {
    expect(fold(awaitingIntentDecider, events)).toStrictEqual(expected);
  });

  it.each([
    [awaiting(FIRST_SMS), true],
    [{ type: 'SmsMatched', data: {} }, false],
  ] as const)('tells its events: %o', (event, expected) => {
    expect(awaitingIntentDecider.isEvent(event)).toBe(expected);
  });
});
