import { analyse } from '../extract/analyse';
import { readByTemplate } from './read-by-template';
import { AMOUNT, BALANCE, CURRENCY, DATE, marker, ofInstitution, reference, SmsTemplate, wording } from './template';

function template(id: string, pattern: RegExp, overrides: Partial<SmsTemplate> = {}): SmsTemplate {
  return { id, ...ofInstitution('jazzcash'), signature: marker('received'), pattern, examples: [], ...overrides };
}

const RECEIVED = template('received', wording`${CURRENCY}${AMOUNT} received\. TID: ${reference(6, 14)}`);
const RECEIVED_TO = template(
  'received-to',
  wording`${CURRENCY}${AMOUNT} received\. TID: (?<reference>\d{6,14})(?: to (?<receivingAccount>\d{4}))?`,
);
const WITH_BALANCE = template('with-balance', wording`${CURRENCY}${AMOUNT} received\. TID: ${reference(6, 14)}\. Bal ${CURRENCY}${BALANCE}`);
const ON_DATE = template('on-date', wording`${CURRENCY}${AMOUNT} received on ${DATE}\. TID: ${reference(6, 14)}`);
/** Reads the amount from the last "Rs" before the TID, wherever the message puts it: two templates may disagree. */
const LAST_AMOUNT = template('last-amount', wording`.*? ${CURRENCY}${AMOUNT}\. TID: ${reference(6, 14)}`, { signature: marker('TID') });

const read = (text: string, templates: readonly SmsTemplate[]) => readByTemplate(analyse(text), templates, undefined);

describe('readByTemplate', () => {
  it('reads the amount, reference and spans a template matches, and nothing when none matches', () => {
    const text = 'Rs 500 received. TID: 71620441';
    expect(read(text, [RECEIVED])).toMatchObject({ ok: true, template: RECEIVED, amountPaisa: 50_000, reference: '71620441', spans: { amount: [3, 6], reference: [22, 30] } });
    expect(read('Rs 500 sent. TID: 71620441', [RECEIVED])).toBeUndefined();
    expect(read(text, [])).toBeUndefined();
  });

  it('finds the amount where the template read it, when its text stood earlier inside another number', () => {
    const referenceFirst = template('reference-first', wording`TID: ${reference(6, 14)}\. ${CURRENCY}${AMOUNT} received`);
    const text = 'TID: 500123. Rs 500 received';
    expect(read(text, [referenceFirst])).toMatchObject({ ok: true, amountPaisa: 50_000, spans: { amount: [16, 19], reference: [5, 11] } });
  });

  it('reads the payer, the receiving account and the date a template names, and leaves out what it does not', () => {
    const full = template(
      'full',
      wording`${CURRENCY}${AMOUNT} received from (?<payerName>[A-Z ]+?) (?<payerNumber>03\d{9}) A/C (?<payerAccount>\d{4}) to (?<receivingAccount>\d{4}) on ${DATE}\. TID: ${reference(6, 14)}`,
    );
    expect(read('Rs 500 received from ALI KHAN 03001234567 A/C 1234 to 5678 on 12-03-2026. TID: 71620441', [full])).toMatchObject({
      ok: true,
      payer: { name: 'ALI KHAN', number: '03001234567', account: '1234' },
      receivingAccount: '5678',
      occurredAt: '2026-03-12',
    });
    const plain = read('Rs 500 received. TID: 71620441', [RECEIVED]);
    expect(plain).not.toHaveProperty('payer');
    expect(plain).not.toHaveProperty('receivingAccount');
    expect(plain).not.toHaveProperty('occurredAt');
    expect(plain).not.toHaveProperty('balancePaisa');
  });

  it('reads a payer the template names only by number or account, without a name', () => {
    const byNumber = template('by-number', wording`${CURRENCY}${AMOUNT} received from (?<payerNumber>03\d{9})(?: A/C (?<payerAccount>\d{4}))?\. TID: ${reference(6, 14)}`);
    expect(read('Rs 500 received from 03001234567. TID: 71620441', [byNumber])).toMatchObject({ ok: true, payer: { number: '03001234567' } });
    expect(read('Rs 500 received from 03001234567 A/C 1234. TID: 71620441', [byNumber])).toMatchObject({ ok: true, payer: { number: '03001234567', account: '1234' } });
    expect(read('Rs 500 received from 03001234567. TID: 71620441', [byNumber])).toHaveProperty('payer', { number: '03001234567' });
  });

  it('leaves to the words a message whose labelled reference the template did not read', () => {
    const withoutReference = template('without-reference', wording`${CURRENCY}${AMOUNT} received`);
    expect(read('Rs 500 received. TID: 71620441', [withoutReference])).toBeUndefined();
    expect(read('Rs 500 received', [withoutReference])).toMatchObject({ ok: true, reference: null, spans: { amount: [3, 6], reference: null } });
  });

  it('reads one message the same by two templates that agree, and as ambiguous by two that disagree', () => {
    expect(read('Rs 500 received. TID: 71620441', [RECEIVED, RECEIVED_TO])).toMatchObject({ ok: true, template: RECEIVED });
    // One reads a receiving account the other leaves to its tail.
    expect(read('Rs 500 received. TID: 71620441 to 1234', [RECEIVED_TO, RECEIVED])).toEqual({ ok: false, reason: 'ambiguous' });
    expect(read('Rs 500 received. TID: 71620441 to 1234', [RECEIVED_TO])).toMatchObject({ ok: true, receivingAccount: '1234' });
    const twoAmounts = 'Rs 500 received. Then Rs 700. TID: 71620441';
    expect(read(twoAmounts, [template('first-amount', wording`${CURRENCY}${AMOUNT} received\. .*?TID: ${reference(6, 14)}`), LAST_AMOUNT])).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it('calls two readings that differ only in their reference ambiguous', () => {
    const text = 'Rs 500 received. TID: 71620441';
    const other = template('other', wording`${CURRENCY}${AMOUNT} received\. TID: \d{2}(?<reference>\d{6})`);
    expect(read(text, [RECEIVED, other])).toEqual({ ok: false, reason: 'ambiguous' });
    expect(read(text, [RECEIVED, RECEIVED])).toMatchObject({ ok: true });
  });

  it.each([
    ['Rs 1.500 received. TID: 71620441', 'ambiguous'],
    ['Rs 14,99 received. TID: 71620441', 'malformed'],
    ['Rs 0.00 received. TID: 71620441', 'malformed'],
  ])('refuses %p as %s by its amount', (text, reason) => {
    expect(read(text, [RECEIVED])).toEqual({ ok: false, reason });
  });

  it.each([
    ['Rs 500 received. TID: 71620441. Bal Rs 1.500', 'ambiguous'],
    ['Rs 500 received. TID: 71620441. Bal Rs 14,99', 'malformed'],
  ])('refuses %p as %s by its balance, and reads a clear one', (text, reason) => {
    expect(read(text, [WITH_BALANCE])).toEqual({ ok: false, reason });
    expect(read('Rs 500 received. TID: 71620441. Bal Rs 1,500.25', [WITH_BALANCE])).toMatchObject({ ok: true, balancePaisa: 150_025 });
  });

  it('refuses a date that is no day of the calendar, and reads a real one', () => {
    expect(read('Rs 500 received on 31-02-2026. TID: 71620441', [ON_DATE])).toEqual({ ok: false, reason: 'malformed' });
    expect(read('Rs 500 received on 28-02-2026. TID: 71620441', [ON_DATE])).toMatchObject({ ok: true, occurredAt: '2026-02-28' });
  });

  it('keeps the first refusal when no template reads the message, and a later reading when one does', () => {
    const text = 'Rs 1.500 received. TID: 71620441';
    const noAmount = template('no-amount', wording`Rs 1\.500(?<amount>) received\. TID: ${reference(6, 14)}`);
    expect(read(text, [RECEIVED, noAmount])).toEqual({ ok: false, reason: 'ambiguous' });
    expect(read(text, [noAmount, RECEIVED])).toEqual({ ok: false, reason: 'malformed' });
    const lenient = template('lenient', wording`Rs 1\.(?<amount>500) received\. TID: ${reference(6, 14)}`);
    expect(read(text, [RECEIVED, lenient])).toMatchObject({ ok: true, template: lenient, amountPaisa: 50_000 });
  });

  it('refuses a message whose signature stands twice: two readings in one', () => {
    expect(read('Rs 500 received. TID: 71620441 received', [RECEIVED])).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it('refuses wording that makes a non-payment, unless the template’s own text holds that kind', () => {
    const text = 'Rs 500 received. TID: 71620441 reversed';
    expect(read(text, [RECEIVED])).toEqual({ ok: false, reason: 'not_a_credit' });
    expect(read(text, [{ ...RECEIVED, acceptsWording: ['reversal'] }])).toMatchObject({ ok: true });
  });
});
