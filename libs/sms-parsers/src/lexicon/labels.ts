/**
 * The labels that say what a number in an alert is, as data, in the phrase dialect of `wordings.ts`.
 * Reference labels are ranked: a transaction id is the payment's reference; a retrieval reference (RRN, a Raast message id) only when
 * there is none; a trace number (STAN) after that, and a bare "ID:" last.
 */
export const REFERENCE_LABELS: readonly (readonly string[])[] = [
  [
    'tid', 'tids', 'trx', 'txn', 'trxid', 'txid', 'txnid', 'txnref',
    '(?:trx|txn|tx|trans|tran|transaction)\\.? ?(?:id|#|no|number|ref|reference|code)(?:\\.? ?(?:no|number|#))?',
    'ref', 'ref\\.? ?(?:no|#|id|num)', 'reference', 'reference ?(?:no|number|#|id|code)',
    'raast ?(?:id|ref|reference|trx id|tid)', 'p2p ?id', 'ft ?(?:ref|id|no)', 'ibft ?(?:ref|id|no)', 'receipt ?(?:no|#|id)',
    'confirmation ?(?:no|#|id|code)', 'tracking ?(?:id|no)', 'ٹرانزیکشن آئی ڈی', 'ٹرانزیکشن نمبر', 'ٹی آئی ڈی', 'حوالہ نمبر', 'حوالہ',
    'ریفرنس نمبر', 'ریفرنس',
  ],
  // A Raast message id (UBL's e-mail alerts: "MSGID: TMICFBPK…") counts as a retrieval reference.
  ['rrn', 'retrieval ref(?:erence)? (?:no|number)', 'msg ?id', 'message ?id'],
  ['stan', 'trace ?(?:no|number|id)'],
  ['id'],
];

/** What may stand between a reference label and its value. */
export const REFERENCE_SEPARATOR = String.raw`(?: ?(?:is|no\.?|#|:|=|-|\.)){0,3} ?`;

/** Labels before a money mention that make it the account's balance. */
export const BALANCE_LABELS: readonly string[] = [
  'bal', 'balance', 'avl', 'avail', 'available', 'ledger', 'closing', 'remaining', 'baqaya', 'بیلنس', 'بقایا',
];

/** Labels before a money mention that make it something other than the payment's amount or the balance. */
export const DECOY_MONEY_LABELS: readonly string[] = [
  'outstanding', 'fee', 'fees', 'charge', 'charges', 'tax', 'fed', 'wht', 'gst', 'excise', 'commission',
  'limit', 'limits', 'max', 'maximum', 'min', 'minimum', 'up ?to', 'upto', 'above', 'below', 'worth', 'exceeding',
  'pay only', 'only pay', 'total due', 'cashback', 'cash back', 'discount',
  'فیس', 'حد',
];

/** Labels before a money mention that name it as the transaction's amount. */
export const AMOUNT_LABELS: readonly string[] = ['amount', 'amt', 'amount of', 'sum of', 'txn amount', 'transaction amount', 'raqam', 'رقم'];

/** Words for an account, after "your" or before an account number. */
export const ACCOUNT_LABELS: readonly string[] = [
  'a/c', 'a/c no', 'a/c #', 'ac', 'ac no', 'acc', 'acct', 'account', 'account no', 'account number', 'account #', 'mobile account',
  'wallet', 'iban', 'اکاؤنٹ', 'اکاونٹ', 'کھاتہ',
];
