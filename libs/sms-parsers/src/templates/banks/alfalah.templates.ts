import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, NAME, ofInstitution, RAIL, SmsTemplate, wording } from '../template';

const ALFALAH = ofInstitution('alfalah');

export const ALFALAH_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...ALFALAH,
    id: 'bank.alfalah.credited',
    signature: marker(String.raw`has been Credited (?:to|in) your A/C`),
    pattern: wording`Dear Customer,? ${CURRENCY}${AMOUNT} has been Credited (?:to|in) your A\/C ?: ?${account('receivingAccount')} on ${DATE}(?: through ${RAIL}(?: from ${NAME})?)?\.? (?:Current|Available) Balance ?: ?${CURRENCY}${BALANCE}`,
    examples: [
      {
        text: 'Dear Customer, PKR 12,600.00 has been Credited to your A/C: 01-2*****34 on 12-Mar-2026 through IBFT from KASHIF ALI. Current Balance: PKR 40,112.90 For info: www.bankalfalah.com',
        amount: '12,600.00',
        reference: null,
        balance: '40,112.90',
        payer: { name: 'KASHIF ALI' },
        receivingAccount: '01-2*****34',
        occurredAt: '2026-03-12',
      },
    ],
  },
];
