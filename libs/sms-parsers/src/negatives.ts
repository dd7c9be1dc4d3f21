import { SmsRejectionReason } from './sms.types';

interface RejectionRule {
  readonly reason: SmsRejectionReason;
  /** Every pattern must be present for the rule to apply. */
  readonly allOf: readonly RegExp[];
  /** Promotional wording is judged only when no template read the message: real credits carry promotional tails. */
  readonly promotional?: true;
}

const CREDIT_WORD = /\b(?:received|credited|added|deposited|mosool|mausool|wasool)\b|موصول/i;

const REJECTION_RULES: readonly RejectionRule[] = [
  { reason: 'otp_or_promo', allOf: [/\b(?:otp|one[ -]?time (?:password|pin|code)|verification code|security code|passcode)\b/i] },
  { reason: 'not_a_credit', allOf: [/\b(?:returned unpaid|dishono(?:u)?red|bounced|cheque return(?:ed)?)\b/i] },
  {
    reason: 'failed_transaction',
    allOf: [/\b(?:failed|unsuccessful|not successful|declined|rejected|could not be (?:processed|completed)|was not (?:completed|processed)|insufficient (?:balance|funds))\b|ناکام/i],
  },
  {
    reason: 'otp_or_promo',
    promotional: true,
    allOf: [/\b(?:offer|discount|congratulations|winner|lucky draw|free|promo|sale|deal|subscribe|download|install|apply now|limited time|dial \*|t ?& ?c)\b|\d{1,2} ?% /i],
  },
  { reason: 'not_a_credit', allOf: [/\b(?:revers(?:ed|al)|refund(?:ed)?|charge ?back|wapas)\b|واپس/i] },
  { reason: 'not_a_credit', allOf: [/\b(?:requested|request(?:s)? (?:you )?to pay|payment request|request money|money request|approve|approval)\b/i] },
  { reason: 'not_a_credit', allOf: [/\b(?:loan|ready ?cash|advance salary|disburs(?:ed|ement|al)|financing|qarz)\b|قرض/i] },
  { reason: 'not_a_credit', allOf: [/\b(?:cash ?back|bonus|reward|prize|inaam)\b|انعام|کیش بیک/i, CREDIT_WORD] },
  {
    reason: 'not_a_credit',
    allOf: [
      /\b(?:sent to|transferred to|paid to|paid at|you (?:have )?(?:paid|sent)|debited|withdrawn|withdrawal|purchase|spent|charged|deducted|bill payment|top ?up|recharged?|bheje?|bheji|bhej diye|ada kiye)\b|بھیجے|کٹوتی|ادا کی/i,
    ],
  },
];

const CREDIT_WORDING_RULES = REJECTION_RULES.filter((rule) => !rule.promotional);
const MULTIPART_MARKER = /^\(?\[?\d\/\d[)\]]? |[ (\[]\d\/\d[)\]]?$|\bpart \d of \d\b/i;
const REFERENCE_LABEL = /\b(?:TID|Trx ID|Tx ID|Txn ID|Transaction ID|Ref ?#|Ref No)\b/i;
const CURRENCY_MENTION = /\b(?:Rs|PKR)\b|روپے/i;
const CUT_SHORT = /(?:\.\.\.|…)$/;

/** Why a message from a trusted sender is not a customer's incoming payment, if a rule says so. */
export function rejectionFor(text: string, scope: 'whole_message' | 'credit_wording'): SmsRejectionReason | undefined {
  const rules = scope === 'whole_message' ? REJECTION_RULES : CREDIT_WORDING_RULES;
  return rules.find((rule) => rule.allOf.every((pattern) => pattern.test(text)))?.reason;
}

/** One part of a split SMS, or a message cut short: never read as a payment. */
export function isFragment(text: string): boolean {
  return (
    MULTIPART_MARKER.test(text) || CUT_SHORT.test(text) || (REFERENCE_LABEL.test(text) && !CURRENCY_MENTION.test(text))
  );
}
