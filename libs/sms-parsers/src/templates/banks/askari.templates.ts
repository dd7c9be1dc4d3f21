import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, NAME, ofInstitution, RAIL, SmsTemplate, wording } from '../template';

const ASKARI = ofInstitution('askari');

export const ASKARI_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...ASKARI,
    id: 'bank.askari.credited',
    signature: marker(String.raw`is credited by`),
    pattern: wording`Askari Bank: Your A\/C ${account('receivingAccount')} is credited by ${CURRENCY}${AMOUNT} on ${DATE} through ${RAIL} from ${NAME}\. Avl Bal ?: ?${CURRENCY}${BALANCE}`,
    examples: [
      {
        text: 'Askari Bank: Your A/C **9012 is credited by PKR 7,500.00 on 12-03-2026 through IBFT from ZAINAB SHAH. Avl Bal: PKR 25,720.00',
        amount: '7,500.00',
        reference: null,
        balance: '25,720.00',
        payer: { name: 'ZAINAB SHAH' },
        receivingAccount: '**9012',
        occurredAt: '2026-03-12',
      },
    ],
  },
];
