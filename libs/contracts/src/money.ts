/** Amounts inside the service are integer paisa (1 PKR = 100 paisa); PKR numbers exist only at the edges. */
export type Paisa = number;

const PKR_WITH_AT_MOST_TWO_DECIMALS = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * Exact PKR → paisa for a JSON number, or null when it is not a non-negative amount with at
 * most two decimals. Reads the number's shortest decimal form, so 0.1 + 0.2 style drift never
 * reaches the paisa.
 */
export function pkrToPaisa(amount: number): Paisa | null {
  if (!Number.isFinite(amount) || amount < 0) return null;
  const match = PKR_WITH_AT_MOST_TWO_DECIMALS.exec(String(amount));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function paisaToPkr(paisa: Paisa): number {
  return paisa / 100;
}
