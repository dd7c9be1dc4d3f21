import { AlertKind, paisaToPkr } from '@pvs/contracts';
import { AlertView } from '@pvs/read-model';

const MINUTE_MS = 60_000;

/** A field of the recorded fact, when it is of the type expected (the fact's shape is its event's, read back from JSON). */
const text = (details: AlertView['details'], field: string): string => {
  const value = details[field];
  return typeof value === 'string' ? value : '';
};
const number = (details: AlertView['details'], field: string): number => {
  const value = details[field];
  return typeof value === 'number' ? value : 0;
};
const list = (details: AlertView['details'], field: string): string[] => {
  const value = details[field];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
};

function duration(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

const STALL_REASONS: Record<string, string> = {
  sms_rejected: 'an SMS naming its reference was not read as a credit',
  gap_suspected: 'the balances say a credit of its amount arrived with no SMS seen',
  forwarder_silent: 'a phone forwarding its gateway was found silent while it waited',
  none_known: 'no reason known: the payer may not have paid',
};

/** An alert in a sentence, for the operators' page and the CLI. */
export function describeAlert({ kind, details, forwarderLabel }: Pick<AlertView, 'kind' | 'details' | 'forwarderLabel'>): string {
  const describers: Record<AlertKind, () => string> = {
    'forwarder.silent': () =>
      `Phone ${forwarderLabel ?? text(details, 'forwarderId')} has not been heard since ${text(details, 'lastHeardAt')} (usually quiet at most ${duration(number(details, 'usualQuietMs'))}) while payments of ${list(details, 'pendingGateways').join(', ')} are pending`,
    'sms.gap_suspected': () => {
      const candidates = list(details, 'candidatePaymentIds').length;
      return `PKR ${paisaToPkr(number(details, 'amountPaisa'))} came into the ${text(details, 'gateway')} account ${text(details, 'account') || '(unnamed)'} between ${text(details, 'windowStart')} and ${text(details, 'windowEnd')} with no SMS seen; ${candidates} pending payment${candidates === 1 ? '' : 's'} of that amount`;
    },
    'payment.stalled': () =>
      `Payment ${text(details, 'transactionReference')} (PKR ${paisaToPkr(number(details, 'amountPaisa'))}) pending since ${text(details, 'registeredAt')}, usually verified within ${duration(number(details, 'usualMs'))}: ${STALL_REASONS[text(details, 'reason')] ?? text(details, 'reason')}`,
    'payment.review_required': () => `Payment ${text(details, 'paymentId')} waits for review: ${text(details, 'reason')}`,
  };
  return describers[kind]();
}
