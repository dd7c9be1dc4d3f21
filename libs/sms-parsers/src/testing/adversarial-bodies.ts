import { Gateway } from '../sms.types';

/** A credit a template reads, as a unit to repeat and as a warm-up. */
export const RAAST_CREDIT = 'Rs 2,000.00 received in your JazzCash Mobile Account:03014455210 via Raast. TID: 716204418853';

/**
 * Pieces that, repeated, give a parser's regular expressions the most to backtrack over: half-written money, runs
 * of one character, labels without values, names without an end, Urdu words and digits.
 */
const UNITS = [
  'Rs 1,', ' ', '9', '1,0', 'A ', 'SADIA ', 'AHMED K* UBL A/C *4444 ', '1*', '*1 ', 'xx', `${RAAST_CREDIT} `, 'TID: 1 ', 'from ', 'Dear ',
  'received ', 'PKR 1 ', 'Rs.', '12/03/2026 ', '12:30 ', 'your A/C ', 'x1', '-1', ', ', '. ', 'Ref ', '0300', 'Rs 1 received from A ',
  'from A, ', 'Dear A, ', 'call ', 'Get 10% off ', 'موصول ', '۱,', 'Trx ID 1 Rs 1 ',
];
/** Openings that bring a template or the credit wording into play before the repetition. */
const PREFIXES = ['', 'Rs 5,500.00 received from ', 'Dear Customer, Your HBL A/C ', 'Trx ID 5944229251. You have Received Rs 10.00 from '];
/** Senders trusted for one gateway each, and one for two. */
export const TRUSTED_SENDERS: readonly (readonly [string, readonly Gateway[]])[] = [
  ['8558', ['wallet_one']],
  ['3737', ['wallet_two']],
  ['HBL', ['bank']],
  ['MY-BANK', ['bank', 'wallet_one']],
];

export interface AdversarialShape {
  readonly unit: string;
  readonly prefix: string;
}

export const ADVERSARIAL_SHAPES: readonly AdversarialShape[] = UNITS.flatMap((unit) => PREFIXES.map((prefix) => ({ unit, prefix })));

/** A body of `length` characters at most: the prefix, then the unit as many times as fit. */
export function adversarialBody({ unit, prefix }: AdversarialShape, length: number): string {
  return prefix + unit.repeat(Math.floor((length - prefix.length) / unit.length));
}
