import { account, AMOUNT, CURRENCY, DATE, marker, NAME, ofInstitution, RAIL, reference, SmsTemplate, TIME, wording } from '../template';

const JS_BANK = ofInstitution('jsBank');

export const JS_BANK_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...JS_BANK,
    id: 'bank.js_bank.credited',
    signature: marker(String.raw`credited to your A/C`),
    pattern: wording`JS Bank: ${CURRENCY}${AMOUNT} credited to your A\/C ${account('receivingAccount')} via ${RAIL} from ${NAME} on ${DATE} ${TIME}\. Trx ID ?:? ?${reference(8, 16)}`,
    examples: [
      {
        text: 'JS Bank: PKR 3,200.00 credited to your A/C ***7788 via Raast from HINA TARIQ on 12-Mar-26 11:05. Trx ID 512233445566.',
        amount: '3,200.00',
        reference: '512233445566',
        payer: { name: 'HINA TARIQ' },
        receivingAccount: '***7788',
        occurredAt: '2026-03-12T11:05:00+05:00',
      },
    ],
  },
];
