import { REFERENCE_LABELS, REFERENCE_SEPARATOR } from '../lexicon/labels';
import { PhraseBook } from '../lexicon/phrases';
import { foldUnicode, Span } from '../normalise/text';

const LEADING_LABEL =
  /^(?:TID|TRX ?ID|TXN ?ID|TX ?ID|TRANSACTION ?ID|REF(?:ERENCE)?(?: ?(?:NO|NUMBER|#))?|RRN)(?: *[:#.-] *| +)(?=\d)/;
const NOT_ALPHANUMERIC = /[^A-Z0-9]/g;
/** Capitals and digits only: already canonical (no label can lead it without a separator). */
const CANONICAL = /^[A-Z0-9]*$/;
const MAX_REFERENCE_LENGTH = 40;
const VALUE = String.raw`(?<value>[A-Za-z0-9](?:[A-Za-z0-9-]{0,58}[A-Za-z0-9])?)(?![A-Za-z0-9*/])`;
/** Each label's kind is its rank, the index of the first list of REFERENCE_LABELS that holds it. */
const LABELS = new PhraseBook(REFERENCE_LABELS.map((labels, rank) => [rank, labels] as const));
const VALUE_AFTER_LABEL = new RegExp(`${REFERENCE_SEPARATOR}${VALUE}`, 'iy');
const LOCAL_MOBILE = /^03\d{9}$/;
/** "923001234567" is a phone after a bare "ID", but a twelve-digit TID or RRN may start with 92 too. */
const INTERNATIONAL_MOBILE = /^923\d{9}$/;
const BARE_ID_RANK = REFERENCE_LABELS.length - 1;
const CNIC = /^\d{5}-\d{7}-\d$/;
const DATE_LIKE = /^\d{1,4}-(?:\d{1,2}|[A-Za-z]{3})-\d{2,4}$/;
/** "0300XXXX871": a masked phone or account, never a payment's reference. */
const MASKED = /[xX]{2,}/;

/**
 * Canonical transaction reference, applied alike to SMS references and merchant-submitted ones: folds Unicode
 * and Urdu/Arabic-Indic digits to ASCII, uppercases, drops a leading label (`TID:`, `Trx ID`, `Ref #`) and
 * every character that is not A–Z or 0–9; leading zeros are kept. Idempotent.
 */
export function normalizeReference(raw: string): string {
  if (CANONICAL.test(raw)) return raw;
  return foldUnicode(raw).toUpperCase().trim().replace(LEADING_LABEL, '').replace(NOT_ALPHANUMERIC, '');
}

/** A value after a reference label; rank 0 is a transaction id, 1 a retrieval reference, 2 a trace number, 3 a bare "ID". */
export interface ReferenceMention {
  readonly rank: number;
  readonly label: string;
  readonly value: string;
  readonly span: Span;
}

/** Whether a value after a label of `rank` can be a payment reference: digits in it, not too long, and not a phone, CNIC or date. */
function isReference(value: string, rank: number): boolean {
  const canonical = normalizeReference(value);
  return (
    /\d/.test(canonical) &&
    canonical.length >= 4 &&
    canonical.length <= MAX_REFERENCE_LENGTH &&
    !LOCAL_MOBILE.test(canonical) &&
    !(rank === BARE_ID_RANK && INTERNATIONAL_MOBILE.test(canonical)) &&
    !CNIC.test(value) &&
    !DATE_LIKE.test(value) &&
    !MASKED.test(value)
  );
}

/** Every value written after a known reference label, in order. */
export function findReferences(text: string): ReferenceMention[] {
  const found: ReferenceMention[] = [];
  for (const { kind: rank, text: label, span } of LABELS.scan(text)) {
    VALUE_AFTER_LABEL.lastIndex = span[1];
    const value = VALUE_AFTER_LABEL.exec(text)?.groups?.value;
    if (value === undefined || !isReference(value, rank)) continue;
    const end = VALUE_AFTER_LABEL.lastIndex;
    found.push({ rank, label, value, span: [end - value.length, end] });
  }
  return found;
}
