import fc from 'fast-check';
import { AllowedSenders, Gateway } from '@pvs/contracts';
import { normalizeSender } from '../institutions/senders';
import { parseSms } from '../parse-sms';
import { CORPUS } from '../testing/corpus/corpus';
import { GATHERED, SEALED } from '../testing/corpus/gathered-corpus';
import { NON_PAYMENT, PROMOTIONAL_TAIL, SPACING } from '../testing/perturbations';
import { deriveTemplate, Marks } from './derive-template';
import { LearnedTemplateDefinition, LearnedTemplateSet } from './learned-template-set';

/**
 * Wordings the built-in parser does not read, invented for these tests (senders, names and numbers too): one example
 * of each teaches a template, which must read the other messages of the wording exactly and nothing else.
 */
interface Family {
  readonly sender: string;
  readonly gateway: Gateway;
  readonly example: string;
  readonly marks: Marks;
  /** Other messages of the wording, with the amount (paisa) and reference each must read as. */
  readonly siblings: readonly (readonly [body: string, amountPaisa: number, reference: string | null])[];
  /** Messages of the same shape in other words: the wording's words are kept as written, so none of these is read by it. */
  readonly otherWords: readonly string[];
}

const FAMILIES: readonly Family[] = [
  {
    sender: 'NEWBANK',
    gateway: 'bank',
    example: 'Dear Customer, your A/C **4455 got PKR 12,500.00 from SANA IQBAL. Txn FT2633712345 on 03-12-2026. Thanks for banking with us.',
    marks: { amount: { text: '12,500.00' }, reference: { text: 'FT2633712345' }, receivingAccount: { text: '**4455' } },
    siblings: [
      ['Dear Customer, your A/C **0021 got PKR 75.50 from M. ALI & SONS. Txn FT2700000001 on 5-1-2027.', 7_550, 'FT2700000001'],
      ['Dear Valued Member,\nyour A/C **9911 got PKR 1,000,000.00 from ZARA.\nTxn FT263371234 on 31-12-2026', 100_000_000, 'FT263371234'],
      ['your A/C **4455 got PKR 9.99 from NOOR FATIMA . Txn FT2633799999 on 03-12-2026 . Call 111-222-333 for help.', 999, 'FT2633799999'],
    ],
    otherWords: [
      'Dear Customer, his A/C **0021 got PKR 75.50 from ALI. Txn FT2700000001 on 5-1-2027.',
      'Dear Customer, your A/C **0021 sent PKR 75.50 from ALI. Txn FT2700000001 on 5-1-2027.',
    ],
  },
  {
    sender: 'FLOWBANK',
    gateway: 'bank',
    example: 'Inflow PKR 2,000.00 | A/C xx1234 | By: SAIMA BIBI | Ref: IB99887766 | 05/01/2027',
    marks: { amount: { text: '2,000.00' }, reference: { text: 'IB99887766' }, payerName: { text: 'SAIMA BIBI' } },
    siblings: [
      ['Inflow PKR 150.00 | A/C xx5678 | By: ALI | Ref: IB12345678 | 06/01/2027', 15_000, 'IB12345678'],
      ['Inflow PKR 7,420.25|A/C xx1234|By:KAMRAN QURESHI|Ref:IB1234567890|7/1/2027', 742_025, 'IB1234567890'],
    ],
    otherWords: ['Outflow PKR 150.00 | A/C xx5678 | By: ALI | Ref: IB12345678 | 06/01/2027', 'Inflow PKR 150.00 | Card xx5678 | By: ALI | Ref: IB12345678 | 06/01/2027'],
  },
  {
    // A JazzCash wallet alert in an order of its own: the payer's mobile number and the new balance marked, a 12-digit TID.
    sender: '8558',
    gateway: 'wallet_one',
    example: 'JazzCash Money Transfer In: Rs 2,500.00 from SANA IQBAL 03211234567. TID 723456789012. Balance Rs 7,250.75',
    marks: { amount: { text: '2,500.00' }, reference: { text: '723456789012' }, balance: { text: '7,250.75' }, payerNumber: { text: '03211234567' } },
    siblings: [
      ['JazzCash Money Transfer In: Rs 75 from ALI 03001112223. TID 700000000001. Balance Rs 80.25', 7_500, '700000000001'],
      ['JazzCash Money Transfer In:Rs.1,000,000.00 from M. USMAN & SONS 0345-1234567.\nTID 719922883344.\nBalance Rs 1,204,560.00', 100_000_000, '719922883344'],
      ['JazzCash Money Transfer In: Rs 1 from KIRAN 923331234567 . TID 720000000009 . Balance Rs 1.00. Thank you for using JazzCash.', 100, '720000000009'],
      ['JazzCash  Money Transfer In :  PKR 640.50 from Rana Tariq 0300****567. TID 715509994306. Balance Rs 12,130.50', 64_050, '715509994306'],
      // A label's colon written where the example had none.
      ['JazzCash Money Transfer In: Rs 80 from ALI 03001112223. TID: 700000000002. Balance: Rs 95.25', 8_000, '700000000002'],
    ],
    otherWords: [
      'JazzCash Money Transfer Out: Rs 75 to ALI 03001112223. TID 700000000001. Balance Rs 80.25',
      'JazzCash Money Transfer Out: Rs 75 from ALI 03001112223. TID 700000000001. Balance Rs 80.25',
      'JazzCash Bill Payment In: Rs 75 from ALI 03001112223. TID 700000000001. Balance Rs 80.25',
    ],
  },
  {
    // A JazzCash alert in Roman Urdu: the payer's name and number marked (the number in brackets), the balance too.
    sender: '8558',
    gateway: 'wallet_one',
    example: 'Aap ke JazzCash account mein SANA IQBAL (03211234567) se Rs 2,500.00 aa chuke hain. TID 723456789012. Balance Rs 7,250.75',
    marks: {
      amount: { text: '2,500.00' },
      reference: { text: '723456789012' },
      balance: { text: '7,250.75' },
      payerName: { text: 'SANA IQBAL' },
      payerNumber: { text: '03211234567' },
    },
    siblings: [
      ['Aap ke JazzCash account mein ALI (03001112223) se Rs 75 aa chuke hain. TID 700000000001. Balance Rs 80.25', 7_500, '700000000001'],
      ['Aap ke JazzCash account mein MUHAMMAD BILAL & BROS (0345-1234567) se Rs 1,000,000.00 aa chuke hain.\nTID 719922883344.\nBalance Rs 1,000,500.00', 100_000_000, '719922883344'],
      ['Aap ke JazzCash account mein Rukhsana Bibi (0300****567) se Rs 9.50 aa chuke hain . TID 700000000123 . Balance Rs 19.50. Shukriya!', 950, '700000000123'],
      ['Aap ke JazzCash account mein Rukhsana Bibi( 0300****567 ) se Rs 9.50 aa chuke hain. TID#700000000124. Balance Rs 19.50', 950, '700000000124'],
    ],
    otherWords: [
      'Aap ke JazzCash account se ALI (03001112223) ko Rs 75 ja chuke hain. TID 700000000001. Balance Rs 80.25',
      'Aap ke JazzCash account mein ALI (03001112223) se Rs 75 nahi aa sake. TID 700000000001. Balance Rs 80.25',
    ],
  },
  {
    // An Easypaisa merchant alert: a payment from a customer's wallet, an alphanumeric Trx ID (8 to 16 capitals and digits).
    sender: '3737',
    gateway: 'wallet_two',
    example: 'Easypaisa: Payment of Rs. 1,250.00 from BILAL AHMED 03451234567 is successful. Trx ID 8H3K2M9Q1Z. New Balance Rs. 3,400.00',
    marks: { amount: { text: '1,250.00' }, reference: { text: '8H3K2M9Q1Z' }, balance: { text: '3,400.00' }, payerNumber: { text: '03451234567' } },
    siblings: [
      ['Easypaisa: Payment of Rs. 500 from NOMAN 03001234567 is successful. Trx ID 59442292510. New Balance Rs. 510.49', 50_000, '59442292510'],
      ['Easypaisa:Payment of Rs 1,000,000.00 from AL-NOOR TRADERS 0333-7654321 is successful.\nTrx ID A1B2C3D4.\nNew Balance Rs 1,020,000.00', 100_000_000, 'A1B2C3D4'],
      ['Easypaisa: Payment of PKR 9.99 from ZARA 923451112233 is  successful. Trx ID 7QW2E9RT4YU1. New Balance Rs. 19.99. Thank you for using Easypaisa.', 999, '7QW2E9RT4YU1'],
      ['Easypaisa: Payment of Rs. 1 from ASIF 03451112233 is successful. Trx ID 12345678ABCDE. New Balance Rs. 2.00', 100, '12345678ABCDE'],
      // Any length Easypaisa gives its transaction ids, 8 to 16, whatever the example's.
      ['Easypaisa: Payment of Rs. 2 from ASIF 03451112233 is successful. Trx ID 1234567890ABCDEF. New Balance Rs. 4.00', 200, '1234567890ABCDEF'],
    ],
    otherWords: [
      'Easypaisa: Payment of Rs. 500 to NOMAN 03001234567 is successful. Trx ID 59442292510. New Balance Rs. 10.49',
      'Easypaisa: Payment of Rs. 500 from NOMAN 03001234567 is pending. Trx ID 59442292510. New Balance Rs. 10.49',
      'Easypaisa: Refund of Rs. 500 from NOMAN 03001234567 is successful. Trx ID 59442292510. New Balance Rs. 510.49',
    ],
  },
  {
    // A bank alert with the available balance marked, and the payer's name marked (the parser alone would take "posted" into it).
    sender: 'CHENABBANK',
    gateway: 'bank',
    example: 'PKR 45,000.00 IBFT from USMAN GHANI posted to A/C xx4821 on 14-02-2027. Ref 99182736. Avl Bal PKR 102,345.67',
    marks: {
      amount: { text: '45,000.00' },
      reference: { text: '99182736' },
      balance: { text: '102,345.67' },
      receivingAccount: { text: 'xx4821' },
      payerName: { text: 'USMAN GHANI' },
    },
    siblings: [
      ['PKR 750 IBFT from NOOR FATIMA posted to A/C xx4821 on 1-3-2027. Ref 10293847. Avl Bal PKR 103,095.67', 75_000, '10293847'],
      ['PKR 1,000,000.00 IBFT from HASSAN & CO. posted to A/C xx0007 on 28-02-2027.\nRef 5566778899.\nAvl Bal PKR 1,000,010.00', 100_000_000, '5566778899'],
      ['PKR 12.50 IBFT from ALI posted to A/C xx4821 on 14-02-2027 . Ref 99182737 . Avl Bal PKR 12.50. Call 111-246-246 for help.', 1_250, '99182737'],
      ['Rs. 3,300 IBFT from Shahida Parveen posted to A/C 1234xx4821 on 5/3/2027. Ref 100200. Avl Bal Rs. 3,300.00', 330_000, '100200'],
    ],
    otherWords: [
      'PKR 750 IBFT to NOOR FATIMA posted from A/C xx4821 on 1-3-2027. Ref 10293847. Avl Bal PKR 102,345.67',
      'PKR 750 IBFT from NOOR FATIMA returned to A/C xx4821 on 1-3-2027. Ref 10293847. Avl Bal PKR 103,095.67',
    ],
  },
  {
    // A bank alert that names the payer's account (a masked number, a plain one or an IBAN) as well as the holder's.
    sender: 'BOLANBANK',
    gateway: 'bank',
    example: 'Funds Transfer from HAMZA ZAFAR A/C 0123-4567890-03 of PKR 8,750.00 realised in your A/C ****7788. Ref HB2702140001',
    marks: {
      amount: { text: '8,750.00' },
      reference: { text: 'HB2702140001' },
      payerName: { text: 'HAMZA ZAFAR' },
      payerAccount: { text: '0123-4567890-03' },
      receivingAccount: { text: '****7788' },
    },
    siblings: [
      ['Funds Transfer from ALI A/C 9876543210 of PKR 20 realised in your A/C ****7788. Ref FT2703010001', 2_000, 'FT2703010001'],
      ['Funds Transfer from GULSHAN MEDICAL STORE A/C PK12MEZN0001234567890123 of PKR 1,000,000.00 realised in your A/C ****0101.\nRef 1A2B3C4D5E', 100_000_000, '1A2B3C4D5E'],
      ['Funds Transfer  from Nasreen Akhtar A/C 0001-0022334-01 of PKR 4,999.99 realised in your A/C ****7788 . Ref HB2702149999. Thank you for banking with us.', 499_999, 'HB2702149999'],
    ],
    otherWords: [
      'Funds Transfer to HAMZA ZAFAR A/C 0123-4567890-03 of PKR 8,750.00 debited from your A/C ****7788. Ref HB2702140001',
      'Funds Transfer from HAMZA ZAFAR A/C 0123-4567890-03 of PKR 8,750.00 returned to your A/C ****7788. Ref HB2702140001',
    ],
  },
  {
    // A bank's "Credit Advice" whose only reference is a trace number (STAN), with the date and time of the transfer.
    sender: 'MARGALLABK',
    gateway: 'bank',
    example: 'Credit Advice: A/C **3390 PKR 3,200.00 from NADIA KHAN. STAN 482913, 02/03/2027 11:42',
    marks: { amount: { text: '3,200.00' }, reference: { text: '482913' }, receivingAccount: { text: '**3390' } },
    siblings: [
      ['Credit Advice: A/C **3390 PKR 45 from ALI. STAN 000417, 2/3/2027 9:05', 4_500, '000417'],
      ['Credit Advice:\nA/C **0815 PKR 1,000,000.00 from ZEESHAN ELECTRONICS.\nSTAN 7712345, 15/04/2027 23:59', 100_000_000, '7712345'],
      ['Credit Advice: A/C **3390 PKR 260.75 from SYED MUHAMMAD ALI SHAH. STAN 90817, 02/03/2027 11:42 PM. Helpline 111-000-123', 26_075, '90817'],
    ],
    otherWords: ['Debit Advice: A/C **3390 PKR 45 to ALI. STAN 000417, 2/3/2027 9:05', 'Debit Advice: A/C **3390 PKR 45 from ALI. STAN 000417, 2/3/2027 9:05'],
  },
  {
    // An interbank transfer whose reference is a retrieval reference (RRN), with the payer's account or IBAN.
    sender: 'INDUSMFB',
    gateway: 'bank',
    example: 'Inter Bank Funds Transfer IN PKR 15,000.00 from ALI TRADERS A/C ****1122. RRN: 301234567890',
    marks: { amount: { text: '15,000.00' }, reference: { text: '301234567890' }, payerAccount: { text: '****1122' } },
    siblings: [
      ['Inter Bank Funds Transfer IN PKR 600 from KHALID MEHMOOD A/C ****9001. RRN: 100000000001', 60_000, '100000000001'],
      ['Inter Bank Funds Transfer IN PKR 1,000,000.00 from PAK AUTO PARTS (PVT) LTD A/C PK36SCBL0000001123456702.\nRRN:512233445566', 100_000_000, '512233445566'],
      ['Inter Bank Funds Transfer IN  PKR 99.75 from Huma A/C ****1122 . RRN : 301234567891. Thank you.', 9_975, '301234567891'],
    ],
    otherWords: [
      'Inter Bank Funds Transfer OUT PKR 600 to KHALID MEHMOOD A/C ****9001. RRN: 100000000001',
      'Inter Bank Funds Transfer OUT PKR 600 from KHALID MEHMOOD A/C ****9001. RRN: 100000000001',
    ],
  },
  {
    // A bank alert in Roman Urdu, the payer after "Bhejne wala".
    sender: 'RAVIBANK',
    gateway: 'bank',
    example: 'Aap ke account ****6612 mein Rs 7,500 jama karwaye gaye hain. Bhejne wala: ZAINAB BIBI. Ref 55120987',
    marks: { amount: { text: '7,500' }, reference: { text: '55120987' }, receivingAccount: { text: '****6612' } },
    siblings: [
      ['Aap ke account ****6612 mein Rs 150 jama karwaye gaye hain. Bhejne wala: ALI RAZA. Ref 10000001', 15_000, '10000001'],
      ['Aap ke account ****0098 mein Rs 1,000,000.00 jama karwaye gaye hain.\nBhejne wala: M. HANIF & SONS.\nRef 4455667788', 100_000_000, '4455667788'],
      ['Aap ke account ****6612 mein Rs. 2,345.50 jama karwaye  gaye hain. Bhejne wala : SADIA. Ref 55120988. Shukriya, Ravi Bank.', 234_550, '55120988'],
    ],
    otherWords: [
      'Aap ke account ****6612 se Rs 150 katwaye gaye hain. Bhejne wala: ALI RAZA. Ref 10000001',
      'Aap ke account ****6612 mein Rs 150 jama nahi karwaye gaye hain. Bhejne wala: ALI RAZA. Ref 10000001',
    ],
  },
  {
    // A bank alert with no reference at all, greeted or not, its thanks line kept, dropped or a helpline instead.
    sender: 'KARAKORAM',
    gateway: 'bank',
    example: 'Dear Customer, PKR 2,000.00 from HINA TARIQ has been posted to your A/C xx0045 on 09-03-2027. Thank you for banking with Karakoram Bank.',
    marks: { amount: { text: '2,000.00' }, reference: null, receivingAccount: { text: 'xx0045' } },
    siblings: [
      ['Dear Customer, PKR 300 from ALI has been posted to your A/C xx0045 on 9-3-2027.', 30_000, null],
      ['Dear Valued Customer,\nPKR 1,000,000.00 from QAMAR STEEL MILLS has been posted to your A/C xx7710 on 31-03-2027.\nThank you for banking with Karakoram Bank.', 100_000_000, null],
      ['PKR 5.25 from NIDA has been posted to your A/C xx0045 on 09-03-2027. For queries call 051-111-000-111.', 525, null],
    ],
    otherWords: [
      'Dear Customer, PKR 300 to ALI has been posted from your A/C xx0045 on 9-3-2027.',
      'Dear Customer, PKR 300 from ALI has been held in your A/C xx0045 on 9-3-2027.',
    ],
  },
  {
    // A bank alert taught with a helpline line after the transaction: its messages read with another safety line or none.
    sender: 'SHAHEENBK',
    gateway: 'bank',
    example: 'IBFT of PKR 6,000.00 by AHMED RAZA reflected in your A/C ****2200. TxnID 7781234501. For queries call 021-111-742-436.',
    marks: { amount: { text: '6,000.00' }, reference: { text: '7781234501' }, receivingAccount: { text: '****2200' }, payerName: { text: 'AHMED RAZA' } },
    siblings: [
      ['IBFT of PKR 250 by SAMINA reflected in your A/C ****2200. TxnID 1000000001', 25_000, '1000000001'],
      ['IBFT of PKR 1,000,000.00 by CRESCENT TEXTILE MILLS reflected in your A/C ****0042.\nTxnID 99887766554.\nBeware of fraud calls; we never ask for your PIN.', 100_000_000, '99887766554'],
      ['IBFT of PKR 18,240.60 by Umer Farooq reflected in your A/C ****2200. TxnID 7781234502.\nNever share your OTP with anyone.', 1_824_060, '7781234502'],
      ['IBFT of PKR 75 by ALI reflected in your A/C ****2200. TxnID 7781234503. Helpline: 021-111-742-436', 7_500, '7781234503'],
    ],
    otherWords: [
      'IBFT of PKR 250 to SAMINA deducted from your A/C ****2200. TxnID 1000000001',
      'IBFT of PKR 250 by SAMINA reversed in your A/C ****2200. TxnID 1000000001',
    ],
  },
  {
    // Taught from an alert ending in a promotion: what follows the marked wording is its tail, as after a built-in template.
    sender: 'NANGAPARBT',
    gateway: 'bank',
    example: 'Your A/C xx0045 got PKR 6,000.00 via IBFT from AHMED RAZA. TrxID 7781234501. Get 5% cashback on bill payments with the Nanga Parbat app!',
    marks: { amount: { text: '6,000.00' }, reference: { text: '7781234501' }, receivingAccount: { text: 'xx0045' }, payerName: { text: 'AHMED RAZA' } },
    siblings: [
      ['Your A/C xx0045 got PKR 75 via IBFT from ALI. TrxID 7781234599', 7_500, '7781234599'],
      ['Your A/C xx9120 got PKR 1,250.50 via IBFT from SADIA & CO. TrxID 1000000002. Download our app for free IBFT!', 125_050, '1000000002'],
      ['Your A/C xx0045 got PKR 300.00 via IBFT from NOMAN. TrxID 1000000003.\nEnjoy free transfers with the Nanga Parbat app. T&Cs apply.', 30_000, '1000000003'],
    ],
    otherWords: [
      'Your A/C xx0045 sent PKR 75 via IBFT to ALI. TrxID 7781234599. Get 5% cashback on bill payments with the Nanga Parbat app!',
      // Another transaction in the tail: two readings, none taken.
      'Your A/C xx0045 got PKR 75 via IBFT from ALI. TrxID 7781234599. Get 5% off! Also PKR 500 received. TrxID 7781234600',
    ],
  },
];

function definitionOf(family: Family): LearnedTemplateDefinition {
  const derived = deriveTemplate({ scope: 'tenant', sender: family.sender, body: family.example, marks: family.marks, allowedSenders: { [family.gateway]: [family.sender] } });
  if (!derived.ok) throw new Error(`${family.sender}: ${derived.reason}`);
  return derived.definition;
}

const DEFINITIONS = FAMILIES.map(definitionOf);
/** Each family with its template, named by its sender and place (one sender may send more than one wording). */
const CASES = FAMILIES.map((family, i) => [`${family.sender} #${i + 1}`, family, DEFINITIONS[i]] as const);

/** The families each non-payment rewrite was applied to. */
const REWRITES_APPLIED = new Map<string, ReadonlySet<string>>();
/** Families whose wording holds a verb the debit rewrite turns ("got", "posted to", "aa chuke"…): all but Easypaisa's "Payment of … is successful". */
const DEBIT_REWRITTEN = 12;

describe('learned templates, taught from one example each', () => {
  it.each(CASES)('%s: a wording the built-in parser does not read; its other messages read exactly, the same shape in other words not at all', (_name, family, definition) => {
    const allowedSenders = { [family.gateway]: [family.sender] };
    const learned = new LearnedTemplateSet([definition]);
    expect(parseSms({ sender: family.sender, body: family.example }, { allowedSenders })).toMatchObject({ ok: false });
    for (const [body, amountPaisa, reference] of family.siblings) {
      expect(parseSms({ sender: family.sender, body }, { allowedSenders, learned })).toMatchObject({ ok: true, templateId: definition.id, amountPaisa, reference });
    }
    for (const body of family.otherWords) expect(parseSms({ sender: family.sender, body }, { allowedSenders, learned })).not.toMatchObject({ templateId: definition.id });
  });

  it.each(CASES)(
    '%s: reads its wording with any spacing and line breaks and with a promotional or legal tail, and nothing a debit, failure, reversal or request rewrite makes of it',
    (_name, family, definition) => {
      const allowedSenders = { [family.gateway]: [family.sender] };
      const learned = new LearnedTemplateSet([definition]);
      const [[body, amountPaisa, reference]] = family.siblings;
      const amountAt = body.indexOf(String(amountPaisa / 100).split('.')[0]);
      const located = { body, amount: [amountAt, amountAt + 1] as const, reference: null };
      let spaced = 0;
      fc.assert(
        fc.property(SPACING, (perturb) => {
          const variant = perturb(located);
          if (variant === undefined) return;
          spaced += 1;
          expect(parseSms({ sender: family.sender, body: variant }, { allowedSenders, learned })).toMatchObject({ ok: true, templateId: definition.id, amountPaisa, reference });
        }),
      );
      expect(spaced).toBeGreaterThan(50);
      fc.assert(
        fc.property(PROMOTIONAL_TAIL, (perturb) => {
          expect(parseSms({ sender: family.sender, body: perturb(located) ?? body }, { allowedSenders, learned })).toMatchObject({ ok: true, templateId: definition.id, amountPaisa, reference });
        }),
      );
      let rewritten = 0;
      for (const [kind, rewrite] of NON_PAYMENT) {
        fc.assert(
          fc.property(rewrite, (perturb) => {
            const variant = perturb(located);
            if (variant === undefined) return;
            rewritten += 1;
            REWRITES_APPLIED.set(kind, new Set([...(REWRITES_APPLIED.get(kind) ?? []), _name]));
            expect(parseSms({ sender: family.sender, body: variant }, { allowedSenders, learned })).toMatchObject({ ok: false });
          }),
        );
      }
      // A family no rewrite applies to would pass without being tested.
      expect(rewritten).toBeGreaterThan(0);
    },
  );

  it('applied every kind of non-payment rewrite to the families: each to every family, a debit to those with a verb it turns', () => {
    const families = (kind: string): number => REWRITES_APPLIED.get(kind)?.size ?? 0;
    expect(NON_PAYMENT.map(([kind]) => [kind, families(kind)])).toEqual(NON_PAYMENT.map(([kind]) => [kind, kind === 'a debit' ? DEBIT_REWRITTEN : CASES.length]));
  });

  /** Every message of the corpora, its sender trusted for every gateway, with each family's template learned for it too. */
  const corpora = [
    ...CORPUS.map((entry) => ({ id: entry.name, sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt })),
    ...[...GATHERED, ...SEALED].map((entry) => ({ id: entry.id, sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt })),
  ];

  it(`read nothing else in the corpora (${corpora.length} messages, the sealed set too): every result as without them`, () => {
    const changed = corpora.filter((entry) => {
      const sender = normalizeSender(entry.sender);
      const allowedSenders: AllowedSenders = { wallet_one: [entry.sender], wallet_two: [entry.sender], bank: [entry.sender] };
      const learned = new LearnedTemplateSet(DEFINITIONS.map((definition) => ({ ...definition, sender })));
      const input = { sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt };
      return JSON.stringify(parseSms(input, { allowedSenders, learned })) !== JSON.stringify(parseSms(input, { allowedSenders }));
    });
    expect(changed.map((entry) => entry.id)).toEqual([]);
  });
});
