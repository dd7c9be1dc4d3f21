import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, mobile, NAME, ofInstitution, reference, SmsTemplate, TIME, URDU_BALANCE, URDU_MONEY, URDU_NAME, wording } from './template';

const EASYPAISA = ofInstitution('easypaisa');
const TRX_ID = reference(10, 11);
const YOU_HAVE_RECEIVED = marker(String.raw`You have Received`);

export const WALLET_TWO_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...EASYPAISA,
    id: 'wallet_two.wallet_in',
    signature: YOU_HAVE_RECEIVED,
    pattern: wording`Trx ID ?:? ?${TRX_ID}\. You have Received (?:${CURRENCY})?${AMOUNT} from ${NAME} with Easypaisa Account ${mobile('payerNumber')} and your new Easypaisa account balance is ${CURRENCY}${BALANCE}`,
    examples: [
      {
        text: 'Trx ID 5944229251. You have Received Rs 10.00 from SADIA with Easypaisa Account 923336126632 and your new Easypaisa account balance is Rs. 10.49.',
        amount: '10.00',
        reference: '5944229251',
        balance: '10.49',
        payer: { name: 'SADIA', number: '923336126632' },
      },
      {
        text: 'Trx ID 15072938169. You have Received 500.00 from NOMAN ASHRAF with Easypaisa Account 0340-8932674 and your new Easypaisa account balance is RS. 100000.00',
        amount: '500.00',
        reference: '15072938169',
        balance: '100000.00',
        payer: { name: 'NOMAN ASHRAF', number: '0340-8932674' },
      },
    ],
  },
  {
    ...EASYPAISA,
    id: 'wallet_two.bank_in',
    signature: YOU_HAVE_RECEIVED,
    pattern: wording`Trx ID ?:? ?${TRX_ID}\. You have Received ${CURRENCY}${AMOUNT} from ${NAME} in your Easypaisa Account\.? Fee for this transaction is ${CURRENCY}\d[\d,.]{0,12}\. Your new Easypaisa Account balance is ${CURRENCY}${BALANCE}`,
    examples: [
      {
        text: 'Trx ID 5794455210. You have Received Rs. 200.00 from TMFB in your Easypaisa Account  Fee for this transaction is Rs. 0.00. Your new Easypaisa Account balance is Rs. 252.00',
        amount: '200.00',
        reference: '5794455210',
        balance: '252.00',
        payer: { name: 'TMFB' },
      },
    ],
  },
  {
    ...EASYPAISA,
    id: 'wallet_two.raast_in',
    signature: marker(String.raw`via Raast Payment on`),
    pattern: wording`Dear [A-Za-z][A-Za-z .'-]{0,59}?, You have received ${CURRENCY}${AMOUNT} in your Easypaisa account ${account('receivingAccount')} from ${NAME} ${account('payerAccount')} via Raast Payment on ${DATE} at ${TIME}\. Trx ID ?: ?${TRX_ID}`,
    examples: [
      {
        text: 'Dear BILAL HASSAN STORE, You have received Rs.3,750 in your Easypaisa account ***********4420 from HUMA RIAZ PK**UNIL0109****7613 via Raast Payment on 22-06-2026 at 04:18:31. Trx ID: 51649571871',
        amount: '3,750',
        reference: '51649571871',
        payer: { name: 'HUMA RIAZ', account: 'PK**UNIL0109****7613' },
        receivingAccount: '***********4420',
        occurredAt: '2026-06-22T04:18:31+05:00',
      },
    ],
  },
  {
    ...EASYPAISA,
    id: 'wallet_two.account_in',
    signature: YOU_HAVE_RECEIVED,
    pattern: wording`You have Received ${CURRENCY}${AMOUNT} from ${NAME} in your Easypaisa Account No\.? ?${mobile('receivingAccount')}\.? Trx ID ?:? ?${TRX_ID}`,
    examples: [
      {
        text: 'You have Received Rs.1,200.00 from ZUBAIR AHMED in your Easypaisa Account No. 03451239876. Trx ID 41822093317',
        amount: '1,200.00',
        reference: '41822093317',
        payer: { name: 'ZUBAIR AHMED' },
        receivingAccount: '03451239876',
      },
    ],
  },
  {
    ...EASYPAISA,
    id: 'wallet_two.wallet_in.roman_urdu',
    signature: marker(String.raw`se (?:mosool|mosul|wasool|wasul|mausool) (?:huay|hue|hoye|hoe)`),
    pattern: wording`(?:Aap|Ap) ko ${CURRENCY}${AMOUNT} ${NAME} ${mobile('payerNumber')} se (?:mosool|mosul|wasool|wasul|mausool) (?:huay|hue|hoye|hoe)(?: hain)?\. Trx ID ?:? ?${TRX_ID}\. (?:Aap|Ap) ka naya (?:Easypaisa )?balance ${CURRENCY}${BALANCE} hai`,
    examples: [
      {
        text: 'Aap ko Rs 1,000.00 NAZIA PARVEEN 03451234567 se mosool hue. Trx ID 12345678901. Aap ka naya Easypaisa balance Rs 2,500.00 hai.',
        amount: '1,000.00',
        reference: '12345678901',
        balance: '2,500.00',
        payer: { name: 'NAZIA PARVEEN', number: '03451234567' },
      },
    ],
  },
  {
    ...EASYPAISA,
    id: 'wallet_two.wallet_in.urdu',
    signature: marker('موصول ہوئے'),
    pattern: wording`آپ کو ${URDU_NAME} ${mobile('payerNumber')} سے ${URDU_MONEY} موصول ہوئے\. (?:Trx ID|ٹرانزیکشن آئی ڈی) ?:? ?${TRX_ID}\. آپ کا نیا (?:Easypaisa|ایزی پیسہ) بیلنس ${URDU_BALANCE} ہے`,
    examples: [
      {
        text: 'آپ کو نازیہ پروین 03451234567 سے ۱,۰۰۰.۰۰ روپے موصول ہوئے۔ Trx ID ۱۲۳۴۵۶۷۸۹۰۱۔ آپ کا نیا ایزی پیسہ بیلنس ۲,۵۰۰.۰۰ روپے ہے۔',
        amount: '1,000.00',
        reference: '12345678901',
        balance: '2,500.00',
        payer: { name: 'نازیہ پروین', number: '03451234567' },
      },
    ],
  },
];
