import fc from 'fast-check';
import { readMoney, toPaisa } from './normalise/money';
import { parseSms } from './parse-sms';
import { normalizeReference } from './extract/reference';
import { DEFAULT_ALLOWED_SENDERS } from './institutions/senders';
import { GATEWAYS } from './sms.types';
import { TEMPLATES } from './templates/registry';
import { examplesOf, renderExample, writesWholeRupees } from './testing/template-rendering';
import { foldUnicode, normalizeText } from './normalise/text';

const REASONS = ['unrecognized_template', 'untrusted_sender', 'not_a_credit', 'failed_transaction', 'otp_or_promo', 'ambiguous', 'malformed'];
const TRUSTED_SENDERS = GATEWAYS.flatMap((gateway) => DEFAULT_ALLOWED_SENDERS[gateway]);
const SMS_WORDS = [
  'Rs', 'Rs.', 'PKR', 'received', 'from', 'in', 'your', 'JazzCash', 'Mobile', 'Account:', 'Easypaisa', 'via', 'Raast.', 'TID:', 'Trx',
  'ID', 'A/C', '*4444', 'You', 'have', 'Received', 'credited', 'with', 'on', 'at', 'balance', 'is', '1,499.00', '500', '03001234567',
  '716204418853', '5944229251', '.', ',', 'موصول', 'ہوئے۔', 'سے', '۱۲۳', 'Dear', 'Customer,', 'HBL', 'UBL', 'FBL',
];
const smsLikeText = fc.array(fc.constantFrom(...SMS_WORDS), { maxLength: 40 }).map((words) => words.join(' '));
const anyText = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 }), smsLikeText);

describe('parseSms properties', () => {
  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.constantFrom(...TRUSTED_SENDERS)), anyText, fc.option(fc.string()), (sender, body, receivedAt) => {
        const result = parseSms({ sender, body, receivedAt: receivedAt ?? undefined });
        expect(result.ok || REASONS.includes(result.reason)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(parseSms(input as never)).toEqual(expect.objectContaining({ ok: expect.any(Boolean) }));
      }),
    );
  });

  it('reads random text as a credit only with its amount and reference where the result says they stand', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRUSTED_SENDERS), anyText, (sender, body) => {
        const result = parseSms({ sender, body });
        if (!result.ok) return;
        expect(readMoney(foldUnicode(body.slice(...result.spans.amount)))).toEqual({ kind: 'exact', paisa: result.amountPaisa });
        expect(result.spans.reference && normalizeReference(body.slice(...result.spans.reference))).toBe(result.reference);
      }),
      { numRuns: 5000 },
    );
  });

  it('rejects random text read as a credit once it also says reversed, failed or OTP', () => {
    const undoing = fc.constantFrom(' Reversed.', ' Transaction failed.', ' Your OTP is 123456.', ' Refund processed.');
    fc.assert(
      fc.property(fc.constantFrom(...TRUSTED_SENDERS), smsLikeText, undoing, (sender, body, undo) => {
        fc.pre(parseSms({ sender, body }).ok);
        expect(parseSms({ sender, body: `${body}${undo}` }).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it.each(examplesOf(TEMPLATES).map((entry) => ({ ...entry, id: entry.template.id })))(
    '$id round-trips any amount and reference put into its wording',
    ({ template, example }) => {
      // A reference is never a phone number: the parser refuses values shaped like one.
      const referenceShape = fc
        .string({ unit: fc.constantFrom(...'0123456789'), minLength: example.reference?.length ?? 0, maxLength: example.reference?.length ?? 0 })
        .filter((reference) => !/^(?:0|92)3\d{9}$/.test(reference));
      const rupees = fc.integer({ min: 1, max: 99_999_999 });
      const paisa = writesWholeRupees(example.amount) ? rupees.map((whole) => whole * 100) : fc.integer({ min: 1, max: 9_999_999_999 });
      fc.assert(
        fc.property(paisa, referenceShape, (amountPaisa, reference) => {
          const body = renderExample(example, amountPaisa, example.reference === null ? null : reference);
          const parsed = parseSms({ sender: template.senders[0] ?? '', body });
          expect(parsed).toMatchObject({
            ok: true,
            templateId: template.id,
            amountPaisa,
            amount: amountPaisa / 100,
            reference: example.reference === null ? null : normalizeReference(reference),
          });
        }),
        { numRuns: 200 },
      );
    },
  );

  it('reads every way of writing an amount to the same paisa', () => {
    const withCommas = (rupees: number): string => rupees.toLocaleString('en-US');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (rupees) => {
        const variants = [`Rs ${withCommas(rupees)}`, `Rs.${rupees}.00`, `PKR ${withCommas(rupees)}.00`, `${withCommas(rupees)}/-`, `PKR.${withCommas(rupees)}`];
        for (const written of variants) {
          expect(toPaisa(written)).toBe(rupees * 100);
          const body = `Trx ID 5944229251. You have Received ${written} from SADIA with Easypaisa Account 923336126632 and your new Easypaisa account balance is Rs. 10.49.`;
          expect(parseSms({ sender: '3737', body })).toMatchObject({ ok: true, amountPaisa: rupees * 100 });
        }
      }),
      { numRuns: 500 },
    );
  });

  it('converts any two-decimal amount to paisa exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_000_000_000_000, max: 9_000_000_000_000 }), (paisa) => {
        expect(toPaisa(paisa / 100)).toBe(paisa);
      }),
      { numRuns: 5000 },
    );
  });

  it('normalizes references idempotently and insensitive to spacing, case and digit script', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (raw) => {
        const canonical = normalizeReference(raw);
        expect(normalizeReference(canonical)).toBe(canonical);
        expect(canonical).toMatch(/^[A-Z0-9]*$/);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 20 }), (reference) => {
        const urdu = reference.replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)] ?? digit);
        expect(normalizeReference(` ${urdu.toLowerCase()} `)).toBe(normalizeReference(reference.toUpperCase()));
      }),
    );
  });

  it.each(examplesOf(TEMPLATES).map((entry) => ({ ...entry, id: entry.template.id })))(
    '$id reads the same however its whitespace is laid out',
    ({ template, example }) => {
      const words = normalizeText(example.text).split(' ');
      const gaps = fc.array(fc.constantFrom(' ', '  ', '\n', '\r\n', '\t', '\u00a0', '\u202f'), { minLength: words.length, maxLength: words.length });
      fc.assert(
        fc.property(gaps, (spaces) => {
          const body = words.map((word, index) => `${spaces[index] ?? ''}${word}`).join('');
          expect(parseSms({ sender: template.senders[0] ?? '', body })).toMatchObject({ ok: true, templateId: template.id });
        }),
        { numRuns: 50 },
      );
    },
  );
});
