import { SMS_AWAITING_INTENT, SmsAwaitingIntent, SmsAwaitingIntentData, isSmsAwaitingIntent } from '@pvs/contracts';
import { Decider, Decision, accept, refuse } from '../decider';

/** The first SMS that named a payment before its intent was registered, if one did. */
export type AwaitingState = SmsAwaitingIntentData | null;

export interface AwaitIntent {
  readonly smsId: string;
  readonly paymentId: string;
  readonly parsedVersion: number;
}

export const REFERENCE_AWAITED_BY_ANOTHER_SMS = 'Another SMS already waits for this reference';

/** One SMS waits per reference; the same SMS again changes nothing, another one is refused. */
export function decideAwaiting(command: AwaitIntent, waiting: AwaitingState): Decision<SmsAwaitingIntent> {
  if (!waiting) return accept({ type: SMS_AWAITING_INTENT, data: command });
  return waiting.smsId === command.smsId ? accept() : refuse('conflict', REFERENCE_AWAITED_BY_ANOTHER_SMS);
}

export const awaitingIntentDecider: Decider<AwaitIntent, AwaitingState, SmsAwaitingIntent> = {
  initialState: null,
  isEvent: isSmsAwaitingIntent,
  evolve: (waiting, event) => waiting ?? event.data,
  decide: decideAwaiting,
};
