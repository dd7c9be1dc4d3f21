import { normalizeReference } from '../../extract/reference';
import { readMoney } from '../../normalise/money';
import { foldUnicode } from '../../normalise/text';
import { parseSms } from '../../parse-sms';
import { TEMPLATES } from '../../templates/registry';
import { CORPUS } from './corpus';
import { GATHERED, GatheredCase, HELD_OUT, judge } from './gathered-corpus';

const parse = (entry: GatheredCase) =>
  parseSms({ sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt }, { allowedSenders: entry.allowedSenders });

describe('corpus of realistic messages', () => {
  it('holds at least 200 messages and exercises every template and every rejection reason', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(200);
    const templateIds = new Set(CORPUS.flatMap((entry) => (entry.expected.ok && entry.expected.templateId !== null ? [entry.expected.templateId] : [])));
    const gatheredTemplateIds = new Set(GATHERED.flatMap((entry) => { const result = parse(entry); return result.ok && result.templateId ? [result.templateId] : []; }));
    expect([...new Set([...templateIds, ...gatheredTemplateIds])].sort()).toEqual(TEMPLATES.map((template) => template.id).sort());
    const reasons = new Set(CORPUS.flatMap((entry) => (entry.expected.ok ? [] : [entry.expected.reason])));
    expect([...reasons].sort()).toEqual(
      ['ambiguous', 'failed_transaction', 'malformed', 'not_a_credit', 'otp_or_promo', 'unrecognized_template', 'untrusted_sender'].sort(),
    );
  });

  it.each(CORPUS)('$name', ({ sender, body, receivedAt, expected }) => {
    expect(parseSms({ sender, body, receivedAt })).toStrictEqual(expected);
  });
});

describe('corpus gathered from public sources (development set)', () => {
  it('holds at least 400 messages with their provenance, over both wallets and at least 20 banks and wallets', () => {
    expect(GATHERED.length + HELD_OUT.length).toBeGreaterThanOrEqual(500);
    expect(HELD_OUT.length).toBeGreaterThanOrEqual((GATHERED.length + HELD_OUT.length) / 5);
    const institutions = new Set(GATHERED.flatMap((entry) => (entry.expect.kind === 'credit' ? [entry.expect.institution] : [])));
    expect(institutions.size).toBeGreaterThanOrEqual(22);
  });

  it.each(GATHERED.filter((entry) => entry.miss === undefined))('$id', (entry) => {
    expect(judge(entry.expect, parse(entry))).toBe(entry.expect.kind === 'credit' ? 'read' : 'rejected');
  });

  it.each(GATHERED.filter((entry) => entry.miss !== undefined))('$id is a documented miss, never a false credit: $miss', (entry) => {
    expect(['missed', 'misread']).toContain(judge(entry.expect, parse(entry)));
  });
});

describe('spans', () => {
  const credits = [...CORPUS.map(({ sender, body, receivedAt }) => ({ sender, body, receivedAt })), ...GATHERED]
    .map((entry) => ({ body: entry.body, result: parseSms(entry) }))
    .flatMap(({ body, result }) => (result.ok ? [{ body, result }] : []));

  it('point at the amount and the reference as written in the body as sent', () => {
    expect(credits.length).toBeGreaterThan(400);
    for (const { body, result } of credits) {
      const amount = readMoney(foldUnicode(body.slice(...result.spans.amount)));
      expect(amount).toEqual({ kind: 'exact', paisa: result.amountPaisa });
      const reference = result.spans.reference && normalizeReference(body.slice(...result.spans.reference));
      expect(reference).toBe(result.reference);
    }
  });
});
