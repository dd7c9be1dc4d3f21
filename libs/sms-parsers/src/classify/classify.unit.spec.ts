import { analyse } from '../extract/analyse';
import { InstitutionId } from '../institutions/institutions';
import { Gateway } from '../sms.types';
import { classify, transactionReference } from './classify';

const from = (gateways: readonly Gateway[], institutions: readonly InstitutionId[] = []) => ({ gateways, institutions, receivedAt: undefined });
const JAZZCASH = from(['wallet_one'], ['jazzcash']);
const MY_BANK = from(['bank']);
const reading = (text: string, sender = MY_BANK) => classify(analyse(text), sender);

describe('classify', () => {
  it('reads one credit with every field it states', () => {
    const text = 'Rs 5,000 received from ALI KHAN in your JazzCash account 03001234567 on 12/03/2026 at 10:00. TID: 716204418853. Balance Rs 9,000';
    expect(reading(text, JAZZCASH)).toEqual({
      ok: true,
      gateway: 'wallet_one',
      institution: 'jazzcash',
      amount: expect.objectContaining({ span: [3, 8], paisa: 500000 }),
      reference: expect.objectContaining({ label: 'TID', value: '716204418853' }),
      target: 'holder',
      receivingAccount: '03001234567',
      balancePaisa: 900000,
      payer: { name: 'ALI KHAN' },
      occurredAt: '2026-03-12T10:00:00+05:00',
      departures: [],
    });
  });

  it('says a credit to somebody\'s account by name is addressed to a third party, unless also to the holder', () => {
    expect(reading('Cash deposit of PKR 5,000.00 in A/C of AHMED RAZA ****5206 has been received. Ref No 052914320418')).toMatchObject({ ok: true, target: 'third_party' });
    expect(reading('Rs. 10,500 has been credited to the JazzCash account of ZAINAB BIBI. TID: 730511284409', JAZZCASH)).toMatchObject({ target: 'third_party' });
    expect(reading('Rs 5,000 received in your account of DHA BRANCH. Ref 123456')).toMatchObject({ target: 'holder' });
    // A depositor's receipt: "your deposit" is the depositor's, the account somebody else's.
    expect(reading('Your deposit in A/C of AHMED RAZA of PKR 5,000.00 has been received. Ref No 052914320418')).toMatchObject({ ok: true, target: 'third_party' });
    expect(reading('Dear Customer, your cash deposit of PKR 5,000.00 in account of AHMED RAZA has been received. Ref 123456')).toMatchObject({ target: 'third_party' });
    // The account of the payer is no receiver.
    expect(reading('Rs 5,000 received from the account of ALI KHAN. Ref 123456')).toMatchObject({ target: 'unstated' });
  });

  it("says to whom the credit is addressed: the holder, a stated account, or nobody, and keeps the payer's account", () => {
    expect(reading('Rs 5,000 received in A/C *1234. Ref 123456')).toMatchObject({ ok: true, target: 'account', receivingAccount: '*1234' });
    expect(reading('Rs 5,000 received via Raast from ALI. Ref 123456')).toMatchObject({ ok: true, target: 'unstated', payer: { name: 'ALI' } });
    expect(reading('Rs 5,000 received via Raast from ALI. Ref 123456')).not.toHaveProperty('receivingAccount');
    expect(reading('Rs 5,000 received from ALI A/C *1234 via IBFT. Ref 123456')).toMatchObject({ payer: { name: 'ALI', account: '*1234' } });
    expect(reading('Rs 5,000 received from ALI, 03001234567. Ref 123456')).toMatchObject({ payer: { name: 'ALI', number: '03001234567' } });
  });

  it('refuses an amount it cannot read exactly, alone or beside one it can', () => {
    expect(reading('Rs 1.500 received from ALI in your A/C *1234. Ref 123456')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(reading('Rs 1.500 received from ALI in your A/C *1234, Amount Rs 1,500. Ref 123456')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(reading('Rs 14,99 received from ALI in your A/C *1234. Ref 123456')).toEqual({ ok: false, reason: 'malformed' });
    expect(reading('Rs 500 received from ALI in your A/C *1234, Amount Rs 14,99. Ref 123456')).toEqual({ ok: false, reason: 'malformed' });
  });

  it("keeps the payer's account apart from the receiving one, and never takes a mobile number for an account", () => {
    expect(reading('Rs 5,000 received from ALI A/C *9999 in your A/C *1234. Ref 123456')).toMatchObject({ receivingAccount: '*1234', payer: { name: 'ALI', account: '*9999' } });
    expect(reading('Rs 5,000 received from ALI A/C 1203456789 via IBFT. Ref 123456')).toMatchObject({ payer: { account: '1203456789' } });
    for (const number of ['923001234567', '+923001234567', '03001234567']) {
      expect(reading(`Rs 5,000 received from ALI A/C ${number} via IBFT. Ref 123456`)).toMatchObject({ ok: true, payer: { name: 'ALI' } });
      expect(reading(`Rs 5,000 received from ALI A/C ${number} via IBFT. Ref 123456`)).not.toHaveProperty('payer.account');
    }
  });

  it("reads a reference or account of another shape than its institution's usual one, and says how it departs", () => {
    const credit = (account: string, reference: string) => reading(`Rs 5,000 received from ALI in your JazzCash account ${account}. TID: ${reference}`, JAZZCASH);
    expect(credit('0300-1234567', '716204418853')).toMatchObject({ ok: true, receivingAccount: '0300-1234567', departures: [] });
    expect(credit('0300-1234567', '36620983731')).toMatchObject({
      ok: true,
      reference: expect.objectContaining({ value: '36620983731' }),
      departures: [{ field: 'reference', institution: 'JazzCash', usual: '12 digits', found: '11 digits' }],
    });
    expect(credit('0300-1234567', '3662098373')).toMatchObject({ departures: [{ field: 'reference', found: '10 digits' }] });
    expect(credit('0300-1234567', 'JC5402MX')).toMatchObject({ departures: [{ field: 'reference', found: '8 letters and digits' }] });
    expect(credit('0300-12345', '716204418853')).toMatchObject({
      ok: true,
      receivingAccount: '0300-12345',
      departures: [{ field: 'account', institution: 'JazzCash', usual: 'a mobile number, whole or masked', found: '0300-12345' }],
    });
    expect(credit('0300-12345', '71620441')).toMatchObject({ departures: [{ field: 'reference', found: '8 digits' }, { field: 'account', found: '0300-12345' }] });
    const easypaisa = reading('Rs 5,000 received from ALI in your Easypaisa account. Trx ID 7162044', from(['wallet_two'], ['easypaisa']));
    expect(easypaisa).toMatchObject({ ok: true, departures: [{ field: 'reference', institution: 'Easypaisa', usual: '8 to 16 letters and digits', found: '7 digits' }] });
    // A bank states no usual shape: nothing to depart from.
    expect(reading('Rs 5,000 received from ALI in your account 0300-12345. Ref 71620441')).toMatchObject({ ok: true, receivingAccount: '0300-12345', departures: [] });
  });

  it('calls a credit of a wallet whose every credit carries a transaction id, read without one, a message cut short', () => {
    expect(reading('Rs 5,000 received from ALI in your JazzCash account 03001234567.', JAZZCASH)).toEqual({ ok: false, reason: 'malformed' });
    // Elsewhere a credit without one is a credit without a reference: a bank's, Easypaisa's, a wallet's read from a tenant's own sender.
    expect(reading('Rs 5,000 received from ALI in your Easypaisa account.', from(['wallet_two'], ['easypaisa']))).toMatchObject({ ok: true, reference: null });
    expect(reading('Rs 5,000 received from ALI in your HBL account.', from(['bank'], ['hbl']))).toMatchObject({ ok: true, reference: null });
    expect(reading('Rs 5,000 received from ALI in your JazzCash account.', from(['wallet_one']))).toMatchObject({ ok: true, reference: null });
  });

  it('keeps no balance written with a dash, which may be a minus', () => {
    expect(reading('Rs 5,000 received from ALI. Avl Bal PKR-1,200.00. Ref 123456')).not.toHaveProperty('balancePaisa');
    expect(reading('PKR-5,000.00 received from ALI. Avl Bal PKR 1,200.00. Ref 123456')).toMatchObject({ amount: expect.objectContaining({ paisa: 500000 }), balancePaisa: 120000 });
  });

  it('keeps a balance only when the message states one', () => {
    expect(reading('Rs 5,000 received from ALI. Bal Rs 9,00. Available balance Rs 9,000. Ref 123456')).toMatchObject({ balancePaisa: 900000 });
    expect(reading('Rs 5,000 received from ALI. Bal Rs 9,000. Balance Rs 8,000. Ref 123456')).not.toHaveProperty('balancePaisa');
    expect(reading('Rs 5,000 received from ALI. Bal Rs 9,000. Available balance Rs 9,000. Ref 123456')).toMatchObject({ balancePaisa: 900000 });
  });

  it('chooses the gateway of the sender, and between gateways by the institution the message names', () => {
    const bothGateways = from(['bank', 'wallet_one']);
    expect(reading('Rs 5,000 received from ALI in your JazzCash account. TID: 716204418853', bothGateways)).toMatchObject({ ok: true, gateway: 'wallet_one', institution: null });
    expect(reading('Rs 5,000 received from ALI KHAN. TID: 716204418853', bothGateways)).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it("takes the gateway of the sender's institution over the allow-list's, and refuses two institutions of different gateways", () => {
    expect(reading('Rs 5,000 received from ALI KHAN. TID: 716204418853', from(['bank', 'wallet_one'], ['jazzcash']))).toMatchObject({ ok: true, gateway: 'wallet_one', institution: 'jazzcash' });
    expect(reading('Rs 5,000 received from HBL in your JazzCash account. TID: 716204418853', from(['bank', 'wallet_one']))).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it("reads a credit without a reference only when it names a party, and a payer's number alone is one", () => {
    expect(reading('Rs 5,000 received from 03001234567')).toMatchObject({ ok: true, reference: null, payer: { number: '03001234567' } });
    expect(reading('Rs 5,000 received')).toEqual({ ok: false, reason: 'unrecognized_template' });
  });

  it("refuses a credit to another institution's account than the sender's", () => {
    expect(reading('Rs 5,000 received in your HBL A/C *1234. Ref 123456', from(['bank'], ['ubl']))).toEqual({ ok: false, reason: 'unrecognized_template' });
    expect(reading('Rs 5,000 received in your UBL A/C *1234. Ref 123456', from(['bank'], ['ubl']))).toMatchObject({ ok: true, institution: 'ubl' });
    expect(reading('Rs 5,000 received in your JazzCash account. Ref 123456')).toEqual({ ok: false, reason: 'unrecognized_template' });
    expect(reading('Rs 5,000 received in your UBL A/C and your HBL A/C. Ref 123456', from(['bank'], ['ubl']))).toMatchObject({ ok: true, institution: 'ubl' });
  });

  it.each([
    ['a date that does not exist', 'Rs 5,000 received from ALI on 31/02/2026 at 10:00. Ref 123456', MY_BANK],
    ['a zero amount', 'Rs 0 received from ALI. Ref 123456', MY_BANK],
    ['badly grouped money', 'Rs 5,00 received from ALI. Ref 123456', MY_BANK],
  ])('calls %s malformed', (_, text, sender) => {
    expect(reading(text, sender)).toEqual({ ok: false, reason: 'malformed' });
  });

  it.each([
    ['two amounts', 'Rs 5,000 received from ALI and Rs 7,000 received from SANA. Ref 123456'],
    ['two references', 'Rs 5,000 received from ALI. TID 123456. TID 654321'],
    ['"1.500"', 'Rs 1.500 received from ALI. Ref 123456'],
    ['a reference in a promotional tail', 'Rs 5,000 received via Raast. Get 10% off. TID 716204418853'],
  ])('calls %s ambiguous', (_, text) => {
    expect(reading(text)).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it.each([
    ['no credit wording', 'Rs 5,000 for ALI. Ref 123456'],
    ['no amount', 'Money received from ALI. Ref 123456'],
    ['nobody named and no reference', 'Rs 5,000 received'],
  ])('cannot read a message with %s', (_, text) => {
    expect(reading(text)).toEqual({ ok: false, reason: 'unrecognized_template' });
  });

  it("calls money from the addressee's own name a move between the holder's accounts, whatever its case and punctuation", () => {
    expect(reading('Dear ALI KHAN, Rs 5,000 received from ALI-KHAN in your A/C *1234. Ref 123456')).toEqual({ ok: false, reason: 'not_a_credit' });
    expect(reading('Dear Ali Khan, Rs 5,000 received from ALI KHAN in your A/C *1234. Ref 123456')).toEqual({ ok: false, reason: 'not_a_credit' });
    expect(reading('Dear ALI KHAN, Rs 5,000 received from SANA in your A/C *1234. Ref 123456')).toMatchObject({ ok: true, payer: { name: 'SANA' } });
    expect(reading('Dear ALI KHAN, Rs 5,000 received in your A/C *1234. Ref 123456')).toMatchObject({ ok: true, target: 'holder' });
  });

  it('reads an amount written without a marker after "received" when no marked amount is the transaction', () => {
    expect(reading('You have Received 500.00 from ALI. Balance is Rs. 9,000. Trx ID 5944229251')).toMatchObject({ ok: true, amount: expect.objectContaining({ paisa: 50000 }) });
  });
});

describe('transactionReference', () => {
  it('takes the best-ranked label, and calls two values of that rank ambiguous', () => {
    expect(transactionReference(analyse('STAN 448120 RRN 416820482210'))).toMatchObject({ value: '416820482210', rank: 1 });
    expect(transactionReference(analyse('Till ID 981234567. TID: 716204418853'))).toMatchObject({ value: '716204418853', rank: 0 });
    expect(transactionReference(analyse('TID 123456 and TID 123456'))).toMatchObject({ value: '123456' });
    expect(transactionReference(analyse('TID 123456 and Ref 654321'))).toBe('ambiguous');
    expect(transactionReference(analyse('no reference'))).toBeNull();
  });
});
