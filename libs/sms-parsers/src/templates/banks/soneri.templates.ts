import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, ofInstitution, SmsTemplate, TIME, wording } from '../template';

const SONERI = ofInstitution('soneri');

export const SONERI_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...SONERI,
    id: 'bank.soneri.credited',
    signature: marker(String.raw`Soneri Acct ?# ?[^ ]{2,40} has been credited`),
    pattern: wording`Dear Customer,? your Soneri Acct ?# ?${account('receivingAccount')} has been credited (?:with|by) ${CURRENCY}${AMOUNT} (?:at|on) ${TIME} ${DATE}\.? Your available balance is ${CURRENCY}${BALANCE}`,
    examples: [
      {
        text: 'Dear Customer, your Soneri Acct# ****5520 has been credited with PKR 9,800.00 at 16:02:37 12 Mar 2026. Your available balance is PKR 14,250.00',
        amount: '9,800.00',
        reference: null,
        balance: '14,250.00',
        receivingAccount: '****5520',
        occurredAt: '2026-03-12T16:02:37+05:00',
      },
    ],
  },
];
