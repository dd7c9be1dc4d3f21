import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, NAME, ofInstitution, reference, SmsTemplate, TIME, wording } from '../template';

const MEEZAN = ofInstitution('meezan');
const BRANCH = String.raw`[A-Za-z0-9][A-Za-z0-9 .&'-]{0,59}?`;

export const MEEZAN_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...MEEZAN,
    id: 'bank.meezan.credited_as',
    signature: marker(String.raw`is credited as`),
    pattern: wording`${CURRENCY}${AMOUNT} is credited as [A-Za-z][A-Za-z ]{1,39}? in your A\/C ${account('receivingAccount')} of ${BRANCH} on ${DATE} at ${TIME}\.? Bal ?: ?${CURRENCY}${BALANCE}`,
    examples: [
      {
        text: 'PKR 45,000.00 is credited as IBFT in your A/C xxx1187 of SHAHRAH E FAISAL BR KHI on 04-Mar-2026 at 11:42. Bal: PKR 61,310.25',
        amount: '45,000.00',
        reference: null,
        balance: '61,310.25',
        receivingAccount: 'xxx1187',
        occurredAt: '2026-03-04T11:42:00+05:00',
      },
    ],
  },
  {
    ...MEEZAN,
    id: 'bank.meezan.raast_in',
    signature: marker(String.raw`as RAAST payment in your`),
    pattern: wording`${CURRENCY}${AMOUNT} received from ${NAME} ${account('payerAccount')} as RAAST payment in your AC ?# ?${account('receivingAccount')} of ${BRANCH} on ${DATE} at ${TIME} TID ?: ?${reference(6, 12)}`,
    examples: [
      {
        text: 'PKR 2,500.00 received from AYESHA NOOR PK71UNIL0109000212345678 as RAAST payment in your AC# xxx3625 of GULBERG BR LHR on 13 - Jul - 2026 at 13:08 TID:935776.',
        amount: '2,500.00',
        reference: '935776',
        payer: { name: 'AYESHA NOOR', account: 'PK71UNIL0109000212345678' },
        receivingAccount: 'xxx3625',
        occurredAt: '2026-07-13T13:08:00+05:00',
      },
    ],
  },
];
