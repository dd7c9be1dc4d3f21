export const MIN_DIGITS_COMPARED = 4;

function canonical(account: string): string {
  return account.replace(/[^0-9*]/g, '');
}

/**
 * Whether an account as an SMS states it (often masked: `***********4420`, `xx1234`) can be the
 * merchant's configured account. Compared right-aligned digit by digit, masked places skipped,
 * and at least four digits must agree. Wallet numbers match across `+92`, `92` and `0` prefixes.
 */
export function accountMatches(configured: string, stated: string): boolean {
  const mine = localNumber(canonical(configured).replace(/\*/g, ''));
  const theirs = localNumber(canonical(stated.replace(/x/gi, '*')));
  let compared = 0;
  for (let i = 1; i <= Math.min(mine.length, theirs.length); i++) {
    const digit = theirs[theirs.length - i];
    if (digit === '*') continue;
    if (digit !== mine[mine.length - i]) return false;
    compared++;
  }
  return compared >= MIN_DIGITS_COMPARED;
}

/** Pakistani mobile numbers: 923001234567 and 03001234567 are the same wallet. */
function localNumber(digits: string): string {
  if (/^92\d{10}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^0092\d{10}$/.test(digits)) return `0${digits.slice(4)}`;
  return digits;
}

export function receivedByMerchant(configured: readonly string[] | undefined, stated: string | null): boolean {
  if (!configured || configured.length === 0) return true;
  return stated !== null && configured.some((account) => accountMatches(account, stated));
}
