import { SMS_MATCHED, SMS_PARSED, SMS_RECEIVED, SMS_REJECTED, SmsEvent, SmsOutcome, SmsParse, SmsParsed, SmsReceivedData, isSmsEvent } from '@pvs/contracts';
import { Decider, Decision, accept, refuse } from '../decider';
import { NO_SMS, SmsState, evolveSms, outcomesOfParse } from './evolve';

export const SMS_NOT_FOUND = 'SMS not found';

export type SmsCommand =
  | { readonly type: 'Record'; readonly received: SmsReceivedData; readonly parse: SmsParse }
  | { readonly type: 'Reparse'; readonly parse: SmsParse }
  | { readonly type: 'RecordOutcome'; readonly outcome: SmsOutcome };

/**
 * An SMS is recorded once, with its first parse; the same SMS again records nothing. A parse again is
 * recorded only when it reads a credit the last parse rejected. An outcome is recorded unless the same one
 * is already there for that parse (an SMS that waited for its intent gets a second, final one when it comes).
 */
export function decideSms(command: SmsCommand, sms: SmsState): Decision<SmsEvent> {
  if (command.type === 'Record') return sms.received ? accept() : accept<SmsEvent>({ type: SMS_RECEIVED, data: command.received }, command.parse);
  if (!sms.received) return refuse('not_found', SMS_NOT_FOUND);
  if (command.type === 'Reparse') {
    return sms.lastParse?.event.type === SMS_REJECTED && command.parse.type === SMS_PARSED ? accept(command.parse) : accept();
  }
  const { outcome } = command;
  return outcomesOfParse(sms, outcome.data.parsedVersion).some((recorded) => sameOutcome(recorded, outcome)) ? accept() : accept(outcome);
}

function sameOutcome(a: SmsOutcome, b: SmsOutcome): boolean {
  if (a.data.paymentId !== b.data.paymentId) return false;
  if (a.type === SMS_MATCHED) return b.type === SMS_MATCHED && a.data.status === b.data.status;
  return b.type !== SMS_MATCHED && a.data.reason === b.data.reason;
}

/** The parse at `parsedVersion` when it read a credit: what the matcher decides on. */
export function creditParsedAt(sms: SmsState, parsedVersion: number): SmsParsed | null {
  const parse = sms.lastParse;
  return parse && parse.version === parsedVersion && parse.event.type === SMS_PARSED ? parse.event : null;
}

export const smsDecider: Decider<SmsCommand, SmsState, SmsEvent> = {
  initialState: NO_SMS,
  isEvent: isSmsEvent,
  evolve: evolveSms,
  decide: decideSms,
};
