import fc from 'fast-check';
import { readMoney } from './normalise/money';
import { parseSms } from './parse-sms';
import { AllowedSenders, ParsedSms, SmsInput } from './sms.types';
import { CORPUS } from './testing/corpus/corpus';
import { GATHERED } from './testing/corpus/gathered-corpus';
import { TEMPLATES } from './templates/registry';
import { MEANING_PRESERVING, NON_PAYMENT, Perturbation } from './testing/perturbations';

interface Message {
  readonly id: string;
  readonly sms: SmsInput;
  readonly allowedSenders?: AllowedSenders;
}

const messages: readonly Message[] = [
  ...CORPUS.map((entry) => ({ id: entry.name, sms: { sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt } })),
  ...GATHERED.filter((entry) => entry.miss === undefined).map((entry) => ({
    id: entry.id,
    sms: { sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt },
    ...(entry.allowedSenders && { allowedSenders: entry.allowedSenders }),
  })),
];
const read = (message: Message, body = message.sms.body) => parseSms({ ...message.sms, body }, { allowedSenders: message.allowedSenders });
/** Templates whose own wording contradicts the lexicon ("sent to SCB PK A/C" is a credit): only they read it. */
const TEMPLATE_ONLY = new Set(TEMPLATES.filter((template) => template.acceptsWording !== undefined).map((template) => template.id));
const positives = messages.flatMap((message) => {
  const result = read(message);
  return result.ok && !(result.templateId !== null && TEMPLATE_ONLY.has(result.templateId)) ? [{ message, result }] : [];
});
const negatives = messages.filter((message) => {
  const result = read(message);
  return !result.ok && result.reason !== 'untrusted_sender' && result.reason !== 'malformed';
});
/** Where a non-payment's first amount stands, for the rewrites that change how money is written. */
function firstAmount(body: string): readonly [number, number] {
  const match = /(?:Rs|PKR)\.? ?(\d(?:[\d,.]*\d)?)/i.exec(body);
  if (match === null || readMoney(match[1] ?? '').kind !== 'exact') return [0, 0];
  const start = match.index + match[0].length - (match[1] ?? '').length;
  return [start, match.index + match[0].length];
}
const sameReading = (result: ParsedSms) => ({ ok: true, gateway: result.gateway, reference: result.reference, amountPaisa: result.amountPaisa });
const RUNS = 4;

describe('metamorphic relations over the corpus', () => {
  it('has positives and negatives of every gateway to work on', () => {
    expect(positives.length).toBeGreaterThan(400);
    expect(negatives.length).toBeGreaterThan(150);
    expect(new Set(positives.map(({ result }) => result.gateway)).size).toBe(3);
  });

  /** Applies one perturbation to every credit, checks each rewrite, and answers how many rewrites applied. */
  const rewriteCredits = (perturbation: Perturbation, check: (message: Message, body: string, result: ParsedSms) => void): number => {
    let applied = 0;
    for (const { message, result } of positives) {
      fc.assert(
        fc.property(perturbation, (rewrite) => {
          const body = rewrite({ body: message.sms.body, ...result.spans });
          if (body === undefined) return;
          applied += 1;
          check(message, body, result);
        }),
        { numRuns: RUNS },
      );
    }
    return applied;
  };

  describe.each(MEANING_PRESERVING.map(([name, perturbation]) => ({ name, perturbation })))('$name', ({ perturbation }) => {
    it('leaves every credit reading the same gateway, reference and amount', () => {
      const applied = rewriteCredits(perturbation, (message, body, result) => {
        expect({ id: message.id, body, result: read(message, body) }).toMatchObject({ result: sameReading(result) });
      });
      expect(applied).toBeGreaterThan(100);
    });

    it('leaves every non-payment rejected', () => {
      for (const message of negatives) {
        const located = { body: message.sms.body, amount: firstAmount(message.sms.body), reference: null };
        fc.assert(
          fc.property(perturbation, (rewrite) => {
            const body = rewrite(located);
            if (body === undefined) return;
            expect({ id: message.id, body, ok: read(message, body).ok }).toMatchObject({ ok: false });
          }),
          { numRuns: RUNS },
        );
      }
    });
  });

  describe.each(NON_PAYMENT.map(([name, perturbation]) => ({ name, perturbation })))('every credit turned into $name', ({ perturbation }) => {
    it('is rejected', () => {
      const applied = rewriteCredits(perturbation, (message, body) => {
        expect({ id: message.id, body, ok: read(message, body).ok }).toMatchObject({ ok: false });
      });
      expect(applied).toBeGreaterThan(100);
    });
  });
});
