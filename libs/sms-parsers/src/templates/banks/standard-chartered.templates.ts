import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, NAME, ofInstitution, RAIL, reference, SmsTemplate, TIME, wording } from '../template';

const STANDARD_CHARTERED = ofInstitution('standardChartered');

export const STANDARD_CHARTERED_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...STANDARD_CHARTERED,
    id: 'bank.standard_chartered.credited',
    signature: marker(String.raw`your (?:account|A/C) ending \d{2,6} has been credited`),
    pattern: wording`Dear Client,? your (?:account|A\/C) ending ${account('receivingAccount')} has been credited with ${CURRENCY}${AMOUNT} on ${DATE} via ${RAIL} from ${NAME}\. Ref ?: ?${reference(6, 16)}\. Avl Bal ?: ?${CURRENCY}${BALANCE}`,
    examples: [
      {
        text: 'Dear Client, your account ending 1234 has been credited with PKR 15,000.00 on 12/03/26 via IBFT from FAHAD MALIK. Ref: 512093. Avl Bal: PKR 65,101.00',
        amount: '15,000.00',
        reference: '512093',
        balance: '65,101.00',
        payer: { name: 'FAHAD MALIK' },
        receivingAccount: '1234',
        occurredAt: '2026-03-12',
      },
    ],
  },
  {
    ...STANDARD_CHARTERED,
    id: 'bank.standard_chartered.raast_in',
    // "sent to SCB PK A/C" is this bank's wording for money arriving in the holder's account.
    acceptsWording: ['debit'],
    signature: marker(String.raw`sent to SCB PK A/C`),
    pattern: wording`Dear Customer,? ${CURRENCY}${AMOUNT} sent to SCB PK A\/C ${account('receivingAccount')} for [A-Za-z0-9 ]{1,40}? on ${DATE} ${TIME} via ${RAIL} for TX ID ?:? ?(?<reference>[A-Z0-9]{8,40})`,
    examples: [
      {
        text: 'Dear Customer, PKR 18,000.00 sent to SCB PK A/C ****4417 for FUNDSTRANSFER 001 on 14-Mar-26 10:35 via RAAST for TX ID MEZN2603141035118830412269057',
        amount: '18,000.00',
        reference: 'MEZN2603141035118830412269057',
        receivingAccount: '****4417',
        occurredAt: '2026-03-14T10:35:00+05:00',
      },
    ],
  },
];
