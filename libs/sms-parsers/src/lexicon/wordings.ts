/**
 * What the words of a payment alert say, as data. Each entry is a phrase of normalised text (one space between
 * words, case ignored) in a small regular-expression dialect: `(?:a|b)` for alternatives, `?` for an optional part.
 * A phrase matches whole words only; where phrases overlap, the longest is read ("sent you" is a credit even though
 * "sent" is a debit).
 */
export const WORDING_KINDS = [
  'credit',
  'statement',
  'uncollected',
  'debit',
  'failure',
  'reversal',
  'otp',
  'promotion',
  'request',
  'loan',
  'reward',
  'profit',
  'own_account',
  'card_payment',
  'safety',
] as const;
export type WordingKind = (typeof WORDING_KINDS)[number];

export const WORDINGS: Readonly<Record<WordingKind, readonly string[]>> = {
  credit: [
    'received', 'recieved', 'receieved', 'rcvd', 'recvd', 'recd', '(?:after|on|upon) receiving',
    'credited', 'credit(?:ed)? (?:to|in|into) your', 'credit of', 'credit alert', 'cr alert',
    'deposited', 'deposit(?:ed)? (?:in|into|to) your', 'cash deposit', 'cash ?-?in',
    '(?:transferred|sent|made|paid|added|moved) (?:to|in|into) your',
    // Meezan's and others' Raast credits: "received from F.ALI … as RAAST payment to your AC# …".
    '(?:raast|ibft|p2p) payment (?:to|in|into) your',
    '(?:has |have )?(?:sent|paid|transferred) you',
    '(?:sent|transferred|paid) (?:(?:rs|pkr)\\.? ?)?\\d[\\d,.]*(?:/-| ?(?:rs|pkr))? (?:to|in|into) your',
    'inward', 'incoming', 'ibft ?-?in', 'cha ?-?ching', "(?:you|you've|you have) got", 'money in',
    '(?:raast|ibft|p2p|eft|salary|pension|funds?|transfer) credit', 'credit(?= ?[:-]| (?:of )?(?:rs|pkr|\\d))', 'cr(?= ?\\.? ?(?:pkr|rs|\\d))',
    'salary (?:has been |was )?disbursed', '(?:has |have )?(?:reached|landed in|arrived in) your', 'just landed',
    // A request of the holder's that someone paid: "request" and "paid" here tell of money in.
    // Paid by someone else, never to a biller or by the holder ("… has been paid to K-Electric", "… paid by you").
    '(?:has |have )?paid your (?:payment |money )?request', 'your (?:payment|money) request has been paid by(?! you)',
    'your (?:payment|money) request of (?:(?:rs|pkr)\\.? ?)?\\d[\\d,.]*(?:/-| ?(?:rs|pkr))? has been paid by(?! you)',
    '(?:ne|نے) (?:aap|ap|آپ) ?(?:ko|ke|kay|کو|کے) (?:[^ ]+ ){0,8}?(?:bheje|bheji|bhejay|bhej diye|بھیجے|بھیجی)',
    // "(into your account) NADIA KHAN has sent": someone other than "you" (aap, آپ) sent it, into the account named before.
    '(?:mein|main|میں) (?:[^ ]+ ){0,3}?(?!(?:aap|ap|آپ) )[^ ]+ (?:ne|نے) (?:[^ ]+ ){0,4}?(?:bheje|bheji|bhejay|بھیجے|بھیجی)',
    '(?:credit|jama|transfer|deposit) (?:kar|kiye|kie|ho) (?:diye|diya|gaye|gae|gye|gya)', 'aa (?:gaye|gae|gaya|gayi|gye)',
    'mosool', 'mosul', 'mausool', 'mausul', 'moosool', 'wasool', 'wasul', 'wusool', 'wasol', 'wasolo',
    'mil (?:gaye|gae|gay|gye)', 'jama (?:ho|hue|huay|hoye|kiye|kie|kar)',
    'موصول', 'وصول', 'جمع', 'میں منتقل', 'منتقل (?:کیے|کئے|کر دیے) گئے', 'آ گئے',
  ],
  statement: [
    'last (?:credit|debit|txn|transaction|transactions)', 'mini ?-?statement', 'statement', 'balance (?:enquiry|inquiry)',
  ],
  uncollected: [
    'to (?:receive|claim|collect|redeem)', 'can be (?:collected|claimed|redeemed)', 'collect (?:it|the|your)', 'with your (?:original )?cnic',
    'hasil (?:karein|karen|kar)', 'dikha kar', 'open your (?:[a-z]+ ){0,2}account',
  ],
  debit: [
    'sent', 'send', 'debited', 'debit', 'withdrawn', 'withdrawal', 'withdraw', 'cash ?-?out', 'cashout',
    'paid', 'payment (?:to|at|for)', 'purchase', 'purchased', 'pos', 'spent', 'charged', 'deducted',
    'bill payment', 'bill paid', 'top ?-?up', 'recharge', 'recharged', 'mobile load', 'easyload', 'load of',
    '(?:transferred|transfer|moved|remitted) to', 'received by', 'from you',
    '(?:ibft|raast|transfer|payment|remittance)(?: of (?:rs|pkr)\\.? ?\\d[\\d,.]*(?:/-)?)? to(?! your| you)', 'your payment', 'your (?:[a-z]+ ){0,2}(?:transfer|payment) (?:of|to)',
    '(?:the )?beneficiary (?:account )?has been credited', 'credited to (?:the )?beneficiary', 'from your (?:[a-z]+ ){0,3}(?:a/c|ac|acc|acct|account|wallet)',
    'atm', 'issued', 'presented', 'drawn on (?:your )?(?:a/c|ac|acc|acct|account)',
    // A cheque presented against the holder's own account ("… clearing via cheque no … against A/C …").
    'clearing(?: [^ ]+){0,10}? against (?:your )?(?:a/c|acc|acct|account)', 'cheque(?: [^ ]+){0,10}? against (?:your )?(?:a/c|acc|acct|account)',
    'bheje', 'bheji', 'bhejay', 'bhej (?:diye|diya|di)', 'ada (?:kiye|ki|kiya)', 'nikale', 'nikalwaye',
    'بھیجے', 'بھیجی', 'ادا', 'کٹوتی', 'نکالے', 'کو منتقل',
  ],
  failure: [
    'failed', 'failure', 'unsuccessful', 'not successful', 'declined', 'rejected', 'could not', "couldn't", 'can not', 'cannot',
    '(?:was|were|has|have|is|are|could|can|will) not (?:been |be )?(?:successful|successfully|completed|processed|credited|received|sent|done|made|transferred|delivered)',
    'not (?:been )?(?:credited|completed|processed|received)', 'insufficient', 'unable to',
    'cancelled', 'canceled', 'timed out', 'time ?-?out', 'pending', 'on hold', 'in process', 'under process', 'held', 'scheduled',
    'will be (?:credited|transferred|deposited|processed|received|reflected)', 'next working day', 'on (?:its|the) way',
    '(?:can|may) take up to', 'to arrive', 'in progress', 'being (?:processed|credited|transferred)',
    'nakam', 'na ?kaam', 'nakaam', 'ناکام', 'منسوخ',
  ],
  reversal: [
    'reversed', 'reversal', 'reverse', 'rev\\.? of (?:[a-z]+ ){0,3}(?:chrg|charges?|fees?|txn|transaction)', 'refund', 'refunded', 'charge ?back', 'returned', 'return of', 'recalled', 'rolled back',
    'dishono(?:u)?red', 'bounced', 'unpaid', 'wapas', 'wapis', 'واپس',
  ],
  otp: [
    'otp', 'one ?-?time (?:password|pin|code|passcode)', 'verification code', 'security code', 'passcode', 'authentication code',
    'auth code', 'code is', 'pin is', 'tpin', 'mpin',
  ],
  promotion: [
    'offer', 'offers', 'discount', 'discounts', 'winner', 'won', 'win', 'lucky draw', 'free', 'send money', 'pay bills',
    'for (?:rs\\.? ?0|free)', 'zero fee', 'no fee', 'jeetein', 'jeeto',
    'promo', 'promotion', 'sale', 'deal', 'deals', 'subscribe', 'download', 'install', 'apply now', 'limited time',
    'dial', 'get', '\\d{1,3} ?%', 't ?& ?c', 't ?& ?cs', 'terms and conditions', 'avail', 'enjoy', 'earn', 'get up to', 'chance to', 'hurry',
    'order now', 'pesh ?kash', 'payen', 'paen', 'paayen', 'karein', 'karen', 'kijiye', 'bharain',
    'bharein', 'رعایت', 'آفر', 'کریں', 'پائیں',
  ],
  request: [
    'requested', 'request', 'requests', 'requesting', 'approve', 'approval', 'due', 'payable', 'overdue', 'reminder', 'bill', 'bills',
  ],
  loan: [
    'loan', 'loans', 'ready ?cash', 'advance salary', 'disbursed', 'disbursement', 'disbursal', 'financing', 'qarz', 'qarza',
    'easy ?cash', 'installment', 'instalment', 'emi', 'credit limit', 'overdraft', 'قرض', 'قرضہ',
  ],
  reward: [
    'cash ?back', 'bonus', 'reward', 'rewards', 'prize', 'inaam', 'commission', 'incentive', 'points', 'انعام', 'کیش بیک',
  ],
  profit: [
    'profit', 'profits', 'interest', 'dividend', 'dividends', 'div', 'cdc', 'munafa', 'return on', 'markup', 'hiba', 'منافع',
  ],
  own_account: [
    'own (?:account|accounts|a/c|ac|wallet)', 'between (?:your|own) accounts', 'self ?-?transfer', 'to self', 'from self',
    'from your (?:own|other|linked|bank|debit card|credit card|card)', 'load money', 'loaded', 'add money', 'money added',
    '(?:salaam|savings?|sub) ?-?(?:wallet|account)',
  ],
  card_payment: ['credit ?card', 'creditcard', 'card payment', 'card bill', 'card dues', 'card statement', 'payment of (?:(?:rs|pkr)\\.? ?)?\\d[\\d,.]*(?:/-| ?(?:rs|pkr))? (?:has been |is )?received on your (?:[a-z]+ ){0,2}card',
    'card \\d[\\dx*-]* payment'],
  safety: [
    'never share', 'do not share', "don't share", 'dont share', 'not share', 'beware', 'fraud', 'fraudsters', 'scam', 'scammers',
    '(?:if |in case )?(?:this |the )?(?:transaction |payment |txn )?(?:was |is |has been |were )?not (?:done|made|initiated|performed|authori[sz]ed|carried out|recogni[sz]ed) by you',
    'if you did not', "if you didn't", 'if you have not', 'if not you', 'not you',
    'report', 'helpline', 'call us', 'call', 'for (?:details|detail|info|information|queries|query|complaints?|help|assistance|more)',
    'contact', 'uan', 'stay safe', 'kabhi', 'nahi (?:maangta|mangta|poochta|puchta)', 'stay alert', 'be aware', 'never (?:asks?|requests?|calls?)', 'do not respond', 'ignore',
    'toll ?-?free',
    'share na', 'shair na', 'شیئر نہ', 'کسی کو نہ',
  ],
};

/**
 * The rejection each kind of non-payment wording gives, in the order they are judged. A reward that was credited
 * ("cashback has been credited") is not a payment before it is a promotion.
 */
export const NON_PAYMENT_REASONS = [
  ['otp', 'otp_or_promo'],
  ['reversal', 'not_a_credit'],
  ['failure', 'failed_transaction'],
  ['uncollected', 'not_a_credit'],
  ['statement', 'not_a_credit'],
  ['credited_reward', 'not_a_credit'],
  ['promotion', 'otp_or_promo'],
  ['request', 'not_a_credit'],
  ['loan', 'not_a_credit'],
  ['reward', 'not_a_credit'],
  ['profit', 'not_a_credit'],
  ['card_payment', 'not_a_credit'],
  ['own_account', 'not_a_credit'],
  ['debit', 'not_a_credit'],
] as const;

/**
 * Who the credit is addressed to: "your account", "you have received", "sent you", in English, Roman Urdu and Urdu.
 * A reading whose credit is addressed to the account holder names the merchant as the receiver.
 */
export const HOLDER_WORDINGS: readonly string[] = [
  'your (?:[a-z]+ ){0,3}(?:a/c|a/c no|ac|acc|acct|account|accounts|wallet|mobile account|iban)', 'your a/c',
  'you have received', 'you received', "you've received", 'you have been credited', 'you got',
  '(?:sent|paid|transferred) you', 'to you',
  'aap ko', 'ap ko', 'aapko', 'apko', 'aap ke', 'ap ke', 'aapke', 'apke', 'aap k', 'ap k', 'aap ka', 'ap ka',
  'آپ کو', 'آپ کے', 'آپکے', 'آپ کا', 'آپکو',
];

/**
 * A receiving account named as somebody's ("deposited in A/C of AHMED RAZA", "credited to the JazzCash account of
 * ZAINAB BIBI"), never "your" account: the credit is addressed to a third party, as in a depositor's receipt ("Your
 * deposit in A/C of AHMED RAZA …"), whatever else says "your".
 */
export const THIRD_PARTY_WORDINGS: readonly string[] = [
  '(?:in|into|to) (?:the )?(?:(?!your )[a-z]+ ){0,2}(?:a/c|ac|acc|acct|account|wallet)(?: no\\.?| number| title)? of',
];
