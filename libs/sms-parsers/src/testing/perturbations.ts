import fc from 'fast-check';
import { readMoney } from '../normalise/money';
import { Span } from '../sms.types';

/**
 * Rewrites of a message that keep what it says: each is one independent way real alerts vary. A perturbation gets
 * the body and where its amount and reference stand, and returns the new body (undefined when it does not apply).
 */
export interface Located {
  readonly body: string;
  readonly amount: Span;
  readonly reference: Span | null;
}

export type Perturbation = fc.Arbitrary<(message: Located) => string | undefined>;

const URDU_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const MARKER_BEFORE = /(?:Rs|PKR|Rupees)[.:]? ?$/i;
const MARKER_AFTER = /^ ?(?:PKR|Rs|Rupees|روپے)(?![A-Za-z])/i;
const LABEL_BEFORE = /(?:TID|Trx\.? ?ID|Tx ID|Txn ?ID|Transaction ID|Trans ID|(?:(?:Txn|Trx|Trans|Transaction) ?)?Ref(?:erence)? ?(?:No\.?|#)?|RRN|STAN|Raast ID)\s?[:#.]?\s?$/i;

const splice = (text: string, [start, end]: Span, insert: string): string => text.slice(0, start) + insert + text.slice(end);

function group(rupees: string, lakh: boolean): string {
  if (!lakh || rupees.length <= 3) return rupees.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const head = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${rupees.slice(-3)}`;
}

/** The amount with its currency marker, wherever the marker stands. */
function moneyExtent({ body, amount }: Located): Span {
  const before = MARKER_BEFORE.exec(body.slice(0, amount[0]));
  const after = MARKER_AFTER.exec(body.slice(amount[1]));
  return [before ? amount[0] - before[0].length : amount[0], after ? amount[1] + after[0].length : amount[1]];
}

/** The amount as written, as rupees and two decimals ("5,000.000" is "5000.00"), or undefined when it has no exact reading. */
const writtenPaisa = (written: string): string | undefined => {
  const reading = readMoney(written);
  if (reading.kind !== 'exact') return undefined;
  return `${Math.trunc(reading.paisa / 100)}.${String(reading.paisa % 100).padStart(2, '0')}`;
};

/** Line breaks, repeated spaces, tabs and non-breaking spaces between words. */
export const SPACING: Perturbation = fc
  .array(fc.constantFrom(' ', '  ', '\n', '\r\n', '\t', '\u00a0', ' \n '), { minLength: 1, maxLength: 60 })
  .map((gaps) => ({ body }) => {
    let index = 0;
    return body.replace(/ /g, () => gaps[index++ % gaps.length] ?? ' ');
  });

/** A notification title or "Alert:" heading before the message. */
export const TITLE: Perturbation = fc
  .constantFrom('Alert: ', 'Transaction Alert\n', 'SMS Alert: ', 'Notification\n', '[Alert] ', 'Dear Customer,\n')
  .map((title) => ({ body }) => `${title}${body}`);

/** A promotional or legal sentence after the transaction. */
export const PROMOTIONAL_TAIL: Perturbation = fc
  .constantFrom(
    ' Get 10% off at partner stores with our app. T&Cs apply.',
    '\nNever share your PIN or OTP with anyone.',
    ' Download our app for free bill payments!',
    ' For details call 111-111-111.',
    ' Beware of fraud calls; we never ask for your password.',
  )
  .map((tail) => ({ body }) => `${body.replace(/[\s]+$/, '')}${/[.!]$/.test(body.trim()) ? '' : '.'}${tail}`);

/** Every digit in Urdu script. */
export const URDU_DIGIT_SCRIPT: Perturbation = fc.constant(({ body }) => body.replace(/\d/g, (digit) => URDU_DIGITS[Number(digit)] ?? digit));

/** The currency written another way, before or after the amount. */
export const CURRENCY_FORM: Perturbation = fc
  .constantFrom((n: string) => `Rs ${n}`, (n: string) => `Rs.${n}`, (n: string) => `PKR ${n}`, (n: string) => `PKR.${n}`, (n: string) => `${n} PKR`, (n: string) => `PKR${n}`, (n: string) => `Rs. ${n}/-`)
  .map((write) => (message) => {
    const written = message.body.slice(...message.amount).replace(/\/[-=]$/, '');
    if (written === '' || (!/[.,]/.test(written) && written.length > 6)) return undefined;
    return splice(message.body, moneyExtent(message), write(written));
  });

/** The amount grouped in thousands, in lakhs, or not at all, with or without paisa. */
export const AMOUNT_WRITING: Perturbation = fc.record({ lakh: fc.boolean(), grouped: fc.boolean(), decimals: fc.boolean() }).map(
  ({ lakh, grouped, decimals }) => (message) => {
    const exact = writtenPaisa(message.body.slice(...message.amount));
    if (exact === undefined) return undefined;
    const [rupees = '', paisa = '00'] = exact.split('.');
    if (!decimals && paisa !== '00') return undefined;
    const digits = grouped ? group(rupees, lakh) : rupees;
    return splice(message.body, message.amount, decimals ? `${digits}.${paisa}` : digits);
  },
);

/** The reference's label spelt another way. */
export const REFERENCE_LABEL: Perturbation = fc
  .constantFrom('TID: ', 'Trx ID: ', 'Trx. ID ', 'Transaction ID: ', 'Txn # ', 'Trans ID: ', 'Ref No. ', 'Ref # ', 'Reference No: ', 'TX ID ')
  .map((label) => (message) => {
    if (message.reference === null) return undefined;
    const before = LABEL_BEFORE.exec(message.body.slice(0, message.reference[0]));
    if (before === null) return undefined;
    return splice(message.body, [message.reference[0] - before[0].length, message.reference[0]], label);
  });

/** The labelled reference moved from where it stands to the start of the message. */
export const REFERENCE_FIRST: Perturbation = fc.constant((message) => {
  if (message.reference === null) return undefined;
  const before = LABEL_BEFORE.exec(message.body.slice(0, message.reference[0]));
  if (before === null) return undefined;
  const start = message.reference[0] - before[0].length;
  const end = message.reference[1] + (/^\.?/.exec(message.body.slice(message.reference[1]))?.[0].length ?? 0);
  const rest = (message.body.slice(0, start) + message.body.slice(end)).replace(/\s+$/, '').replace(/^\s+/, '');
  return `${before[0].trim()} ${message.body.slice(...message.reference)}. ${rest}`;
});

export const MEANING_PRESERVING: readonly (readonly [string, Perturbation])[] = [
  ['spacing and line breaks', SPACING],
  ['a notification title', TITLE],
  ['a promotional or legal tail', PROMOTIONAL_TAIL],
  ['Urdu digits', URDU_DIGIT_SCRIPT],
  ['another currency form or position', CURRENCY_FORM],
  ['another writing of the amount', AMOUNT_WRITING],
  ['another reference label', REFERENCE_LABEL],
  ['the reference first', REFERENCE_FIRST],
];

/** Rewrites that turn a credit into something that is not one. */
export const NON_PAYMENT: readonly (readonly [string, Perturbation])[] = [
  [
    'a debit',
    fc.constant(({ body }) => {
      const debit = body
        .replace(/\breceived\b/gi, 'withdrawn')
        .replace(/\bcredited\b/gi, 'debited')
        .replace(/\bdeposited\b/gi, 'withdrawn')
        .replace(/\b(?:mosool|wasool|wusool)\b/gi, 'bheje')
        .replace(/موصول/g, 'ادا')
        // The words of wordings taught by operators (the generalisation families): got, inflow, posted, realised…
        .replace(/\bgot\b/gi, 'paid')
        .replace(/\b(?:posted|realised|reflected) (?:to|in)\b/gi, 'debited from')
        .replace(/\binflow\b/gi, 'Debit')
        .replace(/\b(?:transfer|credit) (?:in|advice)\b/gi, 'Debit Advice')
        .replace(/\baa chuke\b/gi, 'bhej diye')
        .replace(/\bjama karwaye\b/gi, 'nikalwaye');
      return debit === body ? undefined : debit;
    }),
  ],
  ['a failure', fc.constantFrom('Transaction failed: ', 'FAILED - ', 'Your transfer was unsuccessful. ').map((prefix) => ({ body }) => `${prefix}${body}`)],
  ['a reversal', fc.constantFrom(' This transaction has been reversed.', ' Reversed.', '\nRefund processed.').map((suffix) => ({ body }) => `${body}${suffix}`)],
  ['a payment request', fc.constantFrom('Payment request: ', 'Request to pay: ').map((prefix) => ({ body }) => `${prefix}${body}`)],
];
