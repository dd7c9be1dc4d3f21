import { parseSms } from '@pvs/sms-parsers';
import { JAZZCASH_ACCOUNT, jazzCashCredit, randomTransactionId } from './sms-fixtures';

describe('jazzCashCredit', () => {
  it('writes the credit SMS the suites send, to the default account', () => {
    expect(jazzCashCredit({ reference: '716204418853', amount: '1,250.00' })).toBe(
      'Rs 1,250.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: 716204418853',
    );
  });

  it.each([
    ['an amount as printed', '1,250.00', 125_000, JAZZCASH_ACCOUNT],
    ['a number of rupees', 2350, 235_000, JAZZCASH_ACCOUNT],
    ['another account', '780.50', 78_050, '03001112223'],
  ] as const)('is read by the JazzCash template as a credit of its reference, with %s', (_, amount, amountPaisa, account) => {
    const reference = randomTransactionId();
    expect(parseSms({ sender: '8558', body: jazzCashCredit({ reference, amount, account }) })).toMatchObject({
      ok: true,
      gateway: 'wallet_one',
      tier: 'template',
      reference,
      amountPaisa,
      receivingAccount: account,
    });
  });
});

describe('randomTransactionId', () => {
  it('is 12 digits, another each time', () => {
    const ids = Array.from({ length: 50 }, randomTransactionId);
    for (const id of ids) expect(id).toMatch(/^[1-9]\d{11}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
