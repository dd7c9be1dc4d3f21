import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, NAME, ofInstitution, RAIL, reference, SmsTemplate, wording } from '../template';

const BANK_AL_HABIB = ofInstitution('bankAlHabib');

export const BANK_AL_HABIB_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...BANK_AL_HABIB,
    id: 'bank.bank_al_habib.credited',
    signature: marker(String.raw`has been credited with (?:Rs|PKR)\.? ?[\d,.]{1,24} on [^ ]{1,20} via`),
    pattern: wording`Dear Customer,? Your A\/C ${account('receivingAccount')} has been credited with ${CURRENCY}${AMOUNT} on ${DATE} via ${RAIL} from ${NAME}\. Ref ?: ?${reference(6, 16)}\. Avl Bal ${CURRENCY}${BALANCE}`,
    examples: [
      {
        text: 'Dear Customer, Your A/C ****4417 has been credited with PKR 120,000.00 on 14-09-2026 via RAAST from ACME CLIENT LTD. Ref: 270046018669. Avl Bal PKR 130,500.00',
        amount: '120,000.00',
        reference: '270046018669',
        balance: '130,500.00',
        payer: { name: 'ACME CLIENT LTD' },
        receivingAccount: '****4417',
        occurredAt: '2026-09-14',
      },
    ],
  },
];
