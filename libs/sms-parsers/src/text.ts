const NON_ASCII = /[^\x00-\x7F]/;
const EXTENDED_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
const UNICODE_PUNCTUATION = /[\u066B\u066C\u060C\u061B\u06D4\u2018\u2019\u201A\u201B\u201C\u201D\u2010-\u2015\u2212]/g;
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;
const WHITESPACE_RUN = /\s+/g;

const PUNCTUATION_EQUIVALENT: Readonly<Record<string, string>> = {
  '\u066B': '.',
  '\u066C': ',',
  '\u060C': ',',
  '\u061B': ';',
  '\u06D4': '.',
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u201C': '"',
  '\u201D': '"',
};

function asciiDigit(digit: string): string {
  const code = digit.charCodeAt(0);
  return String.fromCharCode(48 + (code >= 0x06f0 ? code - 0x06f0 : code - 0x0660));
}

/** Maps Urdu (Extended Arabic-Indic) and Arabic-Indic digits to ASCII digits. */
export function toAsciiDigits(text: string): string {
  return text.replace(EXTENDED_DIGIT, asciiDigit);
}

/** Compatibility-folds non-ASCII text (NBSP, full-width forms, Urdu digits, Unicode punctuation, invisible marks). */
export function foldUnicode(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return toAsciiDigits(text.normalize('NFKC'))
    .replace(INVISIBLE, '')
    .replace(UNICODE_PUNCTUATION, (mark) => PUNCTUATION_EQUIVALENT[mark] ?? '-');
}

/** The single-line form every template is written against: folded Unicode, one space between words. */
export function normalizeText(raw: string): string {
  return foldUnicode(raw).replace(WHITESPACE_RUN, ' ').trim();
}
