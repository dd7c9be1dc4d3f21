import { answerJsonLine, explainJsonLine, parseJsonLine, readAllowedSenders } from './json-lines';

const CREDIT = {
  sender: '8558',
  body: 'Rs 1,250.00 received from SANA IQBAL AC ***************210045871 in your JazzCash Mobile Account:03215566012 via Raast. TID: 717402215569',
  received_at: '2026-06-16T10:00:00+05:00',
};

describe('parseJsonLine', () => {
  it('writes a credit with snake_case keys', () => {
    expect(parseJsonLine(JSON.stringify(CREDIT))).toStrictEqual({
      ok: true,
      gateway: 'wallet_one',
      reference: '717402215569',
      amount: 1250,
      tier: 'template',
      template_id: 'wallet_one.raast_in',
      institution: 'JazzCash',
      target: 'holder',
      spans: { amount: [3, 11], reference: [125, 137] },
      payer: { name: 'SANA IQBAL', account: '***************210045871' },
      receiving_account: '03215566012',
    });
  });

  it('writes the balance where the message states one, and the reason for a rejection', () => {
    const withBalance = {
      sender: '3737',
      body: 'Trx ID 5944229251. You have Received Rs 10.00 from SADIA with Easypaisa Account 923336126632 and your new Easypaisa account balance is Rs. 10.49.',
    };
    expect(parseJsonLine(JSON.stringify(withBalance))).toMatchObject({ ok: true, balance: 10.49, reference: '5944229251' });
    expect(parseJsonLine(JSON.stringify({ ...CREDIT, sender: '03001234567' }))).toStrictEqual({ ok: false, reason: 'untrusted_sender' });
  });

  it.each(['not json', '[]', 'null', '42', '{"sender":"8558"}', '{"sender":8558,"body":"x"}', JSON.stringify({ ...CREDIT, received_at: 5 })])(
    'calls the bad input line %s malformed',
    (line) => {
      expect(parseJsonLine(line)).toStrictEqual({ ok: false, reason: 'malformed' });
    },
  );

  it('writes when the payment was made, its year taken from received_at where the message leaves it out; received_at may be null', () => {
    const body = 'Rs 500.00 received from ALI KHAN in your A/C *1234 on 12-Mar at 10:15. Ref 12345678';
    expect(parseJsonLine(JSON.stringify({ sender: 'HBL', body, received_at: '2026-03-12T10:20:00+05:00' }))).toMatchObject({ ok: true, occurred_at: '2026-03-12T10:15:00+05:00' });
    expect(parseJsonLine(JSON.stringify({ sender: 'HBL', body, received_at: null }))).toMatchObject({ ok: true, reference: '12345678' });
    expect(parseJsonLine(JSON.stringify({ sender: 'HBL', body, received_at: null }))).not.toHaveProperty('occurred_at');
    expect(parseJsonLine(JSON.stringify({ sender: 'HBL', body: body.replace('12-Mar', '12-Mar-2025') }))).toMatchObject({ occurred_at: '2025-03-12T10:15:00+05:00' });
    expect(parseJsonLine(JSON.stringify({ sender: 'HBL', body: 'Rs 500.00 received from ALI KHAN on 12-Mar-2026 at 10:15. Ref 12345678' }))).toStrictEqual({
      ok: true,
      gateway: 'bank',
      reference: '12345678',
      amount: 500,
      tier: 'extracted',
      template_id: null,
      institution: 'HBL',
      target: 'unstated',
      spans: { amount: [3, 9], reference: [62, 70] },
      payer: { name: 'ALI KHAN' },
      occurred_at: '2026-03-12T10:15:00+05:00',
    });
  });

  it('applies a senders list from the options', () => {
    const options = { allowedSenders: readAllowedSenders('{"wallet_one": ["JAZZ ALERTS"]}') };
    expect(parseJsonLine(JSON.stringify(CREDIT), options)).toStrictEqual({ ok: false, reason: 'untrusted_sender' });
    expect(parseJsonLine(JSON.stringify({ ...CREDIT, sender: 'Jazz Alerts' }), options)).toMatchObject({ ok: true });
  });
});

describe('answerJsonLine', () => {
  it('answers every non-blank line in order and keeps going past bad lines', () => {
    const lines = [JSON.stringify(CREDIT), '{broken', '', JSON.stringify({ sender: 'HBL', body: 'Your OTP is 123456' }), '  '];
    const answers = lines.flatMap((line) => answerJsonLine(line) ?? []);
    expect(answers.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ ok: true, reference: '717402215569' }),
      { ok: false, reason: 'malformed' },
      { ok: false, reason: 'otp_or_promo' },
    ]);
  });
});

describe('explainJsonLine', () => {
  it('says, layer by layer, why a message was read', () => {
    const line = JSON.stringify({
      sender: 'NBP',
      body: 'Dear Customer, Rs 500.00 credited to your A/C ****4410 from ALI RAZA. Bal Rs 9,000.00. TRX ID: 77150. Never share your PIN.',
    });
    expect(explainJsonLine(line).split('\n')).toEqual([
      'read (extracted): bank 500 PKR, reference 77150, target holder',
      'text       "Dear Customer, Rs 500.00 credited to your A/C ****4410 from ALI RAZA. Bal Rs 9,000.00. TRX ID: 77150. Never share your PIN."',
      'wording    credit "credited to your" @25-41',
      'ignored    safety "Never share" (safety_note)',
      'addressed  "your A/C"',
      'money      "500.00" transaction @18-24 · "9,000.00" balance after "Bal" @77-85',
      'references "TRX ID" "77150" rank 0 @95-100',
      'accounts   receiver "****4410"',
      'named      -',
      'spans      amount @18-24, reference @95-100 (in the body as sent)',
    ]);
  });

  it('says why a message was not read, and what the words were', () => {
    const debit = explainJsonLine(JSON.stringify({ sender: 'HBL', body: 'PKR 500 sent to ALI RAZA from your HBL A/C ****4410. For info call 111.' }));
    expect(debit.split('\n')).toEqual(
      expect.arrayContaining(['rejected: not_a_credit', expect.stringMatching(/^wording    debit "sent" @\d+-\d+ · debit "from your HBL A\/C" @/)]),
    );
    expect(explainJsonLine(JSON.stringify({ sender: '03001234567', body: 'Rs 500 received' }))).toBe('rejected: untrusted_sender\ntext       ""');
    expect(explainJsonLine('{not json')).toBe('rejected: malformed (not a {sender, body, received_at?} line)');
    expect(answerJsonLine(JSON.stringify({ sender: '03001234567', body: 'x' }), {}, true)).toBe('rejected: untrusted_sender\ntext       ""\n');
  });
});

describe('readAllowedSenders', () => {
  it('reads the gateways it is given and refuses anything else', () => {
    expect(readAllowedSenders('{"bank": ["HBL", "MYBANK"]}')).toEqual({ bank: ['HBL', 'MYBANK'] });
    expect(() => readAllowedSenders('{"wallet_three": []}')).toThrow('unknown gateway');
    expect(() => readAllowedSenders('{"bank": "HBL"}')).toThrow('list of strings');
    expect(() => readAllowedSenders('[]')).toThrow('JSON object');
  });

  it.each(['null', '"HBL"', '42', 'not json'])('refuses a senders file that is not an object: %s', (json) => {
    expect(() => readAllowedSenders(json)).toThrow('senders file must hold a JSON object');
  });

  it.each(['{"bank": ["HBL", 42]}', '{"bank": [null]}', '{"wallet_one": {"0": "8558"}}'])('refuses senders that are not all text: %s', (json) => {
    expect(() => readAllowedSenders(json)).toThrow('must be a list of strings');
  });
});
