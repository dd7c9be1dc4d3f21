import { explainSms } from './explain';

// What an operator reads for a message: each layer's findings on a line of its own, in a fixed order and form.
describe('explainSms', () => {
  it('says which template read a message, and what each layer found', () => {
    const body = 'Rs 33,974.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: 900037333046';
    expect(explainSms({ sender: '8558', body })).toEqual({
      outcome: 'read (template wallet_one.raast_in): wallet_one 33974 PKR, reference 900037333046, target holder',
      text: body,
      lines: [
        'wording    credit "received" @13-21',
        'ignored    -',
        'addressed  "your JazzCash Mobile Account"',
        'money      "33,974.00" transaction @3-12',
        'references "TID" "900037333046" rank 0 @82-94',
        'accounts   receiver "03444160241"',
        'named      jazzcash "JazzCash"',
        'spans      amount @3-12, reference @82-94 (in the body as sent)',
      ],
    });
  });

  it('shows an extracted reading with a labelled decoy amount, an ignored fee word and no template', () => {
    const body = 'Dear Customer, PKR 2,500 has been credited to your A/C **1234 from AHMED via Raast. Ref No 12345678. Fee: Rs 10 deducted.';
    expect(explainSms({ sender: '8287', body })).toEqual({
      outcome: 'read (extracted): bank 2500 PKR, reference 12345678, target holder',
      text: body,
      lines: [
        'wording    credit "credited to your" @34-50',
        'ignored    debit "deducted" (fee)',
        'addressed  "your A/C"',
        'money      "2,500" transaction @19-24 · "10" decoy after "Fee" @109-111',
        'references "Ref No" "12345678" rank 0 @91-99',
        'accounts   receiver "**1234"',
        'named      -',
        'spans      amount @19-24, reference @91-99 (in the body as sent)',
      ],
    });
  });

  it('marks an amount read without a currency marker, the payer\'s account, and every institution named', () => {
    const body = 'HBL: You have received 750.00 from Meezan Bank A/C 1234 into your HBL A/C. Ref 55667788';
    expect(explainSms({ sender: 'HBL', body }).lines).toEqual([
      'wording    credit "received" @14-22',
      'ignored    -',
      'addressed  "You have received" · "your HBL A/C"',
      'money      "750.00" transaction (no marker) @23-29',
      'references "Ref" "55667788" rank 0 @79-87',
      'accounts   payer "1234"',
      'named      hbl "HBL" · meezan "Meezan" · hbl "HBL"',
      'spans      amount @23-29, reference @79-87 (in the body as sent)',
    ]);
  });

  it('says when a credit has no reference', () => {
    const body = 'Cash deposit of Rs 5,000 has been credited to your A/C 1234 at Gulberg branch on 02/01/2026.';
    const explanation = explainSms({ sender: 'MCB', body });
    expect(explanation.outcome).toBe('read (extracted): bank 5000 PKR, reference none, target holder');
    expect(explanation.lines).toContain('references -');
    expect(explanation.lines).toContain('spans      amount @19-24, reference none (in the body as sent)');
    expect(explanation.lines[0]).toBe('wording    credit "Cash deposit" @0-12 · credit "credited to your" @34-50');
  });

  it('says how a reading departs from what its institution usually sends', () => {
    const { outcome, lines } = explainSms({ sender: '8558', body: 'Rs 1,500.00 received from ADEEL AKHTAR in your JazzCash account. TID: 36741529083' });
    expect(outcome).toBe('read (extracted): wallet_one 1500 PKR, reference 36741529083, target holder');
    expect(lines).toContain('departs    JazzCash transaction ids are usually 12 digits; this one is 11 digits');
  });

  it('shows where a promotional tail starts, and that it holds another transaction', () => {
    const body = 'You have received Rs 1,500.00 from ALI KHAN 03001234567 on 12/03/2026 10:15 AM. TID: 012345678901. Get 10% off on bills! TID 999888777.';
    const explanation = explainSms({ sender: 'JazzCash', body });
    expect(explanation.outcome).toBe('rejected: ambiguous');
    expect(explanation.lines).toEqual([
      'wording    credit "received" @9-17',
      'ignored    promotion "Get" (tail) · promotion "10%" (tail) · request "bills" (tail)',
      'addressed  "You have received"',
      'money      "1,500.00" transaction @21-29',
      'references "TID" "012345678901" rank 0 @85-97',
      'accounts   -',
      'named      -',
      'tail       ignored from 99 (holds another transaction)',
    ]);
    expect(explainSms({ sender: 'JazzCash', body: body.replace(' TID 999888777.', '') }).lines.at(-2)).toBe('tail       ignored from 99');
  });

  it('gives a rejection its reason, and no findings where no layer read the message', () => {
    expect(explainSms({ sender: 'JazzCash', body: 'Rs 500 sent to ALI. TID 123456789.' }).outcome).toBe('rejected: not_a_credit');
    expect(explainSms({ sender: 'JazzCash', body: 'Hello' })).toEqual({
      outcome: 'rejected: unrecognized_template',
      text: 'Hello',
      lines: ['wording    -', 'ignored    -', 'addressed  -', 'money      -', 'references -', 'accounts   -', 'named      -'],
    });
    expect(explainSms({ sender: 'UNKNOWN1', body: 'Rs 500 received from ALI. TID 123456789.' })).toEqual({ outcome: 'rejected: untrusted_sender', text: '', lines: [] });
  });
});
