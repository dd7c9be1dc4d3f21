import { NormalisedText } from '../normalise/text';
import { anchored } from '../templates/template';
import { learnedPatternBody, referencePattern, Slot, SlotKind } from './template-pattern';

/** A template learned from `example`, each mark found once in its normalised text. */
function learn(example: string, marks: Partial<Record<SlotKind, string>>): RegExp {
  const { text } = new NormalisedText(example);
  const slots: Slot[] = Object.entries(marks).map(([kind, value]) => {
    const start = text.indexOf(value);
    if (start < 0 || text.indexOf(value, start + 1) >= 0) throw new Error(`mark ${value} not found once`);
    return { kind: kind as SlotKind, start, end: start + value.length };
  });
  return anchored(learnedPatternBody(text, slots));
}

const read = (pattern: RegExp, body: string) => pattern.exec(new NormalisedText(body).text)?.groups ?? null;

describe('learnedPatternBody', () => {
  const bankCredit = learn(
    'Dear Customer,\nPKR 12,500.00 has been received in your A/C **4455 from SANA IQBAL on 03-12-2026 14:05. Ref#  FT2633712345.\nThanks for banking with us.',
    { amount: '12,500.00', receivingAccount: '**4455', payerName: 'SANA IQBAL', date: '03-12-2026', time: '14:05', reference: 'FT2633712345' },
  );

  it('reads the same wording with other values, spacing, line breaks and tail', () => {
    expect(read(bankCredit, 'Dear Valued Member, PKR 900.00 has been received in your A/C **9911 from ALI RAZA KHAN on 4-1-2027 9:15.\nRef# FT2700011122')).toMatchObject({
      amount: '900.00',
      receivingAccount: '**9911',
      payerName: 'ALI RAZA KHAN',
      reference: 'FT2700011122',
    });
    expect(read(bankCredit, 'PKR 1,000,000.00 has been received in your A/C **4455 from X Y on 03-12-2026 14:05 . Ref #FT26337123 . Call 111-000-111 for help.')).toMatchObject({
      amount: '1,000,000.00',
      reference: 'FT26337123',
    });
  });

  it('does not read another wording', () => {
    expect(read(bankCredit, 'PKR 900.00 has been debited from your A/C **9911 to ALI on 4-1-2027 9:15. Ref# FT2700011122')).toBeNull();
    expect(read(bankCredit, 'PKR 900.00 has been received in your A/C **9911 from ALI on 4-1-2027 9:15. TID FT2700011122')).toBeNull();
  });

  it('generalises numbers and masked accounts the operator did not mark', () => {
    const wallet = learn('You have received Rs.250 from 0300-1234567 in your wallet 03**7788 at 10:30 TRX 7788123456', {
      amount: '250',
      payerNumber: '0300-1234567',
      reference: '7788123456',
    });
    expect(read(wallet, 'You have received Rs. 75 from 0333-7654321 in your wallet 03**1122 at 9:05 TRX 99887766554')).toMatchObject({
      amount: '75',
      payerNumber: '0333-7654321',
      reference: '99887766554',
    });
  });

  it('shapes the reference on the example: alphabet and length', () => {
    expect(referencePattern('123456')).toBe('(?<reference>\\d{4,9})');
    expect(referencePattern('FT26337')).toBe('(?<reference>[A-Z0-9]{4,10})');
    expect(referencePattern('Ab12cd')).toBe('(?<reference>[A-Za-z0-9]{4,9})');
    expect(referencePattern('IB-20261203-99')).toBe('(?<reference>[A-Za-z0-9][A-Za-z0-9-]{10,16})');
  });

  it('takes the institution’s shape of transaction ids when the example has it, and the example’s own when not', () => {
    expect(referencePattern('8H3K2M9Q1Z', /^[A-Z\d]{8,16}$/)).toBe('(?<reference>[A-Z\\d]{8,16})');
    expect(referencePattern('723456789012', /^\d{12}$/)).toBe('(?<reference>\\d{12})');
    expect(referencePattern('7234567', /^\d{12}$/)).toBe('(?<reference>\\d{4,10})');
  });

  it('writes a label’s separator from its value either way (colon, hash or a space), and spaces brackets either way', () => {
    const wallet = learn('Rs 75 from ALI (03001112223) received. TID 700000000001. Bal: Rs 80.25', { amount: '75', payerNumber: '03001112223', reference: '700000000001', balance: '80.25' });
    for (const body of [
      'Rs 75 from ALI (03001112223) received. TID: 700000000001. Bal Rs 80.25',
      'Rs 75 from ALI( 03001112223 ) received. TID#700000000001. Bal : Rs 80.25',
      'Rs 75 from ALI (03001112223) received. TID # 700000000001. Bal: Rs 80.25',
    ]) {
      expect(read(wallet, body)).toMatchObject({ amount: '75', reference: '700000000001', balance: '80.25' });
    }
    expect(read(wallet, 'Rs 75 from ALI (03001112223) received. TID700000000001. Bal: Rs 80.25')).toBeNull();
    expect(read(wallet, 'Rs 75 from ALI (03001112223) received. TID - 700000000001. Bal: Rs 80.25')).toBeNull();
  });
});
