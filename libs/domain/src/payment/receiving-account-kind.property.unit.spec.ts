import fc from 'fast-check';
import { accountMatches } from './receiving-account';
import { RECEIVING_ACCOUNT_PATTERN, ReceivingAccountKind, readReceivingAccount } from './receiving-account-kind';

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** Spaces and dashes dropped here and there, as merchants write numbers. */
const spaced = (text: string, cuts: readonly number[]) => [...text].map((character, index) => (cuts.includes(index) ? `${character}${index % 2 ? ' ' : '-'}` : character)).join('');
const withSeparators = (account: fc.Arbitrary<string>) => fc.tuple(account, fc.array(fc.nat({ max: 30 }), { maxLength: 3 })).map(([text, cuts]) => spaced(text, cuts));

const walletNumber = fc.tuple(fc.constantFrom('0', '+92', '92'), digits(9, 9)).map(([prefix, rest]) => `${prefix}3${rest}`);

/** A PK IBAN with the check digits ISO 13616 gives it. */
function iban(bank: string, account: string): string {
  const remainder = [...`${bank}${account}PK00`].reduce((sum, character) => {
    const value = Number.parseInt(character, 36);
    return (sum * (value > 9 ? 100 : 10) + value) % 97;
  }, 0);
  return `PK${String(98 - remainder).padStart(2, '0')}${bank}${account}`;
}
const validIban = fc.tuple(fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 4, maxLength: 4 }), digits(16, 16)).map(([bank, account]) => iban(bank, account));

const bankAccount = digits(6, 20);
const masked = fc.tuple(fc.string({ unit: fc.constantFrom('*', 'x', 'X'), minLength: 1, maxLength: 12 }), digits(4, 16)).map(([mask, visible]) => `${mask}${visible}`);

const kindOf = (entry: string): ReceivingAccountKind | null => {
  const reading = readReceivingAccount(entry);
  return reading.accepted ? reading.kind : null;
};

describe('readReceivingAccount', () => {
  it.each([
    ['a wallet number, local', '03001234567', 'wallet_number'],
    ['a wallet number, +92', '+92 300 1234567', 'wallet_number'],
    ['a wallet number, 92', '923001234567', 'wallet_number'],
    ['an IBAN', 'PK36SCBL0000001123456702', 'iban'],
    ['an IBAN in groups of four, lower case', 'pk36 scbl 0000 0011 2345 6702', 'iban'],
    ['a bank account number with dashes', '0001-2233-4410', 'bank_account'],
    ['a masked number', '****4567', 'masked'],
    ['a masked number with x', 'xxxx-xxxx-4567', 'masked'],
  ] as const)('accepts %s: %s', (_, entry, kind) => {
    expect(readReceivingAccount(entry)).toEqual({ accepted: true, kind });
  });

  it.each([
    ['nothing but a mask', '****', 'a masked number must show its last 4 or more digits'],
    ['letters', 'abc', 'expected a wallet'],
    ['two digits', '12', 'expected a wallet'],
    ['three visible digits', '****567', 'a masked number must show its last 4 or more digits'],
    ['digits before the mask', '0300*****67', 'digits before the mask cannot be compared'],
    ['five digits', '12345', 'expected a wallet'],
    ['21 digits', '1'.repeat(21), 'expected a wallet'],
    ['a wallet number with a letter', '0300123456O', 'expected a wallet'],
    ['an IBAN one digit short', 'PK36SCBL000000112345670', 'an IBAN is PK, 2 check digits, 4 letters and 16 digits'],
    ['an IBAN with a mistyped digit', 'PK36SCBL0000001123456703', 'its IBAN check digits do not agree'],
    ['other punctuation', '0001/2233/4410', 'expected a wallet'],
    ['two separators in a row', '0001--2233', 'expected a wallet'],
    ['a separator first', '-0001-2233', 'expected a wallet'],
  ])('refuses %s: %s', (_, entry, reason) => {
    expect(readReceivingAccount(entry)).toEqual({ accepted: false, reason: expect.stringContaining(reason) });
  });

  it('accepts every wallet number, IBAN, bank account number and masked number, separators or not', () => {
    const kinds: [fc.Arbitrary<string>, readonly ReceivingAccountKind[]][] = [
      [walletNumber, ['wallet_number']],
      [validIban, ['iban']],
      // An 11-digit number starting 03 is a wallet's, whichever list it is in.
      [bankAccount, ['bank_account', 'wallet_number']],
      [masked, ['masked']],
    ];
    for (const [account, expected] of kinds) {
      fc.assert(fc.property(withSeparators(account), (entry) => expected.includes(kindOf(entry) ?? ('none' as never))));
    }
  });

  it('accepts only what a credit stating the same account, its last digits shown, would match', () => {
    const anyAccepted = fc.oneof(walletNumber, validIban, bankAccount, masked);
    /** How an SMS states an account: its last four to ten digits, the rest masked. */
    const statedTail = (entry: string, shown: number) => `****${entry.replace(/\D/g, '').slice(-shown)}`;
    fc.assert(fc.property(withSeparators(anyAccepted), fc.integer({ min: 4, max: 10 }), (entry, shown) => accountMatches(entry, statedTail(entry, shown))));
  });

  it('refuses whatever shows fewer than four digits: nothing could be told apart by it', () => {
    const fewDigits = fc.tuple(fc.string({ maxLength: 20 }), digits(0, 3)).map(([text, few]) => `${text.replace(/\d/g, '')}${few}`);
    fc.assert(fc.property(fewDigits, (entry) => !readReceivingAccount(entry).accepted));
  });

  it('accepts exactly what its published pattern describes, but for the IBAN check digits', () => {
    const pattern = new RegExp(`^${RECEIVING_ACCOUNT_PATTERN}$`);
    const candidates = fc.oneof(withSeparators(fc.oneof(walletNumber, validIban, bankAccount, masked)), fc.string({ maxLength: 30 }), fc.string({ unit: fc.constantFrom(...'0123456789*xX -+PK'), maxLength: 30 }));
    fc.assert(fc.property(candidates, (entry) => {
      const reading = readReceivingAccount(entry);
      return reading.accepted ? pattern.test(entry) : !pattern.test(entry) || reading.reason.includes('IBAN check digits');
    }));
  });

  it('refuses an IBAN with any one digit changed', () => {
    const changed = fc.tuple(validIban, fc.integer({ min: 0, max: 21 }), fc.integer({ min: 1, max: 9 })).map(([valid, which, by]) => {
      const places = [...valid].flatMap((character, index) => (/\d/.test(character) ? [index] : []));
      const at = places[which % places.length];
      return `${valid.slice(0, at)}${(Number(valid[at]) + by) % 10}${valid.slice(at + 1)}`;
    });
    fc.assert(fc.property(changed, (entry) => {
      const reading = readReceivingAccount(entry);
      return !reading.accepted && reading.reason.includes('IBAN check digits');
    }));
  });
});
