import { findAccounts } from './accounts';

describe('findAccounts', () => {
  const accounts = (text: string) => findAccounts(text, () => 0).map(({ value, side, span }) => [value, side, text.slice(...span)]);

  it('reads an account after an account word, whatever the separator, and one written before "Account"', () => {
    expect(accounts('received in your A/C No: 01-2345***6789, Mobile Account:03014455210, AC# xxx3625, IBAN (PK**BAHL****4417), Account ending 5093')).toEqual([
      ['01-2345***6789', 'receiver', '01-2345***6789'],
      ['03014455210', 'receiver', '03014455210'],
      ['xxx3625', 'receiver', 'xxx3625'],
      ['PK**BAHL****4417', 'receiver', 'PK**BAHL****4417'],
      ['5093', 'receiver', '5093'],
    ]);
    expect(accounts('Dear Customer. 0001XXX4521-Current Account has been credited')).toEqual([['0001XXX4521', 'receiver', '0001XXX4521']]);
    expect(accounts('0001234521 Account and 12345 A/C')).toEqual([]);
  });

  it('reads an account written "(ending with 5206)", "ending in 5206" or "ending 5206"', () => {
    expect(accounts('credited to your Account (ending with 5206) on 29/05/2026')).toEqual([['5206', 'receiver', '5206']]);
    expect(accounts('credited to your account ending in 5206 from OMER')).toEqual([['5206', 'receiver', '5206']]);
    expect(accounts('received in your a/c ending 5206 from SANA')).toEqual([['5206', 'receiver', '5206']]);
  });

  it.each([
    ['0001XXX4521-Saving Account', ['0001XXX4521']],
    ['0001XXX4521-Savings Account', ['0001XXX4521']],
    ['0001XXX4521-Basic A/C', ['0001XXX4521']],
    ['0001XXX4521 Account', ['0001XXX4521']],
    ['XX12 Account', ['XX12']],
    ['*X123 A/C', ['*X123']],
    ['X1X2 Account', []],
    ['X12X Account', []],
    ['00X1X Account', []],
    ['0012 Account', []],
  ])('reads the masked number before the account word in %p as %p, and nothing else', (text, values) => {
    expect(accounts(text).map(([value]) => value)).toEqual(values);
  });

  it('lists the accounts in the order they are written, wherever their word stands', () => {
    expect(accounts('Dear Customer. 0001XXX4521-Current Account has been credited from ALI A/C *5678').map(([value, side]) => [value, side])).toEqual([
      ['0001XXX4521', 'receiver'],
      ['*5678', 'payer'],
    ]);
  });

  it.each(['from', 'FRM', 'by', 'sender', 'remitter', 'payer', 'source'])('takes %p before an account as the payer\'s side', (cue) => {
    expect(accounts(`${cue} ALI A/C *1234`)).toEqual([['*1234', 'payer', '*1234']]);
  });

  it.each(['in', 'into', 'to', 'your', 'credited', 'beneficiary', 'receiver'])('takes %p before an account as the receiver\'s side', (cue) => {
    expect(accounts(`Rs 5 from ALI ${cue} A/C *1234`)).toEqual([['*1234', 'receiver', '*1234']]);
  });

  it("gives an account the side of the nearest cue before it in its sentence: from, by, sender or remitter is the payer's", () => {
    expect(accounts('Rs 5 received from ALI A/C *1234 via IBFT in your A/C *5678')).toEqual([
      ['*1234', 'payer', '*1234'],
      ['*5678', 'receiver', '*5678'],
    ]);
    expect(accounts('NADIA A/c # *1234 received PKR 5 by SAMINA IBAN *3867')).toEqual([
      ['*1234', 'receiver', '*1234'],
      ['*3867', 'payer', '*3867'],
    ]);
  });

  it('looks for the cue only in the account\'s own sentence', () => {
    const text = 'Rs 5 received from ALI. A/C *5678 credited.';
    const sentenceStart = (index: number) => (index >= 24 ? 24 : 0);
    expect(findAccounts(text, sentenceStart).map(({ side }) => side)).toEqual(['receiver']);
    expect(findAccounts(text, () => 0).map(({ side }) => side)).toEqual(['payer']);
  });
});
