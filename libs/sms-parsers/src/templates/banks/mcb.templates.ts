import { account, AMOUNT, CURRENCY, DATE, marker, NAME, ofInstitution, RAIL, reference, SmsTemplate, TIME, wording } from '../template';

const MCB = ofInstitution('mcb');

export const MCB_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...MCB,
    id: 'bank.mcb.received',
    signature: marker(String.raw`has been received in your A/C`),
    pattern: wording`Dear Customer,? ${CURRENCY}${AMOUNT} has been received in your A\/C ?#?${account('receivingAccount')} from ${NAME} via ${RAIL} on ${DATE} ${TIME}\.(?: Ref ?(?:No)? ?[:#]? ?${reference(6, 16)}\.)?(?: Call [\d-]{6,14} for info)?`,
    examples: [
      {
        text: 'Dear Customer, PKR 5,000.00 has been received in your A/C #*1234 from ALI KHAN via IBFT on 12-03-2025 12:30. Ref: 381204556789. Call 111000622 for info',
        amount: '5,000.00',
        reference: '381204556789',
        payer: { name: 'ALI KHAN' },
        receivingAccount: '*1234',
        occurredAt: '2025-03-12T12:30:00+05:00',
      },
      {
        text: 'Dear Customer, Rs. 1,499/- has been received in your A/C #*8120 from SHAHID HUSSAIN via RAAST on 02-01-2026 21:07.',
        amount: '1,499/-',
        reference: null,
        payer: { name: 'SHAHID HUSSAIN' },
        receivingAccount: '*8120',
        occurredAt: '2026-01-02T21:07:00+05:00',
      },
    ],
  },
];
