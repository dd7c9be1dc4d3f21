import { randomInt } from 'node:crypto';

/** The JazzCash account the suites' tenants are paid into. */
export const JAZZCASH_ACCOUNT = '03444160241';

export interface JazzCashCreditOptions {
  /** The TID the SMS states: the transaction reference the payment was registered with. */
  readonly reference: string;
  /** As the SMS prints it ('1,250.00'), or a number of rupees, printed with two decimals (2350 → '2350.00'). */
  readonly amount: string | number;
  /** The account the SMS says was credited. */
  readonly account?: string;
}

/** The body of a JazzCash credit over Raast, as sender 8558 sends it. */
export function jazzCashCredit({ reference, amount, account = JAZZCASH_ACCOUNT }: JazzCashCreditOptions): string {
  const printed = typeof amount === 'number' ? amount.toFixed(2) : amount;
  return `Rs ${printed} received in your JazzCash Mobile Account:${account} via Raast. TID: ${reference}`;
}

/** A random 12-digit transaction id (a JazzCash TID is 12 digits): suites that share a database never collide. */
export function randomTransactionId(): string {
  return String(randomInt(100_000_000_000, 1_000_000_000_000));
}

/**
 * A random 11-digit transaction id (an Easypaisa Trx ID, a JazzCash TID of its shorter form), never starting with 0:
 * eleven digits `03…` are a mobile number's shape, which the parser does not take for a reference.
 */
export function randomShortTransactionId(): string {
  return String(randomInt(10_000_000_000, 100_000_000_000));
}
