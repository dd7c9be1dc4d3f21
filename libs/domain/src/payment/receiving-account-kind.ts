import { MIN_DIGITS_COMPARED } from './receiving-account';

/** In the order they are told apart: an 11-digit number starting 03 is a wallet's before it is a bank account. */
const KINDS = ['wallet_number', 'iban', 'bank_account', 'masked'] as const;
export type ReceivingAccountKind = (typeof KINDS)[number];

export type ReceivingAccountReading = { readonly accepted: true; readonly kind: ReceivingAccountKind } | { readonly accepted: false; readonly reason: string };

const BANK_ACCOUNT_DIGITS = { min: 6, max: 20 } as const;
const MAX_MASKED_PLACES = 16;

export const RECEIVING_ACCOUNT_KINDS =
  "a wallet's mobile number (03XXXXXXXXX, +923XXXXXXXXX or 923XXXXXXXXX), " +
  'an IBAN (PK, 2 check digits, 4 letters, 16 digits), ' +
  `a bank account number (${BANK_ACCOUNT_DIGITS.min}–${BANK_ACCOUNT_DIGITS.max} digits) ` +
  `or a masked number showing its last ${MIN_DIGITS_COMPARED} or more digits (****4567); a space or a dash may follow any character`;

/** `unit`, `times` times, each perhaps followed by one space or dash, as merchants group numbers. */
const spaced = (unit: string, times = '') => `(?:${unit}[ -]?)${times}`;
const literally = (text: string) => [...text].map((character) => spaced(character.replace(/[+*]/, '\\$&'))).join('');

const KIND_PATTERNS: Readonly<Record<ReceivingAccountKind, string>> = {
  wallet_number: `(?:${['+92', '0092', '92', '0'].map(literally).join('|')})${literally('3')}${spaced('\\d', '{9}')}`,
  iban: `${spaced('[Pp]')}${spaced('[Kk]')}${spaced('\\d', '{2}')}${spaced('[A-Za-z]', '{4}')}${spaced('\\d', '{16}')}`,
  bank_account: spaced('\\d', `{${BANK_ACCOUNT_DIGITS.min},${BANK_ACCOUNT_DIGITS.max}}`),
  // The mask first, then the visible tail: the matcher compares a configured account right-aligned, its masks dropped.
  masked: `${spaced('[*xX]', `{1,${MAX_MASKED_PLACES}}`)}${spaced('\\d', `{${MIN_DIGITS_COMPARED},${BANK_ACCOUNT_DIGITS.max}}`)}`,
};

/** Every accepted shape, as one regular expression (unanchored): the OpenAPI document's pattern. The IBAN's check digits are checked besides. */
export const RECEIVING_ACCOUNT_PATTERN = `(?:${KINDS.map((kind) => KIND_PATTERNS[kind]).join('|')})`;

const SHAPES = KINDS.map((kind) => [kind, new RegExp(`^${KIND_PATTERNS[kind]}$`)] as const);
const LOOKS_MASKED = /^[\d*xX -]*[*xX][\d*xX -]*$/;

const refused = (reason: string): ReceivingAccountReading => ({ accepted: false, reason });

/**
 * Which kind of account a merchant's configured receiving account is, or why it is none: only what the matcher can
 * tell apart from another account (at least four digits compared, right-aligned) is accepted.
 */
export function readReceivingAccount(entry: string): ReceivingAccountReading {
  const kind = SHAPES.find(([, shape]) => shape.test(entry))?.[0];
  if (kind === 'iban' && !ibanChecksumHolds(entry.replace(/[ -]/g, '').toUpperCase())) return refused('its IBAN check digits do not agree with the rest (a digit mistyped?)');
  if (kind) return { accepted: true, kind };
  if (/^[Pp][ -]?[Kk]/.test(entry)) return refused('an IBAN is PK, 2 check digits, 4 letters and 16 digits');
  if (LOOKS_MASKED.test(entry)) {
    return refused(`a masked number must show its last ${MIN_DIGITS_COMPARED} or more digits after the mask (****4567); digits before the mask cannot be compared`);
  }
  return refused(`expected ${RECEIVING_ACCOUNT_KINDS}`);
}

/** ISO 13616: the first four characters moved to the end, letters as 10–35, the number modulo 97 is 1. */
function ibanChecksumHolds(iban: string): boolean {
  let remainder = 0;
  for (const character of iban.slice(4) + iban.slice(0, 4)) {
    const value = Number.parseInt(character, 36);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}
