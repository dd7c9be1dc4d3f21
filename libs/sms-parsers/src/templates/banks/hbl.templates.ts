import { account, AMOUNT, BALANCE, CURRENCY, DATE, marker, NAME, ofInstitution, RAIL, SmsTemplate, TIME, wording } from '../template';

const HBL = ofInstitution('hbl');

export const HBL_TEMPLATES: readonly SmsTemplate[] = [
  {
    ...HBL,
    id: 'bank.hbl.credited',
    signature: marker(String.raw`HBL A/C [^ ]{2,40} has been credited`),
    pattern: wording`(?:Dear Customer,? )?Your HBL A\/C ${account('receivingAccount')} has been credited with ${CURRENCY}${AMOUNT} on ${DATE} ${TIME}(?: (?:through|via) ${RAIL}(?: from ${NAME})?)?\.(?: Your available balance is ${CURRENCY}${BALANCE}\.?)?(?: For details,? call [\d -]{3,20})?`,
    examples: [
      {
        text: 'Dear Customer, Your HBL A/C 1234*****56789 has been credited with PKR 5,000.00 on 12/03/2025 12:30:45 through IBFT from ALI KHAN. For details, call 111111425.',
        amount: '5,000.00',
        reference: null,
        payer: { name: 'ALI KHAN' },
        receivingAccount: '1234*****56789',
        occurredAt: '2025-03-12T12:30:45+05:00',
      },
      {
        text: 'Your HBL A/C 0412*****90017 has been credited with PKR 18,250.00 on 02/11/2025 09:05:11 via RAAST. Your available balance is PKR 96,004.75',
        amount: '18,250.00',
        reference: null,
        balance: '96,004.75',
        receivingAccount: '0412*****90017',
        occurredAt: '2025-11-02T09:05:11+05:00',
      },
    ],
  },
];
