import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, NAME, ofInstitution, RAIL, reference, SmsTemplate, TIME, wording } from '../template';

const UBL = ofInstitution('ubl');

export const UBL_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...UBL,
    id: 'bank.ubl.received',
    signature: marker(String.raw`in your UBL A/C`),
    pattern: wording`(?:Dear Customer,? )?${CURRENCY}${AMOUNT} received from ${NAME}(?: A\/C ${account('payerAccount')})? in your UBL A\/C ${account('receivingAccount')} on ${DATE} ${TIME} via ${RAIL}\. Tx ID ?:? ?${reference(8, 12)}\.(?: For info ?: ?\d{6,12})?`,
    examples: [
      {
        text: 'PKR 1 received from AHMED K* in your UBL A/C *4444 on 21-AUG-2026 00:39 via IBFT. Tx ID 7014061940. For info: 111825888.',
        amount: '1',
        reference: '7014061940',
        payer: { name: 'AHMED K*' },
        receivingAccount: '*4444',
        occurredAt: '2026-08-21T00:39:00+05:00',
      },
      {
        text: 'PKR 50,000 received from RUBINA TEXTILE A/C *0921 in your UBL A/C *7310 on 21-MAY-2026 18:33 via RAAST. Tx ID 6622000187. For info: 111825888.',
        amount: '50,000',
        reference: '6622000187',
        payer: { name: 'RUBINA TEXTILE', account: '*0921' },
        receivingAccount: '*7310',
        occurredAt: '2026-05-21T18:33:00+05:00',
      },
    ],
  },
  {
    ...UBL,
    id: 'bank.ubl.credited',
    signature: marker(String.raw`has been credited (?:with|by) (?:Rs|PKR)\.? ?[\d,.]{1,24} on [^ ]{1,20} at`),
    pattern: wording`Dear Customer,? your A\/C ${account('receivingAccount')} has been credited (?:with|by) ${CURRENCY}${AMOUNT} on ${DATE} at ${TIME} (?:through|via) ${RAIL}(?: \(${NAME}\))?\.? Bal ${CURRENCY}${BALANCE}\.(?: Thank you,? UBL)?`,
    examples: [
      {
        text: 'Dear Customer, your A/C 0123****4567 has been credited with PKR 3,000.00 on 14-Jul-2026 at 10:15 through IBFT (ZAINAB SIDDIQUI). Bal PKR 25,720.00. Thank you, UBL.',
        amount: '3,000.00',
        reference: null,
        balance: '25,720.00',
        payer: { name: 'ZAINAB SIDDIQUI' },
        receivingAccount: '0123****4567',
        occurredAt: '2026-07-14T10:15:00+05:00',
      },
    ],
  },
];
