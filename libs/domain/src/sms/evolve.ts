import { SMS_MATCHED, SMS_PARSED, SMS_RECEIVED, SMS_REJECTED, SMS_UNMATCHED, SmsEvent, SmsOutcome, SmsParse, SmsReceivedData } from '@pvs/contracts';

/** A parse of the SMS and the stream version it was recorded at (outcomes name it by that version). */
export interface RecordedParse {
  readonly version: number;
  readonly event: SmsParse;
}

/** An SMS folded from its stream. */
export interface SmsState {
  /** The stream version: how many events were folded. */
  readonly version: number;
  readonly received: SmsReceivedData | null;
  readonly lastParse: RecordedParse | null;
  readonly outcomes: readonly SmsOutcome[];
}

export const NO_SMS: SmsState = { version: 0, received: null, lastParse: null, outcomes: [] };

/** Keeps each event as its type and data only: the state is the same however and whenever the events were stored. */
export function evolveSms(sms: SmsState, event: SmsEvent): SmsState {
  const version = sms.version + 1;
  switch (event.type) {
    case SMS_RECEIVED:
      return { ...sms, version, received: event.data };
    case SMS_PARSED:
      return { ...sms, version, lastParse: { version, event: { type: SMS_PARSED, data: event.data } } };
    case SMS_REJECTED:
      return { ...sms, version, lastParse: { version, event: { type: SMS_REJECTED, data: event.data } } };
    case SMS_MATCHED:
      return { ...sms, version, outcomes: [...sms.outcomes, { type: SMS_MATCHED, data: event.data }] };
    case SMS_UNMATCHED:
      return { ...sms, version, outcomes: [...sms.outcomes, { type: SMS_UNMATCHED, data: event.data }] };
  }
}

/** The matcher's outcomes for the parse at `parsedVersion`, in the order recorded. */
export function outcomesOfParse(sms: SmsState, parsedVersion: number): SmsOutcome[] {
  return sms.outcomes.filter((outcome) => outcome.data.parsedVersion === parsedVersion);
}
