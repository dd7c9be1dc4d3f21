import { analyse } from './analyse';

const counted = (text: string) => analyse(text).wordings.map((hit) => `${hit.kind}:${hit.text}`);
const ignored = (text: string) => analyse(text).ignored.map((hit) => `${hit.kind}:${hit.text}:${hit.because}`);

describe('which wording counts', () => {
  it('leaves out a debit word about a fee and its amount, near it in its sentence', () => {
    expect(ignored('Rs 500 received from ALI. Fee: Rs 10 deducted.')).toEqual(['debit:deducted:fee']);
    expect(ignored('Rs 500 received from ALI. Charges of PKR 5.00 have been deducted.')).toEqual(['debit:deducted:fee']);
    expect(ignored('Rs 500 received from ALI. FED Rs. 1.50 was deducted.')).toEqual(['debit:deducted:fee']);
    expect(counted('Rs 500 received from ALI. Rs 10 deducted.')).toEqual(['credit:received', 'debit:deducted']);
    expect(counted('Rs 500 received from ALI. Fee Rs 10 will be charged to the customer and then deducted.')).toEqual(['credit:received', 'debit:deducted']);
    expect(counted('Rs 500 received, fee. Rs 10 deducted.')).toEqual(['credit:received', 'debit:deducted']);
    expect(counted('Rs 500 received. Coffee Rs 10 deducted.')).toEqual(['credit:received', 'debit:deducted']);
  });

  it.each([
    'Fees Rs 10 deducted',
    'Charge PKR 5 deducted',
    'Charges: Rs.5/- deducted',
    'Tax: Rs.2 deducted',
    'FED Rs 1 deducted',
    'WHT Rs 3/- deducted',
    'Commission of Rs 4 has been deducted',
    'Fee Rs 10 have been deducted',
    'Fee Rs 10 was deducted',
    'Fee Rs 10 were deducted',
    'Fee Rs 10 is deducted',
    'Fee Rs 10 will be deducted',
    'Fee deducted',
    'Fee of PKR 1,250.50 deducted',
  ])('knows "%s" as a fee remark', (remark) => {
    expect(ignored(`Rs 500 received from ALI. ${remark}.`)).toEqual(['debit:deducted:fee']);
  });

  it.each(['Fee 10 deducted', 'Fee Rs 10 then deducted', 'Feed Rs 10 deducted', 'Rs 10 fee and deducted'])('does not know "%s" as one', (remark) => {
    expect(counted(`Rs 500 received from ALI. ${remark}.`)).toEqual(['credit:received', 'debit:deducted']);
  });

  it('leaves out a debit word after a fee in the middle of a sentence, or glued to the fee\'s amount', () => {
    expect(counted('Rs 5,000 received from ALI in your A/C, with a fee of Rs 10 deducted. Ref 123456')).toEqual(['credit:received']);
    expect(counted('Rs 5,000 received from ALI in your A/C. Fee Rs.10/-deducted. Ref 123456')).toEqual(['credit:received']);
  });

  it('leaves out a debit word in the addressee\'s name, and counts it outside', () => {
    expect(ignored('Dear ATM KHAN, Rs 500 received from ALI.')).toEqual(['debit:ATM:name']);
    expect(counted('Dear ALI KHAN, Rs 500 received at ATM.')).toEqual(['credit:received', 'debit:ATM']);
  });

  it.each(['TOP UP', 'PAID', 'ATM'])('leaves out a debit word in a payer\'s name: %s', (word) => {
    expect(counted(`Rs 500 received from ALI ${word} STORE.`)).toEqual(['credit:received']);
  });

  it.each([
    ['PROFIT', 'profit'],
    ['LOAN', 'loan'],
    ['BONUS', 'reward'],
    ['OTP', 'otp'],
    ['REVERSAL', 'reversal'],
    ['FAILED', 'failure'],
  ])('counts %s even in a payer\'s name', (word, kind) => {
    expect(counted(`Rs 500 received from ALI ${word} TRADERS.`)).toEqual(['credit:received', `${kind}:${word}`]);
  });

  it('leaves out wording in a safety note, but for a reversal, a failure or money to collect', () => {
    expect(counted('Rs 500 received from ALI. Never share your PIN, sent to nobody.')).toEqual(['credit:received']);
    expect(counted('Rs 500 received from ALI. Never share your PIN, 10% off call 111.')).toEqual(['credit:received']);
    expect(counted('Rs 500 received from ALI. Never share your PIN, if reversed call 111.')).toEqual(['credit:received', 'reversal:reversed']);
    expect(counted('Rs 500 received from ALI. Never share your PIN, failed call 111.')).toEqual(['credit:received', 'failure:failed']);
    expect(counted('Rs 500 received from ALI. Never share your PIN, to collect call 111.')).toEqual(['credit:received', 'uncollected:to collect']);
  });

  it('leaves out wording in a promotional tail, but for a reversal, a failure or an OTP', () => {
    expect(counted('Rs 500 received from ALI. Get 10% off on bills, sent to you.')).toEqual(['credit:received']);
    expect(counted('Rs 500 received from ALI. Get 10% off on bills! Reversed.')).toEqual(['credit:received', 'reversal:Reversed']);
    expect(counted('Rs 500 received from ALI. Get 10% off on bills! Transfer failed.')).toEqual(['credit:received', 'failure:failed']);
    expect(counted('Rs 500 received from ALI. Get 10% off on bills! Your OTP is 1234.')).toEqual(['credit:received', 'otp:OTP']);
    expect(analyse('Rs 500 received from ALI. Get 10% off on bills!').tailStart).toBe(26);
    expect(analyse('Rs 500 received from ALI. Call 111 for help.').tailStart).toBe(44);
  });
});

describe('what stands in the tail', () => {
  const credit = 'Rs 500 received from ALI on 12/03/2026 in your A/C 1234567890, TID 111222333.';
  const tail = ' Get 10% off on bills! Visit your account 9876543210 before 15/04/2026.';

  it('finds the tail on its own, before anything else is read', () => {
    expect(analyse(credit + tail).tailStart).toBe(credit.length + 1);
    expect(analyse(credit).tailStart).toBe(credit.length);
  });

  it('reads the transaction\'s references, accounts, holder words, money and date before the tail only', () => {
    const analysis = analyse(`${credit}${tail} Ref 999888777, Rs 2,000.`);
    expect(analysis.references.map((reference) => reference.value)).toEqual(['111222333']);
    expect(analysis.allReferences.map((reference) => reference.value)).toEqual(['111222333', '999888777']);
    expect(analysis.accounts.map((account) => account.value)).toEqual(['1234567890']);
    expect(analysis.holder.map((hit) => hit.span[0]).every((start) => start < credit.length)).toBe(true);
    expect(analysis.holder.length).toBeGreaterThan(0);
    expect(analysis.money.map((mention) => mention.reading)).toEqual([{ kind: 'exact', paisa: 50_000 }]);
    expect(analysis.date?.date).toBe('12/03/2026');
  });

  it('holds another transaction when it has a reference, or a credit with money in one sentence', () => {
    expect(analyse(credit + tail).tailHoldsTransaction).toBe(false);
    expect(analyse(`${credit}${tail} Ref 999888777.`).tailHoldsTransaction).toBe(true);
    expect(analyse(`${credit}${tail} Rs 2,000 received from BOB.`).tailHoldsTransaction).toBe(true);
    expect(analyse(`${credit}${tail} Cashback is received soon. Pay Rs 2,000 bills.`).tailHoldsTransaction).toBe(false);
    expect(analyse(credit).tailHoldsTransaction).toBe(false);
  });

  it('reads no date from the tail, and no transaction from a safety note in it', () => {
    expect(analyse(`${credit.replace(' on 12/03/2026', '')} Get 10% off till 31/12/2026.`).date).toBeUndefined();
    expect(analyse(`${credit} Get 10% off! Never share your PIN, not even when Rs 100 is received.`).tailHoldsTransaction).toBe(false);
    expect(analyse(`${credit} Get 10% off! Rs 100 is received.`).tailHoldsTransaction).toBe(true);
  });

  it('reads an amount with no currency marker before the tail only', () => {
    const analysis = analyse('You have received 500.00 from ALI. Get 10% off! Amount 700.00 is yours.');
    expect(analysis.bareAmounts.map((mention) => mention.reading)).toEqual([{ kind: 'exact', paisa: 50_000 }]);
  });
});
