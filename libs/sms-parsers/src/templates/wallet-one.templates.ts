import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, mobile, NAME, ofInstitution, reference, SmsTemplate, TIME, URDU_BALANCE, URDU_MONEY, URDU_NAME, wording } from './template';

const JAZZCASH = ofInstitution('jazzcash');
const TID = reference(12, 12);

export const WALLET_ONE_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...JAZZCASH,
    id: 'wallet_one.raast_in',
    signature: marker(String.raw`received (?:from [^.]{1,80} )?in your JazzCash Mobile Account`),
    pattern: wording`${CURRENCY}${AMOUNT} received (?:from ${NAME} (?:AC|A\/C|IBAN) ${account('payerAccount')} )?in your JazzCash Mobile Account ?: ?${mobile('receivingAccount')} via Raast\. TID ?: ?${TID}`,
    examples: [
      {
        text: 'Rs 5,500.00 received in your JazzCash Mobile Account:03014455210 via Raast. TID: 716204418853',
        amount: '5,500.00',
        reference: '716204418853',
        receivingAccount: '03014455210',
      },
      {
        text: 'Rs 1,250.00 received from SANA IQBAL AC ***************210045871 in your JazzCash Mobile Account:03215566012 via Raast. TID: 717402215569',
        amount: '1,250.00',
        reference: '717402215569',
        payer: { name: 'SANA IQBAL', account: '***************210045871' },
        receivingAccount: '03215566012',
      },
    ],
  },
  {
    ...JAZZCASH,
    id: 'wallet_one.wallet_in',
    signature: marker(String.raw`, JazzCash Mobile Account`),
    pattern: wording`${CURRENCY}${AMOUNT} received from ${NAME}, JazzCash Mobile Account ?: ?${mobile('payerNumber')}(?: on ${DATE} at ${TIME})?\. TID ?: ?${TID}(?:\. (?:Your )?(?:new )?(?:JazzCash )?Balance(?: is)? ?:? ?${CURRENCY}${BALANCE})?`,
    examples: [
      {
        text: 'Rs 7,900.00 received from MOHSIN TRADERS, JazzCash Mobile Account: 0313****595. TID: 715509994306.',
        amount: '7,900.00',
        reference: '715509994306',
        payer: { name: 'MOHSIN TRADERS', number: '0313****595' },
      },
      {
        text: 'Rs 640.00 received from Kiran Javed, JazzCash Mobile Account: 03331122845 on 16/06/2026 at 15:57:08. TID: 719933001247. Your Balance is Rs 12,130.50.',
        amount: '640.00',
        reference: '719933001247',
        balance: '12,130.50',
        payer: { name: 'Kiran Javed', number: '03331122845' },
        occurredAt: '2026-06-16T15:57:08+05:00',
      },
    ],
  },
  {
    ...JAZZCASH,
    id: 'wallet_one.bank_in',
    signature: marker(String.raw`received from [^,]{1,60}, A/C`),
    pattern: wording`${CURRENCY}${AMOUNT} received from ${NAME}, A\/C ?: ?${account('payerAccount')} on ${DATE} at ${TIME}\.(?: Fee ?: ?${CURRENCY}\d{1,6}(?:\.\d{1,2})?,)? TID ?: ?${TID} via (?:IBFT|Raast|JazzCash)`,
    examples: [
      {
        text: 'Rs 1,500.00 received from FAROOQ AUTOS, A/C: ***2342 on 16/06/2026 at 15:57:08. TID: 715335495436 via IBFT',
        amount: '1,500.00',
        reference: '715335495436',
        payer: { name: 'FAROOQ AUTOS', account: '***2342' },
        occurredAt: '2026-06-16T15:57:08+05:00',
      },
    ],
  },
  {
    ...JAZZCASH,
    id: 'wallet_one.agent_deposit',
    signature: marker(String.raw`deposited in your JazzCash Mobile Account`),
    pattern: wording`${CURRENCY}${AMOUNT} (?:have|has) been deposited in your JazzCash Mobile Account from [A-Za-z][A-Za-z .'-]{0,59}?\. Pay only ${CURRENCY}\d[\d,.]{0,18} to Agent\. Fee ?: ?${CURRENCY}\d[\d,.]{0,12}, Balance ?: ?${CURRENCY}${BALANCE}\. TID ?: ?${TID}`,
    examples: [
      {
        text: 'Rs 5,100.00 have been deposited in your JazzCash Mobile Account from CHUNIAN. Pay only Rs 5,100.00 to Agent. Fee: Rs 0.00, Balance: Rs 5,610.00. TID: 004106281172.',
        amount: '5,100.00',
        reference: '004106281172',
        balance: '5,610.00',
      },
    ],
  },
  {
    ...JAZZCASH,
    id: 'wallet_one.wallet_in.roman_urdu',
    signature: marker(String.raw`(?:mosool|mosul|wasool|wasul|mausool) (?:huay|hue|hoye|hoe)`),
    pattern: wording`(?:Aap|Ap) ko ${NAME} ${mobile('payerNumber')} se ${CURRENCY}${AMOUNT} (?:mosool|mosul|wasool|wasul|mausool) (?:huay|hue|hoye|hoe)(?: hain)?\. TID ?: ?${TID}\. (?:Aap|Ap) ka (?:JazzCash )?balance ${CURRENCY}${BALANCE} hai`,
    examples: [
      {
        text: 'Aap ko ALI RAZA 03001234567 se Rs 1,500.00 mosool huay hain. TID: 715335861320. Aap ka JazzCash balance Rs 4,000.00 hai.',
        amount: '1,500.00',
        reference: '715335861320',
        balance: '4,000.00',
        payer: { name: 'ALI RAZA', number: '03001234567' },
      },
    ],
  },
  {
    ...JAZZCASH,
    id: 'wallet_one.wallet_in.urdu',
    signature: marker('موصول ہوئے'),
    pattern: wording`آپ کو ${URDU_NAME} ${mobile('payerNumber')} سے ${URDU_MONEY} موصول ہوئے\. TID ?: ?${TID}\. آپ کا (?:JazzCash|جاز کیش) بیلنس ${URDU_BALANCE} ہے`,
    examples: [
      {
        text: 'آپ کو عمران خالد 03007654321 سے Rs ۲,۳۰۰.۰۰ موصول ہوئے۔ TID: 716650092218۔ آپ کا JazzCash بیلنس Rs 9,450.00 ہے۔',
        amount: '2,300.00',
        reference: '716650092218',
        balance: '9,450.00',
        payer: { name: 'عمران خالد', number: '03007654321' },
      },
    ],
  },
];
