import { normalizeReference } from '../../extract/reference';
import { readMoney } from '../../normalise/money';
import { foldUnicode } from '../../normalise/text';
import { parseSms } from '../../parse-sms';
import { TEMPLATES } from '../../templates/registry';
import { CORPUS } from './corpus';
import { evaluate, formatTable, precision, recall } from './evaluation';
import { GATHERED, GatheredCase, HELD_OUT, institutionOfCase, judge } from './gathered-corpus';

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
  it('holds at least 500 messages, a fifth of them held out, over both wallets and at least 20 banks and wallets', () => {
    expect(GATHERED.length + HELD_OUT.length).toBeGreaterThanOrEqual(500);
    expect(HELD_OUT.length).toBeGreaterThanOrEqual((GATHERED.length + HELD_OUT.length) / 5);
    const credited = (entries: readonly GatheredCase[]) => new Set(entries.flatMap((entry) => (entry.expect.kind === 'credit' ? [institutionOfCase(entry)] : [])));
    expect(credited(GATHERED).size).toBeGreaterThanOrEqual(22);
    expect(credited(HELD_OUT).size).toBeGreaterThanOrEqual(20);
  });

  it.each(GATHERED.filter((entry) => entry.miss === undefined))('$id', (entry) => {
    expect(judge(entry.expect, parse(entry))).toBe(entry.expect.kind === 'credit' ? 'read' : 'rejected');
  });

  it.each(GATHERED.filter((entry) => entry.miss !== undefined))('$id is a documented miss, never a false credit: $miss', (entry) => {
    expect(['missed', 'misread']).toContain(judge(entry.expect, parse(entry)));
  });
});

describe('held-out set (never read while the parser was built)', () => {
  // A floor, not a target: the score measured when the parser last changed, so a change that reads fewer unseen
  // credits, or reads a non-payment as a credit, fails here. `npm run sms:eval` prints the details. (Its false credits
  // when measured, one in round 1 and three in round 3, were then read, fixed and moved to the development set:
  // banks-islamic-public-heldout-096 and banks-islamic-public-heldout3-*.)
  it('reads at least 160 of its 167 credits exactly, and none of its 71 non-payments as a credit', () => {
    const [all] = evaluate(HELD_OUT);
    expect(all).toMatchObject({ credits: 167, nonPayments: 71 });
    expect(all?.read).toBeGreaterThanOrEqual(160);
    expect(all?.falseCredits).toBe(0);
  });
});

describe('evaluation', () => {
  it('counts readings by verdict and tier, and reports recall and precision', () => {
    const credit = GATHERED.filter((entry) => entry.expect.kind === 'credit').slice(0, 3);
    const rejected = GATHERED.filter((entry) => entry.expect.kind === 'rejected').slice(0, 2);
    const misread = { ...credit[0]!, id: 'misread', expect: { ...credit[0]!.expect, amount: '1.00' } } as GatheredCase;
    const [all] = evaluate([...credit, ...rejected, misread]);
    expect(all).toMatchObject({ credits: 4, read: 3, misread: 1, missed: 0, nonPayments: 2, falseCredits: 0 });
    expect(recall(all!)).toBe(0.75);
    expect(precision(all!)).toBe(0.75);
    expect(formatTable('T', [all!]).split('\n')).toEqual(['T', expect.stringMatching(/^ +credits +read/), expect.stringMatching(/^all +4 +3 +1 +0 +75\.0% +2 +0 +75\.0%/)]);
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
