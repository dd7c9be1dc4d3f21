import { Event, eventGuard } from '../event';

export const AWAITING_CATEGORY = 'awaiting';
export const SMS_AWAITING_INTENT = 'SmsAwaitingIntent';

/** The SMS that names a payment no intent has been registered for yet (one per reference). */
export function awaitingStream(paymentId: string): string {
  return `${AWAITING_CATEGORY}-${paymentId}`;
}

export interface SmsAwaitingIntentData {
  readonly smsId: string;
  readonly paymentId: string;
  readonly parsedVersion: number;
}

export type SmsAwaitingIntent = Event<typeof SMS_AWAITING_INTENT, SmsAwaitingIntentData>;
export const isSmsAwaitingIntent = eventGuard<SmsAwaitingIntent>({ [SMS_AWAITING_INTENT]: true });
