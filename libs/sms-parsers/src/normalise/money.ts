import { foldUnicode } from './text';

export type MoneyReading =
  | { readonly kind: 'exact'; readonly paisa: number }
  | { readonly kind: 'ambiguous' }
  | { readonly kind: 'invalid' };

const INVALID: MoneyReading = { kind: 'invalid' };
const AMBIGUOUS: MoneyReading = { kind: 'ambiguous' };
const MONEY_SHAPE = /^\d[\d,.]{0,24}$/;
const CURRENCY_PREFIX = /^(?:rs|pkr)\.? ?/i;
const MAX_RUPEE_DIGITS = 12;
/** The common shapes ("500", "2,000.00", "10.5"), valid by their form alone: read in one pass, without splitting. */
const PLAIN = /^(?:[1-9]\d{0,2}(?:,\d{3}){1,3}|0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

function count(text: string, mark: number): number {
  let total = 0;
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) === mark) total += 1;
  return total;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Thousands (`1,250,000`) or lakh grouping (`12,50,000`: threes at the end, twos before), never mixed. */
function validGroups(groups: readonly string[]): boolean {
  // Every caller's text begins with a digit, so the first group is never empty.
  const [first = '', ...rest] = groups;
  if (rest.length === 0) return first.length === 1 || first[0] !== '0';
  if (first.length > 3 || first[0] === '0' || rest[rest.length - 1]?.length !== 3) return false;
  const middle = rest.slice(0, -1);
  return middle.every((group) => group.length === 3) || (first.length <= 2 && middle.every((group) => group.length === 2));
}

function accumulate(paisa: number, digits: string): number {
  let total = paisa;
  for (let index = 0; index < digits.length; index += 1) total = total * 10 + (digits.charCodeAt(index) - 48);
  return total;
}

function exact(groups: readonly string[], fraction: string): MoneyReading {
  if (!validGroups(groups)) return INVALID;
  const rupees = groups.join('');
  if (rupees.length > MAX_RUPEE_DIGITS) return INVALID;
  return { kind: 'exact', paisa: accumulate(accumulate(0, rupees), fraction.padEnd(2, '0')) };
}

function plainPaisa(text: string): number {
  let paisa = 0;
  let fractionDigits = -1;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 46) fractionDigits = 0;
    else if (isDigit(code)) {
      paisa = paisa * 10 + (code - 48);
      if (fractionDigits >= 0) fractionDigits += 1;
    }
  }
  // Rupees alone are hundreds of paisa; one decimal is tens.
  return fractionDigits <= 0 ? paisa * 100 : fractionDigits === 1 ? paisa * 10 : paisa;
}

/** How strictly money is read: an SMS may print a third decimal of zero (`5000.000`); an amount given to us may not. */
interface Reading {
  readonly threeDecimals: boolean;
}

const IN_AN_SMS: Reading = { threeDecimals: true };

/** A third decimal of zero is no part of a paisa, where the writing allows it; any other is. */
function threeDecimals(groups: readonly string[], fraction: string, how: Reading): MoneyReading {
  return how.threeDecimals && fraction.endsWith('0') ? exact(groups, fraction.slice(0, 2)) : INVALID;
}

function readDotted(text: string, dots: number, how: Reading): MoneyReading {
  const parts = text.split('.');
  const last = parts[parts.length - 1] ?? '';
  if (dots === 1) {
    const rupees = parts[0] ?? '';
    if (last.length === 1 || last.length === 2) return exact([rupees], last);
    if (last.length !== 3) return INVALID;
    // `1.500` may be rupees with a thousands dot; `5000.000` cannot (a thousands group has at most three digits).
    return rupees.length <= 3 && rupees !== '0' ? AMBIGUOUS : threeDecimals([rupees], last, how);
  }
  if (last.length === 1 || last.length === 2) return exact(parts.slice(0, -1), last);
  if (last.length === 3) return exact(parts, '');
  return INVALID;
}

/**
 * Reads written money (`1,499`, `1499.00`, `1,25,000.00`, `55.000.00`, `1,499/-`, `5000.000`) digit by digit into
 * integer paisa. `1.500` is ambiguous (1.50 or 1,500); malformed grouping such as `14,99`, and a fraction of a paisa
 * (`1,000.125`), are invalid.
 */
export function readMoney(written: string, how: Reading = IN_AN_SMS): MoneyReading {
  let text = written.trim();
  if (text.endsWith('/-') || text.endsWith('/=')) text = text.slice(0, -2);
  if (PLAIN.test(text)) return { kind: 'exact', paisa: plainPaisa(text) };
  if (!MONEY_SHAPE.test(text) || !isDigit(text.charCodeAt(text.length - 1))) return INVALID;
  const dots = count(text, 46);
  const commas = count(text, 44);
  if (commas === 0) return dots === 0 ? exact([text], '') : readDotted(text, dots, how);
  if (dots > 1) return INVALID;
  const [rupees = '', fraction = ''] = text.split('.');
  if (dots === 1 && fraction.length === 3) return threeDecimals(rupees.split(','), fraction, how);
  if (dots === 1 && (fraction.length === 0 || fraction.length > 2)) return INVALID;
  return exact(rupees.split(','), fraction);
}

function numberToText(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`not a finite amount: ${amount}`);
  const text = String(amount);
  if (text.includes('e')) throw new RangeError(`amount out of range for paisa: ${text}`);
  return text;
}

/**
 * Exact conversion of a PKR amount to integer paisa, reading its decimal text (never `amount * 100`).
 * Accepts numbers and money text (`"Rs 1,499/-"`, `"PKR 1,499.00"`); throws RangeError on more than
 * two decimals, ambiguous or malformed text.
 */
export function toPaisa(amount: number | string): number {
  const text = typeof amount === 'number' ? numberToText(amount) : foldUnicode(amount).trim();
  const negative = text.startsWith('-');
  const reading = readMoney((negative ? text.slice(1) : text).replace(CURRENCY_PREFIX, ''), { threeDecimals: false });
  if (reading.kind !== 'exact') throw new RangeError(`not an exact PKR amount: ${JSON.stringify(amount)}`);
  return negative && reading.paisa !== 0 ? -reading.paisa : reading.paisa;
}
