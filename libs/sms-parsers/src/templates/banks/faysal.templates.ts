import { account, AMOUNT, CURRENCY, DATE, marker, NAME, ofInstitution, RAIL, reference, SmsTemplate, TIME, wording } from '../template';

const FAYSAL = ofInstitution('faysal');
const REF = reference(6, 16);

export const FAYSAL_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...FAYSAL,
    id: 'bank.faysal.received',
    signature: marker(String.raw`in FBL A/C`),
    pattern: wording`${CURRENCY}${AMOUNT} received from ${NAME} A\/C ?${account('payerAccount')}(?: via ${RAIL})? in FBL A\/C ${account('receivingAccount')} on ${DATE} at ${TIME}(?: Ref ?# ?:? ?${REF})?`,
    examples: [
      {
        text: 'PKR 250,000.00 received from ACME SERVICES  A/C *4388 in FBL A/C *1234 on 06/FEB/2026 at 02:19 PM',
        amount: '250,000.00',
        reference: null,
        payer: { name: 'ACME SERVICES', account: '*4388' },
        receivingAccount: '*1234',
        occurredAt: '2026-02-06T14:19:00+05:00',
      },
      {
        text: 'PKR 55.000.00 received from IMRAN QURESHI BAFL A/C*2050 via IBFT in FBL A/C *7432 on 29/JAN/2026 at 01:13 PM',
        amount: '55.000.00',
        reference: null,
        payer: { name: 'IMRAN QURESHI BAFL', account: '*2050' },
        receivingAccount: '*7432',
        occurredAt: '2026-01-29T13:13:00+05:00',
      },
      {
        text: 'PKR 1.00 received from AHMED K* UBL A/C *4444 via RAAST in FBL A/C *5555 on 21-Aug-26 at 12:40 AM Ref # 270040000001',
        amount: '1.00',
        reference: '270040000001',
        payer: { name: 'AHMED K* UBL', account: '*4444' },
        receivingAccount: '*5555',
        occurredAt: '2026-08-21T00:40:00+05:00',
      },
    ],
  },
  {
    ...FAYSAL,
    id: 'bank.faysal.raast_in',
    signature: marker(String.raw`via RAAST from`),
    pattern: wording`[A-Za-z][A-Za-z .'-]{0,59}? A\/c ?# ?${account('receivingAccount')} received ${CURRENCY}${AMOUNT} via RAAST from ${NAME} IBAN ${account('payerAccount')} on ${DATE} at ${TIME} Ref ?# ?:? ?${REF}(?: Info ?: ?\d{4,14})?`,
    examples: [
      {
        text: 'NADIA TRADERS A/c # *1234 received PKR 500.00 via RAAST from SAMINA BIBI IBAN *3867 on 06-Feb-26 at 04:22 PM Ref#:121621592909 Info:111060606',
        amount: '500.00',
        reference: '121621592909',
        payer: { name: 'SAMINA BIBI', account: '*3867' },
        receivingAccount: '*1234',
        occurredAt: '2026-02-06T16:22:00+05:00',
      },
    ],
  },
];
