import { MAX_BODY_LENGTH, parseSms } from './parse-sms';

const RAAST_CREDIT = 'Rs 2,000.00 received in your JazzCash Mobile Account:03014455210 via Raast. TID: 716204418853';

describe('parseSms', () => {
  describe('senders', () => {
    it('reads a credit only from an allow-listed sender, however the sender is written', () => {
      for (const sender of ['8558', ' 8558', 'jazzcash']) expect(parseSms({ sender, body: RAAST_CREDIT }).ok).toBe(true);
      for (const sender of ['85580', '+92 345 1234567', 'JAZZ-CASH1', '3737']) {
        expect(parseSms({ sender, body: RAAST_CREDIT })).toEqual({ ok: false, reason: sender === '3737' ? 'unrecognized_template' : 'untrusted_sender' });
      }
    });

    it("lets a tenant's list replace a gateway's default list", () => {
      const allowedSenders = { wallet_one: ['JAZZ-ALERTS'] };
      expect(parseSms({ sender: 'jazz alerts', body: RAAST_CREDIT }, { allowedSenders })).toMatchObject({ ok: true, gateway: 'wallet_one' });
      expect(parseSms({ sender: '8558', body: RAAST_CREDIT }, { allowedSenders })).toEqual({ ok: false, reason: 'untrusted_sender' });
      expect(parseSms({ sender: '3737', body: 'Trx ID 5944229251. You have Received Rs 10.00 from SADIA with Easypaisa Account 923336126632 and your new Easypaisa account balance is Rs. 10.49.' }, { allowedSenders }).ok).toBe(true);
    });

    it("reads only the sender's own institution's wordings when the sender is a known bank header", () => {
      const hblCredit = 'Your HBL A/C 0412*****90017 has been credited with PKR 18,250.00 on 02/11/2025 09:05:11 via RAAST. Your available balance is PKR 96,004.75';
      expect(parseSms({ sender: 'HBL', body: hblCredit }).ok).toBe(true);
      expect(parseSms({ sender: 'UBL', body: hblCredit })).toEqual({ ok: false, reason: 'unrecognized_template' });
      expect(parseSms({ sender: 'MY-BANK', body: hblCredit }, { allowedSenders: { bank: ['MY-BANK'] } })).toMatchObject({ ok: true, tier: 'template' });
    });
  });

  describe('spans', () => {
    it('point at the amount and reference that were read, also when the same text stands elsewhere', () => {
      expect(parseSms({ sender: '8558', body: RAAST_CREDIT })).toMatchObject({ tier: 'template', spans: { amount: [3, 11], reference: [81, 93] } });
      const twice = 'Rs 5,100.00 have been deposited in your JazzCash Mobile Account from CHUNIAN. Pay only Rs 5,100.00 to Agent. Fee: Rs 0.00, Balance: Rs 5,610.00. TID: 004106281172.';
      const reference = twice.indexOf('004106281172');
      expect(parseSms({ sender: '8558', body: twice })).toMatchObject({ tier: 'template', spans: { amount: [3, 11], reference: [reference, reference + 12] } });
      const referenceTwice = 'Rs 500.00 received in your JazzCash Mobile Account:03014455210 from 716204418853 via Raast. TID: 716204418853';
      const read = parseSms({ sender: '8558', body: referenceTwice });
      expect(read.ok && read.spans.reference && referenceTwice.slice(...read.spans.reference)).toBe('716204418853');
      expect(read.ok && read.spans.reference?.[0]).toBe(referenceTwice.lastIndexOf('716204418853'));
    });
  });

  describe('decoy numbers', () => {
    it('keeps the amount apart from the balance, the fee and the agent line', () => {
      const body = 'Rs 5,100.00 have been deposited in your JazzCash Mobile Account from CHUNIAN. Pay only Rs 5,100.00 to Agent. Fee: Rs 0.00, Balance: Rs 5,610.00. TID: 004106281172.';
      expect(parseSms({ sender: '8558', body })).toMatchObject({ amountPaisa: 510000, balancePaisa: 561000, reference: '004106281172' });
    });

    it('takes the amount without a currency marker when only the balance has one', () => {
      const body = 'Trx ID 15072938169. You have Received 500.00 from NOMAN ASHRAF with Easypaisa Account 0340-8932674 and your new Easypaisa account balance is RS. 100000.00';
      expect(parseSms({ sender: '3737', body })).toMatchObject({ amount: 500, balance: 100000, payer: { number: '0340-8932674' } });
    });

    it('does not take the helpline, the info line, a masked IBAN or a wallet number for the amount or reference', () => {
      expect(parseSms({ sender: 'UBL', body: 'PKR 1 received from AHMED K* in your UBL A/C *4444 on 21-AUG-2026 00:39 via IBFT. Tx ID 7014061940. For info: 111825888.' }))
        .toMatchObject({ amountPaisa: 100, reference: '7014061940', receivingAccount: '*4444' });
      expect(parseSms({ sender: 'FBL', body: 'NADIA TRADERS A/c # *1234 received PKR 500.00 via RAAST from SAMINA BIBI IBAN *3867 on 06-Feb-26 at 04:22 PM Ref#:121621592909 Info:111060606' }))
        .toMatchObject({ amountPaisa: 50000, reference: '121621592909', receivingAccount: '*1234', payer: { account: '*3867' } });
    });

    it('reads thousands written with dots', () => {
      const body = 'PKR 55.000.00 received from IMRAN QURESHI BAFL A/C*2050 via IBFT in FBL A/C *7432 on 29/JAN/2026 at 01:13 PM';
      expect(parseSms({ sender: 'FBL', body })).toMatchObject({ amount: 55000, amountPaisa: 5500000, reference: null });
    });
  });

  describe('a greeting', () => {
    it('names the holder without making the credit their own money', () => {
      const body = 'Dear ALI KHAN, Rs 5,000 received in your account 0301****567 via Raast. TID: 716204418853';
      expect(parseSms({ sender: 'MY-BANK', body }, { allowedSenders: { bank: ['MY-BANK'] } })).toMatchObject({ ok: true, amountPaisa: 500000 });
    });
  });

  describe('non-payments worded like credits', () => {
    it.each([
      ['the holder paid someone', '8558', 'ALI KHAN has received Rs 500 from you. TID: 716204418853', 'not_a_credit'],
      ['an outgoing transfer "received" by the bank', 'HBL', 'IBFT of Rs 500 to ALI KHAN (HBL) received successfully. Ref: 55512345', 'not_a_credit'],
      ['a credit still on its way', 'HBL', 'Rs 500 is being credited to your account. Ref: 55512345', 'failed_transaction'],
      ['money to collect', '3737', 'Trx ID 57133902211. FAROOQ AHMED has sent you Rs. 8,000.00. Visit any easypaisa shop with your original CNIC to collect the amount.', 'not_a_credit'],
      ['a reversal said after a helpline', 'BAFL', 'Dear Customer, PKR 734.68 has been Credited to your A/C: 03-5*****75 on 06-Sep-2026. For info: www.bankalfalah.com Reversed.', 'not_a_credit'],
      ['own money, named twice', 'FBL', 'ZAINAB FATIMA A/c # *0917 received PKR 40,000.00 via RAAST from ZAINAB FATIMA IBAN *5512 on 15-Sep-26 at 10:05 AM Ref#:131158224417 Info:111060606', 'not_a_credit'],
      ['a dividend named as the payer', 'HBL', 'Your HBL account no 0123****4567 has been credited with PKR 847.75 on 6/9/2026 from OGDCL FINAL CASH DIVIDEND.', 'not_a_credit'],
      ['own money, the greeting and the payer written apart', 'HBL', 'Dear M. ALI KHAN, Rs 5,000 received in your account 0301****567 from M ALI KHAN via Raast. TID: 716204418853', 'not_a_credit'],
      ['cashback credited, even beside an offer', 'HBL', 'Enjoy 10% off on bills! Rs 50 cashback received in your account 0301****567. TID: 716204418853', 'not_a_credit'],
      ['an offer before a credit', 'HBL', 'Enjoy 10% off on bills! Rs 50 received in your account 0301****567. TID: 716204418853', 'otp_or_promo'],
    ])('rejects %s', (_, sender, body, reason) => {
      expect(parseSms({ sender, body })).toEqual({ ok: false, reason });
    });

    it('still reads a transfer into the holder\'s account', () => {
      expect(parseSms({ sender: 'HBL', body: 'Raast transfer of PKR 2,000 to your account received. Ref 123456' })).toMatchObject({ ok: true, amountPaisa: 200000, target: 'holder' });
    });
  });

  describe('damaged messages', () => {
    it('rejects a body over the length cap before reading it, and reads one of the cap', () => {
      expect(parseSms({ sender: '8558', body: `${RAAST_CREDIT} ${'x'.repeat(MAX_BODY_LENGTH)}` })).toEqual({ ok: false, reason: 'malformed' });
      const atTheCap = RAAST_CREDIT.padEnd(MAX_BODY_LENGTH, ' ');
      expect(parseSms({ sender: '8558', body: atTheCap })).toMatchObject({ ok: true, amountPaisa: 200000 });
      expect(parseSms({ sender: '8558', body: `${atTheCap} ` })).toEqual({ ok: false, reason: 'malformed' });
    });

    it('never reads a truncated message as a credit that could verify a payment it is not without saying so', () => {
      // Cut before the TID: a JazzCash credit without one is a fragment. Cut inside it: the amount, and a part of the
      // reference that departs from the usual shape, so that it verifies only a payment registered with that very part.
      const reference = '716204418853';
      let read = 0;
      for (let cut = 1; cut < RAAST_CREDIT.length; cut += 1) {
        const result = parseSms({ sender: '8558', body: RAAST_CREDIT.slice(0, cut) });
        if (!result.ok) continue;
        read += 1;
        expect(result).toMatchObject({ amountPaisa: 200000, departures: [expect.objectContaining({ field: 'reference', institution: 'JazzCash', usual: '12 digits' })] });
        expect(reference.startsWith(result.reference ?? 'none')).toBe(true);
      }
      expect(read).toBe(reference.length - 4); // the shortest reference read has four characters
      expect(parseSms({ sender: '8558', body: 'Rs 2,000.00 received in your JazzCash Mobile Account:03014455210 via Raast.' })).toEqual({ ok: false, reason: 'malformed' });
      expect(parseSms({ sender: '8558', body: 'Rs 2,000.00 received in your JazzCash Mobile Account:0301445' })).toEqual({ ok: false, reason: 'malformed' });
    });

    it('keeps reading a credit that ends in a promotional tail', () => {
      const body = `${RAAST_CREDIT}. Ab JazzCash app se bill bharain aur cash back payen. Dial *786# for help.`;
      expect(parseSms({ sender: '8558', body })).toMatchObject({ ok: true, amountPaisa: 200000 });
    });

    it('rejects a credit a template reads when its tail tells of another transaction, as the extracted tier does', () => {
      const tail = 'Get 10% off! Also Rs 500 received. TID: 998877665544';
      expect(parseSms({ sender: '8558', body: `${RAAST_CREDIT}. ${tail}` })).toEqual({ ok: false, reason: 'ambiguous' });
      const extracted = `Dear Customer, Rs 2,000.00 received in your account 0301****567 from ALI RAZA via Raast. TID: 716204418853. ${tail}`;
      expect(parseSms({ sender: 'MY-BANK', body: extracted }, { allowedSenders: { bank: ['MY-BANK'] } })).toEqual({ ok: false, reason: 'ambiguous' });
    });

    it('rejects input that is not an SMS', () => {
      expect(parseSms(null as never)).toEqual({ ok: false, reason: 'malformed' });
      expect(parseSms({ sender: 8558, body: RAAST_CREDIT } as never)).toEqual({ ok: false, reason: 'malformed' });
      expect(parseSms({ sender: '8558', body: 2000 } as never)).toEqual({ ok: false, reason: 'malformed' });
      expect(parseSms({ sender: '8558' } as never)).toEqual({ ok: false, reason: 'malformed' });
    });
  });

  describe('wordings read since issue 29 (round 4 of the development set)', () => {
    it.each([
      ['a Raast credit "as RAAST payment to your AC#" (Meezan)', '8079', 'PKR 7,250.00 received from S.HAIDER AC# xxxPYMT PK46SCBL00000 as RAAST payment to your AC# 0112935071 of MEEZAN BANK LIMITED on 03-Sep-2026 at 09:17', 725000, null],
      ['"Raast Payment to your account"', '9080', 'Raast Payment to your account ****5206 of PKR 3,000.00 from SANA KHAN received on 29/05/2026 14:32. Ref# 914532661204', 300000, '914532661204'],
      ['the payer writing in Urdu script, "X has sent into your account"', '3737', 'Trx ID 52093318847. آپ کے ایزی پیسہ اکاؤنٹ میں نادیہ خان نے 750 روپے بھیجے ہیں۔', 75000, '52093318847'],
      ['"PKR-4,500.00" and "29/May/2026"', '4250', 'Dear Customer, PKR-4,500.00 has been credited to your HBL A/C 1234*****67890 on 29/May/2026 via Raast from TAHIR NAZ. TXN ID SM291432906A5512', 450000, 'SM291432906A5512'],
      ['"PKR 5000.000"', 'NBP', 'Dear Customer, PKR 5000.000 has been credited to your A/C ****5206 via Raast from KASHIF ALI on 29-05-2026. Ref 052914322093', 500000, '052914322093'],
      ['a balance before the credit, "after receiving"', '8558', 'Your JazzCash balance is Rs 6,430.20 after receiving Rs 1,430.00 from TAHIR MOBILE SHOP (0302XXXX119). TID 728641992035', 143000, '728641992035'],
    ] as const)('reads %s', (_, sender, body, amountPaisa, reference) => {
      expect(parseSms({ sender, body })).toMatchObject({ ok: true, amountPaisa, reference });
    });

    it.each([
      ['the outgoing twin "as RAAST payment from your AC#"', '8079', 'PKR 1,250.00 sent to K.IQBAL PK62TMFBxx402 as RAAST payment from your AC# xxx7719 of GULBERG III BRANCH on 18-Sep-2026 at 11:34 TID:482915.', 'not_a_credit'],
      ['"you sent" in Urdu script', '8558', 'جاز کیش: آپ نے 0333xxxx918 کو 500 روپے بھیجے۔ TID: 36741529190', 'not_a_credit'],
      ['"you sent into somebody\'s account" in Urdu script', '8558', 'آپ نے علی کے اکاؤنٹ میں 500 روپے بھیجے۔ TID: 716402218835', 'not_a_credit'],
      ['a fraction of a paisa', 'NBP', 'Dear Customer, PKR 5000.005 has been credited to your A/C ****5206. Ref 052914322093', 'malformed'],
      ['"you sent" after "in JazzCash", in Roman Urdu', '8558', 'JazzCash main aap ne ALI ko Rs 500 bheje. TID: 716402218835', 'not_a_credit'],
      ['"you sent" after "in JazzCash", in Urdu script', '8558', 'جاز کیش میں آپ نے علی کو 500 روپے بھیجے۔ TID: 716402218835', 'not_a_credit'],
      ['"from your account, you sent" in Urdu script', '8558', 'آپ کے اکاؤنٹ میں سے آپ نے علی کو 500 روپے بھیجے۔ TID: 716402218835', 'not_a_credit'],
      ['a TRX ID and a Raast message id: the transaction id is the reference', 'NBP', 'Dear Customer, PKR 500.00 credited to your A/C. TRX ID: 716204418853. MSGID: 99887766554433', null],
    ] as const)('refuses %s, or reads it as said', (_, sender, body, reason) => {
      if (reason === null) expect(parseSms({ sender, body })).toMatchObject({ ok: true, reference: '716204418853' });
      else expect(parseSms({ sender, body })).toEqual({ ok: false, reason });
    });
  });
});
