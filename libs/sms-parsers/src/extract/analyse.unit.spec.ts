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
