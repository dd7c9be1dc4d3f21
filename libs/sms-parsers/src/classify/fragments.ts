// Each marker is read where it can stand (the start, the last few characters, anywhere), never by a search of the
// whole text for an end.
const PART_AT_START = /^\(?\[?\d\/\d[)\]]? /;
const PART_AT_END = /[ (\[]\d\/\d[)\]]?$/;
const PART_IN_WORDS = /\bpart \d of \d\b/i;
const REFERENCE_LABEL = /\b(?:TID|Trx ID|Tx ID|Txn ID|Transaction ID|Ref ?#|Ref No)\b/i;
const CURRENCY_MENTION = /(?<![A-Za-z])(?:Rs|PKR|Rupees|Rupay|Rupaye)(?![A-Za-z])|روپے|روپیہ|روپئے/i;
/** A message that stops on a word that cannot end one ("… from", "… TID:") was cut short. */
const DANGLING_END = /(?<![\p{L}\p{N}])(?:from|frm|to|in|into|of|at|on|via|by|with|and|the|your|tid|trx|txn|ref|no)[ :#]*$|[,(]$/iu;

const DANGLING_REACH = 24;
const PART_REACH = 6;

/** One part of a split SMS, or a message cut short: never read as a payment. */
export function isFragment(text: string): boolean {
  return (
    PART_AT_START.test(text) ||
    // Stryker disable next-line MethodExpression: the pattern is anchored at the end; the slice only saves reading the rest
    PART_AT_END.test(text.slice(-PART_REACH)) ||
    PART_IN_WORDS.test(text) ||
    text.endsWith('...') ||
    text.endsWith('…') ||
    // Stryker disable next-line MethodExpression: as above
    DANGLING_END.test(text.slice(-DANGLING_REACH)) ||
    (!CURRENCY_MENTION.test(text) && REFERENCE_LABEL.test(text))
  );
}
