import { account, AMOUNT, CURRENCY, DATE, marker, NAME, ofInstitution, RAIL, SmsTemplate, TIME, wording } from '../template';

const ALLIED = ofInstitution('allied');

export const ALLIED_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...ALLIED,
    id: 'bank.allied.credited',
    signature: marker(String.raw`has been Credited with`),
    pattern: wording`Dear Customer,? Your A\/C ${account('receivingAccount')} has been Credited with ${CURRENCY}${AMOUNT} (?:by|via|through) ${RAIL}(?: from ${NAME})? on ${DATE} at ${TIME}\.(?: Allied Bank| ABL)?`,
    examples: [
      {
        text: 'Dear Customer, Your A/C 0010****5678 has been Credited with PKR.25,000.00 by IBFT from ZAHID MEHMOOD on 14/09/26 at 10:25AM. Allied Bank',
        amount: '25,000.00',
        reference: null,
        payer: { name: 'ZAHID MEHMOOD' },
        receivingAccount: '0010****5678',
        occurredAt: '2026-09-14T10:25:00+05:00',
      },
    ],
  },
];
