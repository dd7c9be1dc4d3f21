import { INSTITUTION_IDS, INSTITUTIONS, institution, institutionIdByName } from './institutions';

describe('institutions', () => {
  it('lists every institution once, by the id it is kept under', () => {
    expect(INSTITUTION_IDS).toEqual(Object.keys(INSTITUTIONS));
    expect(institution('jazzcash').name).toBe('JazzCash');
  });

  // A wallet receives on a mobile number: a credit "to" anything else departs from what a wallet usually shows.
  it.each([
    ['03001234567', true],
    ['923001234567', true],
    ['+923001234567', true],
    ['0300*****67', true],
    ['XXXXXXX4567', true],
    ['103001234567', false],
    ['030012345678', false],
    ['0300123456', false],
    ['04001234567', false],
    ['1234567890', false],
  ])("reads %s as a wallet's usual account number: %s", (account, isWallet) => {
    expect(institution('jazzcash').usualAccount?.shape.test(account)).toBe(isWallet);
  });

  it('knows the wallet whose every credit alert carries a transaction id: JazzCash (an Easypaisa alert or app notification may carry none)', () => {
    expect(INSTITUTION_IDS.filter((id) => institution(id).creditsCarryReference === true)).toEqual(['jazzcash']);
  });
});

describe('institutionIdByName', () => {
  it('finds each institution by the name a parse records, and none by a name no longer known', () => {
    for (const id of INSTITUTION_IDS) expect(institutionIdByName(institution(id).name)).toBe(id);
    expect(institutionIdByName('Bank of Nowhere')).toBeNull();
  });
});
