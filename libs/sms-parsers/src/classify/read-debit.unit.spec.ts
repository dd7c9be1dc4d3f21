import { parseSms } from '../parse-sms';

// Wordings of debits that state a balance (inferred from the credit wordings of the same institutions in the corpus).
describe('a debit that states the balance after it', () => {
  it.each([
    ['HBL', 'Dear Customer, PKR 2,500.00 has been debited from your A/C **1234 on 12-Nov-26. Avl Bal: PKR 45,300.00', 250_000, 4_530_000, '**1234'],
    ['MCB', 'Your A/C 0012 debited with PKR 700.00 for ATM withdrawal. Available balance PKR 9,300.00', 70_000, 930_000, '0012'],
    ['8558', 'Rs 1,000.00 sent to 03001234567 ALI. Trx ID 123456789012. Your balance is Rs 3,250.50', 100_000, 325_050, undefined],
  ])('from %s is read as a step of the account: %s', (sender, body, amountPaisa, balancePaisa, account) => {
    const result = parseSms({ sender, body });
    expect(result).toEqual({ ok: false, reason: 'not_a_credit', debit: expect.objectContaining({ amountPaisa, balancePaisa }) });
    if (!result.ok) expect(result.debit?.account).toBe(account);
  });

  it.each([
    ['a debit without a balance', 'HBL', 'PKR 2,500.00 has been debited from your A/C **1234 on 12-Nov-26.'],
    ['a failed debit', 'HBL', 'Your transaction of PKR 2,500.00 has failed. Avl Bal: PKR 45,300.00'],
    ['an OTP', 'HBL', 'Your OTP for a debit of PKR 2,500.00 is 123456. Avl Bal: PKR 45,300.00'],
    ['two amounts', 'HBL', 'PKR 2,500.00 and PKR 300.00 debited from your A/C **1234. Avl Bal: PKR 45,300.00'],
  ])('%s tells the ledger nothing', (_, sender, body) => {
    const result = parseSms({ sender, body });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.debit).toBeUndefined();
  });

  it('a credit is never read as a debit', () => {
    const result = parseSms({ sender: 'HBL', body: 'PKR 2,500.00 credited to your A/C **1234 from ALI. Ref 998877. Avl Bal: PKR 47,800.00' });
    expect(result).toMatchObject({ ok: true, direction: 'credit', balancePaisa: 4_780_000 });
  });
});
