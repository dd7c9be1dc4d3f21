import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, NAME, RAIL, reference, SmsTemplate, wording } from '../template';

const STANDARD_CHARTERED = { gateway: 'bank', institution: 'Standard Chartered', senders: ['SCB', 'SCBPK', 'STANCHART'] } as const;

export const STANDARD_CHARTERED_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...STANDARD_CHARTERED,
    id: 'bank.standard_chartered.credited',
    language: 'en',
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
];
