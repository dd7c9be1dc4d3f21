import { findAddressee, findPayerName, findPayerNumber } from './names';

describe('findPayerName', () => {
  it.each([
    ['Rs 5 received from ALI KHAN via IBFT', 'ALI KHAN'],
    ['Rs 5 from 03001234567 ALI KHAN. TID 1', 'ALI KHAN'],
    ['from M. ASIF, A/C: ***2342', 'M. ASIF'],
    ['from sana.iqbal7@nayapay on 10 Nov', 'sana.iqbal7@nayapay'],
    ['received from AHMED K* UBL A/C *4444', 'AHMED K* UBL'],
    ['Sender: TARIQ JAVED. TID 1', 'TARIQ JAVED'],
    ['Bhejne wala: SAJIDA PARVEEN (0300****219)', 'SAJIDA PARVEEN'],
    ['from ZAHID IQBAL PK36MEZN******4418 via Raast', 'ZAHID IQBAL'],
  ])('%s: %s', (text, name) => {
    const payer = findPayerName(text);
    expect(payer?.name).toBe(name);
    expect(payer && text.slice(...payer.span)).toBe(name);
  });

  it.each(['debited from your account', 'Rs 5 from 0300****567 in your JazzCash', 'received from , Bank HBL', 'no payer here'])('finds none in %s', (text) => {
    expect(findPayerName(text)).toBeUndefined();
  });
});

describe('findPayerNumber', () => {
  it('reads a mobile number after "from", with or without a name, in brackets or not', () => {
    expect(findPayerNumber('from SHAHID NAWAZ (0321****456) in your')).toBe('0321****456');
    expect(findPayerNumber('from 03001234567 ALI')).toBe('03001234567');
    expect(findPayerNumber('from ALI KHAN, +923001234567')).toBe('+923001234567');
    expect(findPayerNumber('from ALI KHAN A/C 1234')).toBeUndefined();
  });
});

describe('findAddressee', () => {
  it.each([
    ['Dear ALI RAZA, Rs 5 received', 'ALI RAZA'],
    ['Dear Customer, Dear ALI RAZA, x', 'ALI RAZA'],
    ['Alert: ADEEL RAZA, PKR 5 received', 'ADEEL RAZA'],
    ['ADEEL RAZA, 25,000.00 PKR received', 'ADEEL RAZA'],
    ['ZAINAB FATIMA A/c # *0917 received', 'ZAINAB FATIMA'],
    ['ZAINAB FATIMA A/c# *0917 received', 'ZAINAB FATIMA'],
    ['Notification: ZAINAB FATIMA, Rs 5 received', 'ZAINAB FATIMA'],
    ['HBL Alert ADEEL RAZA, PKR 5 received', 'ADEEL RAZA'],
    ['JazzCash alert ADEEL RAZA, PKR 5 received', 'ADEEL RAZA'],
    ['MCB ALERT ADEEL RAZA A/c # *0917 received', 'ADEEL RAZA'],
    ['Payment Notification ZAINAB FATIMA, Rs 5 received', 'ZAINAB FATIMA'],
    ['payment notification ZAINAB FATIMA, Rs 5 received', 'ZAINAB FATIMA'],
    ['Received. ZAINAB BIBI FATIMA, 5 PKR', 'ZAINAB BIBI FATIMA'],
    ['Hi Zainab, Kamran sent Rs 5', 'Zainab'],
  ])('%s: %s', (text, name) => {
    const addressee = findAddressee(text);
    expect(addressee?.name).toBe(name);
    expect(addressee && text.slice(...addressee.span)).toBe(name);
  });

  it.each([
    'Dear Customer, Rs 5 received',
    'Dear Valued Customer: x',
    'Dear Konnect Customer, x',
    'Dear ACCOUNT HOLDER,: x',
    'Alert: VALUED CUSTOMER, PKR 5 received',
    'PREMIUM ACCOUNT HOLDER, PKR 5 received',
    'remitter FARHEEN AKRAM, 02-09-2026',
    'Rs 5 received from ALI KHAN, PKR 5',
    'UBL Alert: Funds Transfer of Rs. 5',
  ])('finds none in %s', (text) => {
    expect(findAddressee(text)).toBeUndefined();
  });
});
