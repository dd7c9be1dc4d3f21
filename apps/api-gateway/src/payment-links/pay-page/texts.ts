import { Gateway } from '@pvs/contracts';
import { LinkAvailability } from '@pvs/domain';

export const LANGUAGES = ['en', 'ur'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What the payer reads, in each language the page speaks. */
export interface PageTexts {
  readonly direction: 'ltr' | 'rtl';
  readonly otherLanguage: { readonly code: Language; readonly name: string };
  readonly payTo: string;
  readonly amount: string;
  readonly enterAmount: (min: string, max: string) => string;
  readonly howToPay: string;
  readonly gatewayNames: Readonly<Record<Gateway, string>>;
  readonly sendTo: Readonly<Record<Gateway, string>>;
  readonly noAccount: string;
  readonly raastQr: string;
  readonly raastQrAlt: (merchant: string) => string;
  readonly copy: string;
  readonly copied: string;
  readonly afterPaying: string;
  readonly paidWith: string;
  readonly transactionId: string;
  readonly transactionIdHelp: Readonly<Record<Gateway, string>>;
  readonly payerName: string;
  readonly payerPhone: string;
  readonly optional: string;
  readonly payerDataNote: string;
  readonly submit: string;
  readonly unavailable: Readonly<Record<Exclude<LinkAvailability, 'open'> | 'not_found', string>>;
  readonly status: Readonly<Record<'pending' | 'verified' | 'manual_review' | 'failed', { readonly title: string; readonly next: string }>>;
  readonly reference: string;
  readonly backToShop: string;
  readonly refreshing: string;
  readonly problems: Readonly<Record<PayProblem, string>>;
}

/** What can be wrong with a payer's form, each said in the payer's language. */
export type PayProblem =
  | 'choose_gateway'
  | 'enter_transaction_id'
  | 'transaction_id_invalid'
  | 'enter_amount'
  | 'amount_out_of_range'
  | 'amount_differs'
  | 'name_invalid'
  | 'phone_invalid'
  | 'already_registered'
  | 'link_closed'
  | 'too_many'
  | 'try_again';

const EN: PageTexts = {
  direction: 'ltr',
  otherLanguage: { code: 'ur', name: 'اردو' },
  payTo: 'Pay to',
  amount: 'Amount',
  enterAmount: (min, max) => `Enter the amount you pay (Rs ${min} to Rs ${max})`,
  howToPay: '1. Pay in your own app',
  gatewayNames: { wallet_one: 'JazzCash', wallet_two: 'Easypaisa', bank: 'Bank transfer (Raast or IBFT)' },
  sendTo: {
    wallet_one: 'Send money to this JazzCash account:',
    wallet_two: 'Send money to this Easypaisa account:',
    bank: 'Transfer to this account (IBAN or Raast ID):',
  },
  noAccount: 'Ask the merchant for the account to pay.',
  raastQr: 'Or scan this Raast QR code in your banking app:',
  raastQrAlt: (merchant) => `Raast QR code to pay ${merchant}`,
  copy: 'Copy',
  copied: 'Copied',
  afterPaying: '2. Then tell us the transaction id',
  paidWith: 'I paid with',
  transactionId: 'Transaction id (TID)',
  transactionIdHelp: {
    wallet_one: 'In the SMS JazzCash sent you, after "TID" or "Trx ID": usually 11 or 12 digits.',
    wallet_two: 'In the SMS Easypaisa sent you, after "Trx ID": usually 11 digits.',
    bank: "In your bank's confirmation or SMS: the transaction reference, RRN or Raast ID of the transfer.",
  },
  payerName: 'Your name',
  payerPhone: 'Your mobile number',
  optional: '(optional)',
  payerDataNote: 'Your name and number are shown to this merchant only.',
  submit: 'I have paid: check my payment',
  unavailable: {
    not_found: 'This payment link does not exist. Check the link the merchant sent you.',
    disabled: 'This payment link no longer takes payments. Ask the merchant for a new one.',
    expired: 'This payment link has expired. Ask the merchant for a new one.',
    used_up: 'This payment link has already been used. Ask the merchant for a new one.',
  },
  status: {
    pending: {
      title: 'Checking your payment',
      next: 'We are waiting for the payment confirmation to reach the merchant. This usually takes under a minute; this page updates by itself. You can close it: the merchant is told either way.',
    },
    verified: { title: 'Payment verified', next: 'The merchant has received your payment. Thank you.' },
    manual_review: {
      title: 'The merchant will check this payment',
      next: 'Something about the payment did not match (for example the amount). The merchant will look at it and contact you. You do not need to pay again.',
    },
    failed: {
      title: 'Payment not verified',
      next: 'No payment with this transaction id reached the merchant in time, or the merchant declined it. If money left your account, contact the merchant with your transaction id.',
    },
  },
  reference: 'Transaction id',
  backToShop: 'Back to the shop',
  refreshing: 'This page refreshes every few seconds.',
  problems: {
    choose_gateway: 'Choose how you paid.',
    enter_transaction_id: 'Enter the transaction id from your payment SMS.',
    transaction_id_invalid: 'The transaction id must be letters and digits, at most 64 characters.',
    enter_amount: 'Enter the amount you paid.',
    amount_out_of_range: 'The amount is outside what this link takes.',
    amount_differs: 'This transaction id was already sent with another amount. Check the amount.',
    name_invalid: 'The name must be plain text, at most 100 characters.',
    phone_invalid: 'The mobile number must be digits, like 03001234567.',
    already_registered: 'This transaction id is already registered with the merchant. Contact them about it.',
    link_closed: 'This payment link no longer takes payments.',
    too_many: 'Too many attempts. Wait a minute and try again.',
    try_again: 'Something went wrong. Please try again.',
  },
};

const UR: PageTexts = {
  direction: 'rtl',
  otherLanguage: { code: 'en', name: 'English' },
  payTo: 'ادائیگی برائے',
  amount: 'رقم',
  enterAmount: (min, max) => `ادا کی جانے والی رقم لکھیں (${min} روپے سے ${max} روپے تک)`,
  howToPay: '۱۔ اپنی ایپ سے ادائیگی کریں',
  gatewayNames: { wallet_one: 'جاز کیش', wallet_two: 'ایزی پیسہ', bank: 'بینک ٹرانسفر (راست یا آئی بی ایف ٹی)' },
  sendTo: {
    wallet_one: 'اس جاز کیش اکاؤنٹ میں رقم بھیجیں:',
    wallet_two: 'اس ایزی پیسہ اکاؤنٹ میں رقم بھیجیں:',
    bank: 'اس اکاؤنٹ میں ٹرانسفر کریں (آئی بین یا راست آئی ڈی):',
  },
  noAccount: 'ادائیگی کے لیے اکاؤنٹ دکاندار سے پوچھیں۔',
  raastQr: 'یا اپنی بینکنگ ایپ میں یہ راست کیو آر کوڈ اسکین کریں:',
  raastQrAlt: (merchant) => `${merchant} کو ادائیگی کے لیے راست کیو آر کوڈ`,
  copy: 'کاپی کریں',
  copied: 'کاپی ہو گیا',
  afterPaying: '۲۔ پھر ٹرانزیکشن آئی ڈی بتائیں',
  paidWith: 'میں نے ادائیگی کی',
  transactionId: 'ٹرانزیکشن آئی ڈی (TID)',
  transactionIdHelp: {
    wallet_one: 'جاز کیش کے ایس ایم ایس میں "TID" یا "Trx ID" کے بعد: عموماً ۱۱ یا ۱۲ ہندسے۔',
    wallet_two: 'ایزی پیسہ کے ایس ایم ایس میں "Trx ID" کے بعد: عموماً ۱۱ ہندسے۔',
    bank: 'بینک کی تصدیق یا ایس ایم ایس میں: ٹرانسفر کا ریفرنس، آر آر این یا راست آئی ڈی۔',
  },
  payerName: 'آپ کا نام',
  payerPhone: 'آپ کا موبائل نمبر',
  optional: '(اختیاری)',
  payerDataNote: 'آپ کا نام اور نمبر صرف اسی دکاندار کو دکھایا جاتا ہے۔',
  submit: 'میں نے ادائیگی کر دی: میری ادائیگی چیک کریں',
  unavailable: {
    not_found: 'یہ پیمنٹ لنک موجود نہیں۔ دکاندار کا بھیجا ہوا لنک چیک کریں۔',
    disabled: 'یہ پیمنٹ لنک اب ادائیگیاں نہیں لیتا۔ دکاندار سے نیا لنک مانگیں۔',
    expired: 'اس پیمنٹ لنک کی مدت ختم ہو چکی ہے۔ دکاندار سے نیا لنک مانگیں۔',
    used_up: 'یہ پیمنٹ لنک استعمال ہو چکا ہے۔ دکاندار سے نیا لنک مانگیں۔',
  },
  status: {
    pending: {
      title: 'آپ کی ادائیگی چیک کی جا رہی ہے',
      next: 'ہم ادائیگی کی تصدیق دکاندار تک پہنچنے کا انتظار کر رہے ہیں۔ عموماً ایک منٹ سے کم لگتا ہے؛ یہ صفحہ خود بخود اپ ڈیٹ ہوتا ہے۔ آپ اسے بند کر سکتے ہیں: دکاندار کو ہر صورت اطلاع مل جائے گی۔',
    },
    verified: { title: 'ادائیگی کی تصدیق ہو گئی', next: 'دکاندار کو آپ کی ادائیگی مل گئی ہے۔ شکریہ۔' },
    manual_review: {
      title: 'دکاندار یہ ادائیگی خود چیک کرے گا',
      next: 'ادائیگی میں کچھ میل نہیں کھایا (مثلاً رقم)۔ دکاندار اسے دیکھ کر آپ سے رابطہ کرے گا۔ دوبارہ ادائیگی نہ کریں۔',
    },
    failed: {
      title: 'ادائیگی کی تصدیق نہیں ہوئی',
      next: 'اس ٹرانزیکشن آئی ڈی کی کوئی ادائیگی وقت پر دکاندار تک نہیں پہنچی، یا دکاندار نے اسے رد کر دیا۔ اگر آپ کے اکاؤنٹ سے رقم کٹ گئی ہے تو ٹرانزیکشن آئی ڈی کے ساتھ دکاندار سے رابطہ کریں۔',
    },
  },
  reference: 'ٹرانزیکشن آئی ڈی',
  backToShop: 'دکان پر واپس جائیں',
  refreshing: 'یہ صفحہ ہر چند سیکنڈ بعد تازہ ہوتا ہے۔',
  problems: {
    choose_gateway: 'بتائیں کہ آپ نے کس طرح ادائیگی کی۔',
    enter_transaction_id: 'ادائیگی کے ایس ایم ایس سے ٹرانزیکشن آئی ڈی لکھیں۔',
    transaction_id_invalid: 'ٹرانزیکشن آئی ڈی صرف حروف اور ہندسوں پر مشتمل ہو، زیادہ سے زیادہ ۶۴ حروف۔',
    enter_amount: 'ادا کی گئی رقم لکھیں۔',
    amount_out_of_range: 'یہ رقم اس لنک کی حد سے باہر ہے۔',
    amount_differs: 'یہ ٹرانزیکشن آئی ڈی پہلے کسی اور رقم کے ساتھ بھیجی جا چکی ہے۔ رقم چیک کریں۔',
    name_invalid: 'نام سادہ متن ہو، زیادہ سے زیادہ ۱۰۰ حروف۔',
    phone_invalid: 'موبائل نمبر ہندسوں میں لکھیں، جیسے 03001234567۔',
    already_registered: 'یہ ٹرانزیکشن آئی ڈی دکاندار کے پاس پہلے سے درج ہے۔ ان سے رابطہ کریں۔',
    link_closed: 'یہ پیمنٹ لنک اب ادائیگیاں نہیں لیتا۔',
    too_many: 'بہت زیادہ کوششیں۔ ایک منٹ انتظار کر کے دوبارہ کوشش کریں۔',
    try_again: 'کچھ غلط ہو گیا۔ براہ کرم دوبارہ کوشش کریں۔',
  },
};

export const TEXTS: Readonly<Record<Language, PageTexts>> = { en: EN, ur: UR };

/** The page's language: `?lang=` when it names one, else the first of the browser's languages the page speaks, else English. */
export function languageOf(query: unknown, acceptLanguage: string | undefined): Language {
  if (query === 'en' || query === 'ur') return query;
  for (const range of (acceptLanguage ?? '').split(',')) {
    const primary = range.trim().split(/[-;]/)[0].toLowerCase();
    if (primary === 'en' || primary === 'ur') return primary;
  }
  return 'en';
}
