import { DEFAULT_ALLOWED_SENDERS, normalizeSender, senderTrust } from './senders';

describe('normalizeSender', () => {
  it.each([
    ['+92 300 1234567', '03001234567'],
    ['923001234567', '03001234567'],
    ['00923001234567', '03001234567'],
    ['0300-1234567', '03001234567'],
    [' 8558 ', '8558'],
    ['easypaisa', 'EASYPAISA'],
    ['HBL-ALERTS', 'HBLALERTS'],
    ['۸۵۵۸', '8558'],
    ['+923737', '+923737'],
    ['HBL', 'HBL'],
    ['UBL1', 'UBL1'],
    ['03001234567', '03001234567'],
    ['923001234567', '03001234567'],
    ['1HBL', '1HBL'],
    // A mobile number only when it is the whole id: not inside a longer header, not with digits after it.
    ['hbl 923001234567', 'HBL923001234567'],
    ['+9230012345678', '+9230012345678'],
  ])('%p becomes %p, and stays so', (raw, id) => {
    expect(normalizeSender(raw)).toBe(id);
    expect(normalizeSender(id)).toBe(id);
  });
});

describe('sender allow-list', () => {
  it('trusts the wallet short codes and bank headers by default', () => {
    expect(DEFAULT_ALLOWED_SENDERS.wallet_one).toContain('8558');
    expect(DEFAULT_ALLOWED_SENDERS.wallet_two).toContain('3737');
    expect(DEFAULT_ALLOWED_SENDERS.bank).toEqual(expect.arrayContaining(['HBL', 'MEEZAN', 'UBL', 'MCB', 'ABL', 'BAFL', 'FBL']));
    expect(senderTrust(undefined).get('3737')).toEqual(['wallet_two']);
  });

  it("replaces only the gateways a tenant lists, normalising the tenant's entries", () => {
    const trust = senderTrust({ wallet_one: [' 8558 '], bank: ['my-bank'] });
    expect(trust.get('8558')).toEqual(['wallet_one']);
    expect(trust.get('MYBANK')).toEqual(['bank']);
    expect(trust.get('HBL')).toBeUndefined();
    expect(trust.get('3737')).toEqual(['wallet_two']);
  });
});
