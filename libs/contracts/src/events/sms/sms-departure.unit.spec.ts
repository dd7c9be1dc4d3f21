import { describeDeparture } from './sms-events';

describe('describeDeparture', () => {
  it('says in words how a reading departs from what its institution usually sends', () => {
    expect(describeDeparture({ field: 'reference', institution: 'JazzCash', usual: '12 digits', found: '11 digits' })).toBe(
      'JazzCash transaction ids are usually 12 digits; this one is 11 digits',
    );
    expect(describeDeparture({ field: 'account', institution: 'Easypaisa', usual: 'a mobile number, whole or masked', found: '0300-12345' })).toBe(
      'Easypaisa accounts are usually a mobile number, whole or masked; this one is 0300-12345',
    );
  });
});
