import { findInstitutionNames, institutionOfSender, institutionsOfSender } from './identify';

describe('institutionsOfSender', () => {
  it('names the institutions of a sender id among those of the gateways it is trusted for', () => {
    expect(institutionsOfSender('8558', ['wallet_one'])).toEqual(['jazzcash']);
    expect(institutionsOfSender('8558', ['bank', 'wallet_one'])).toEqual(['jazzcash']);
    // A tenant that trusts JazzCash's short code for bank alerts only gets no JazzCash institution for it.
    expect(institutionsOfSender('8558', ['bank'])).toEqual([]);
    expect(institutionsOfSender('MYSHOPBANK', ['bank'])).toEqual([]);
  });

  it('answers the same for the same allow-list entry, asked again', () => {
    const trusted = ['wallet_two'] as const;
    expect(institutionsOfSender('3737', trusted)).toEqual(['easypaisa']);
    expect(institutionsOfSender('3737', trusted)).toEqual(['easypaisa']);
    expect(institutionsOfSender('8558', trusted)).toEqual([]);
  });
});

describe('institutionOfSender', () => {
  it('names the institution a sender id (as forwarded) belongs to, whatever a tenant trusts, and none for others', () => {
    expect(institutionOfSender('8558')).toBe('jazzcash');
    expect(institutionOfSender(' easypaisa ')).toBe('easypaisa');
    expect(institutionOfSender('HBL')).toBe('hbl');
    expect(institutionOfSender('MYSHOPBANK')).toBeNull();
  });
});

describe('findInstitutionNames', () => {
  it('finds every institution a message names, in order', () => {
    expect(findInstitutionNames('Rs 5 from Meezan Bank into your HBL A/C, not JazzCash').map((hit) => hit.kind)).toEqual(['meezan', 'hbl', 'jazzcash']);
  });
});
