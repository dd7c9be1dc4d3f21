const MULTIPART_MARKER = /^\(?\[?\d\/\d[)\]]? |[ (\[]\d\/\d[)\]]?$|\bpart \d of \d\b/i;
const REFERENCE_LABEL = /\b(?:TID|Trx ID|Tx ID|Txn ID|Transaction ID|Ref ?#|Ref No)\b/i;
const CURRENCY_MENTION = /(?<![A-Za-z])(?:Rs|PKR|Rupees|Rupay|Rupaye)(?![A-Za-z])|روپے|روپیہ|روپئے/i;
const CUT_SHORT = /(?:\.\.\.|…)$/;
/** A message that stops on a word that cannot end one ("… from", "… TID:") was cut short. */
const DANGLING_END = /(?<![\p{L}\p{N}])(?:from|frm|to|in|into|of|at|on|via|by|with|and|the|your|tid|trx|txn|ref|no)[ :#]*$|[,(]$/iu;

const DANGLING_REACH = 24;

/** One part of a split SMS, or a message cut short: never read as a payment. */
export function isFragment(text: string): boolean {
  return (
    MULTIPART_MARKER.test(text) ||
    CUT_SHORT.test(text) ||
    DANGLING_END.test(text.slice(-DANGLING_REACH)) ||
    (REFERENCE_LABEL.test(text) && !CURRENCY_MENTION.test(text))
  );
}
