import { foldUnicode } from './text';

const LEADING_LABEL =
  /^(?:TID|TRX ?ID|TXN ?ID|TX ?ID|TRANSACTION ?ID|REF(?:ERENCE)?(?: ?(?:NO|NUMBER|#))?|RRN)(?: *[:#.-] *| +)(?=\d)/;
const NOT_ALPHANUMERIC = /[^A-Z0-9]/g;

/**
 * Canonical transaction reference, applied alike to SMS references and merchant-submitted ones: folds Unicode
 * and Urdu/Arabic-Indic digits to ASCII, uppercases, drops a leading label (`TID:`, `Trx ID`, `Ref #`) and
 * every character that is not A–Z or 0–9; leading zeros are kept. Idempotent.
 */
export function normalizeReference(raw: string): string {
  return foldUnicode(raw).toUpperCase().trim().replace(LEADING_LABEL, '').replace(NOT_ALPHANUMERIC, '');
}
