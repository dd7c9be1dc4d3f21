import { Span } from '../normalise/text';

/** A person's or business's name as written in a message: its words never count as wording ("ALI LOAN CENTRE"). */
export interface NameMention {
  readonly name: string;
  readonly span: Span;
}

const NAME_STOP = String.raw`(?:a/c|a\.c|ac|acc|acct|account|iban|via|on|with|in|into|at|to|through|thru|mobile|wallet|ref|tid|trx|txn|rrn|stan|for|dated|dt|has|have|had|is|was|are|were|credited|received|deposited|sent|debited|withdrawn|and|using|of|you|your|rs|pkr|se|ne)`;
/** A word of a name: an initial ("M."), or letters and digits with inner dots only ("sana.iqbal7@nayapay"). */
const NAME_WORD = String.raw`(?!${NAME_STOP}(?![\p{L}\p{N}]))(?:[A-Za-z]\.|[A-Za-z@][A-Za-z0-9'&*@_-]{0,24}(?:\.[A-Za-z0-9'&*@_-]+){0,3})`;
/** The fewest words, up to eight and none of them a word that ends a name, that a name's end follows ("ALI KHAN" in "from ALI KHAN via IBFT"). */
const NAME = String.raw`(?<name>${NAME_WORD}(?: ${NAME_WORD}){0,7}?)`;
const NAME_END = String.raw`(?= ${NAME_STOP}(?![\p{L}\p{N}])| ?[,;:(|/)"]| \d| ?\.(?: |$)| \*| PK[\dA-Z*]|$)`;
const PAYER = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:from|frm|sender|remitter|bhejne wala|bhejnay wala)(?: name)? ?:? (?!your(?![\p{L}]))(?:\(?(?:\+?92|0)3[\d*xX-]{7,11}\d\)? )?${NAME}${NAME_END}`, 'iu');
const PAYER_NUMBER = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:from|frm)(?: ${NAME_WORD}(?: ${NAME_WORD}){0,7}?)?,? \(?(?<number>(?:\+?92|0)3[\d*xX-]{7,11}\d)\)?`, 'iu');
const GREETING = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:dear|hi|hello|assalam o alaikum) ${NAME}(?= ?[,:.!])`, 'giu');
/** A greeting followed by anything but a generic addressee: only then can a greeting name the holder. */
// Stryker disable next-line Regex: a precheck before the full reading; a looser one costs only time
const NAMED_GREETING = /(?<![\p{L}\p{N}])(?:dear|hi|hello|assalam o alaikum) (?!(?:valued |respected )?(?:customer|client|user|member|merchant|account ?holder|pensioner|sir|madam|subscriber)s?(?![\p{L}\p{N}]))/iu;
const GENERIC_WORD = String.raw`(?:customer|client|user|member|merchant|account ?holder|pensioner|sir|madam|subscriber)s?`;
const GENERIC_ADDRESSEE = new RegExp(String.raw`^(?:valued |respected )?${GENERIC_WORD}\b|\b${GENERIC_WORD}$`, 'i');
/** "ADEEL RAZA, PKR …" or "ZAINAB FATIMA A/c # …": the holder named in capitals before the amount or the account. */
// Stryker disable next-line Regex: a precheck before the full reading; a looser one costs only time
const CAPITALS_BEFORE_AMOUNT = /[A-Z]{2}(?:, (?:PKR|Rs|\d)| A\/c ?#)/;
const CAPITAL_WORD = String.raw`(?!(?:ALERT|NOTIFICATION)(?![A-Z]))[A-Z][A-Z.'-]+`;
const LEADING_HOLDER = new RegExp(
  String.raw`(?<=^|[.:!,\])] |(?:[Aa]lert|ALERT|[Nn]otification) )(?<name>${CAPITAL_WORD}(?: ${CAPITAL_WORD}){1,4})(?=, (?:PKR|Rs|\d)| A\/c ?#)`,
  'u',
);

function mention(match: RegExpExecArray | null): NameMention | undefined {
  const name = match?.groups?.name;
  if (match === null || name === undefined) return undefined;
  const start = match.index + match[0].lastIndexOf(name);
  return { name, span: [start, start + name.length] };
}

/** Who paid, as "from NAME" writes it. */
export function findPayerName(text: string): NameMention | undefined {
  return mention(PAYER.exec(text));
}

/** The payer's mobile number, written after "from" with or without the payer's name. */
export function findPayerNumber(text: string): string | undefined {
  return PAYER_NUMBER.exec(text)?.groups?.number;
}

/**
 * The account holder's name: in a greeting ("Dear ALI KHAN,"), the first that is not a generic "Dear Customer", or in
 * capitals right before the amount or the account.
 */
export function findAddressee(text: string): NameMention | undefined {
  // Stryker disable next-line ConditionalExpression: a precheck; without it the loop finds the same names, only slower
  if (NAMED_GREETING.test(text)) for (const greeting of text.matchAll(GREETING)) {
    const addressee = mention(greeting);
    if (addressee !== undefined && !GENERIC_ADDRESSEE.test(addressee.name)) return addressee;
  }
  const leading = CAPITALS_BEFORE_AMOUNT.test(text) ? mention(LEADING_HOLDER.exec(text)) : undefined;
  return leading !== undefined && !GENERIC_ADDRESSEE.test(leading.name) ? leading : undefined;
}
