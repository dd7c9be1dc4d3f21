import { accountMatches, receivedByMerchant } from './receiving-account';

describe('accountMatches', () => {
  it.each([
    ['the same account', '0001-2233-4410', '0001-2233-4410', true],
    ['masked with *', '0001-2233-4410', '*******4410', true],
    ['masked with x', '0001-2233-4410', 'xxxxxxx4410', true],
    ['masked with X', '0001-2233-4410', 'XXXXXXX4410', true],
    ['masked with * in the middle', '1234567890', '123****890', true],
    ['masked with x in the middle', '1234567890', '123xxxx890', true],
    ['masked with X in the middle', '1234567890', '123XXXX890', true],
    ['masked in the middle, one digit differing', '1234567890', '124****890', false],
    ['the stated tail of a longer account', '00012234410', '2234410', true],
    ['a stated account longer than the configured one', '4410', '00012234410', true],
    ['exactly four digits compared', '0001-2233-4410', '...4410', true],
    ['four digits alone', '4410', '4410', true],
    ['three digits compared', '0001-2233-4410', '...410', false],
    ['three digits alone', '410', '410', false],
    ['nothing but masks', '0001-2233-4410', '**********', false],
    ['the last digit differing', '0001-2233-4410', '0001-2233-4411', false],
    ['the leftmost compared digit differing', '0001-2233-4410', '5410', false],
    ['a digit far from the end differing', '00012234410', '00019234410', false],
    ['a wallet number, local against +92', '03001234567', '+923001234567', true],
    ['a wallet number, local against 92', '03001234567', '923001234567', true],
    ['a wallet number, local against 0092', '03001234567', '00923001234567', true],
    ['a wallet number, +92 against local', '+92 300 1234567', '03001234567', true],
    ['a wallet number, 0092 against 92', '0092-300-1234567', '923001234567', true],
    ['a wallet number, +92 against a masked local', '+923001234567', '0300****567', true],
    ['another wallet number with the same tail', '03001234567', '+923011234567', false],
    ['13 digits starting with 92: no wallet number', '030012345678', '9230012345678', false],
    ['15 digits starting with 0092: no wallet number', '030012345678', '009230012345678', false],
    ['digits before 0092: no wallet number', '023001234567', '100923001234567', false],
    ['spaces and punctuation', '0001 2233 4410', 'A/C: 0001-2233-(4410).', true],
    ["the configured value's own * dropped", '0300***4567', '03004567', true],
  ] as const)('%s: %s against %s → %s', (_, configured, stated, expected) => {
    expect(accountMatches(configured, stated)).toBe(expected);
  });
});

describe('receivedByMerchant', () => {
  it.each([
    ['no accounts configured, none stated', undefined, null, true],
    ['no accounts configured, one stated', undefined, '...9999', true],
    ['an empty list configured, none stated', [], null, true],
    ['an empty list configured, one stated', [], '...9999', true],
    ['an account configured, none stated', ['0001-2233-4410'], null, false],
    ['the configured account stated', ['0001-2233-4410'], '...4410', true],
    ['one of several configured accounts stated', ['0300-1234567', '0001-2233-4410'], '...4410', true],
    ['none of several configured accounts stated', ['0001-2233-4410', '0300-1234567'], '...9999', false],
  ] as const)('%s: %j, %j → %s', (_, configured, stated, expected) => {
    expect(receivedByMerchant(configured, stated)).toBe(expected);
  });
});
