import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  PAYMENT_APPROVED,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_INTENT_REGISTERED,
  PAYMENT_LINK_CREATED,
  PAYMENT_LINK_DISABLED,
  PAYMENT_LINK_USED,
  PAYMENT_REJECTED,
  PAYMENT_VERIFIED,
  PaymentExpiredData,
  PaymentFlaggedForReviewData,
  PaymentIntentRegisteredData,
  PaymentLinkCreatedData,
  PaymentLinkDisabledData,
  PaymentLinkUsedData,
  PaymentReviewedData,
  PaymentStatus,
  PaymentVerifiedData,
  paymentLinkStream,
  paymentStream,
} from '@pvs/contracts';
import { Checkpoint, ExpectedVersion, NO_STREAM, NewEvent, RecordedEvent } from '@pvs/event-store';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { PaymentLinkViews, loadProjectionCheckpoint } from '@pvs/read-model';
import { SqlClient } from '@pvs/sql';
import { storeProjectionCheckpoint } from '../projections/projection-checkpoints';
import { ProjectionRebuild } from '../projections/projection-rebuild';
import { ProjectionRunner } from '../projections/projection-runner';
import { appendPayment, onPgliteAndPostgres } from '../testing';
import { paymentLinksProjection } from './payment-links.projection';

/** How a payment ends: each goes through the decision events a real one would. */
type Outcome = 'pending' | 'verified' | 'flagged' | 'approved' | 'rejected' | 'expired';
const OUTCOMES: readonly Outcome[] = ['pending', 'verified', 'flagged', 'approved', 'rejected', 'expired'];
const STATUS_AFTER: Record<Outcome, PaymentStatus> = { pending: 'pending', verified: 'verified', flagged: 'manual_review', approved: 'verified', rejected: 'failed', expired: 'failed' };
const DECISIONS_OF: Record<Outcome, readonly string[]> = {
  pending: [],
  verified: [PAYMENT_VERIFIED],
  flagged: [PAYMENT_FLAGGED_FOR_REVIEW],
  approved: [PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_APPROVED],
  rejected: [PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_REJECTED],
  expired: [PAYMENT_EXPIRED],
};

const BASE_MS = Date.UTC(2026, 10, 20, 9, 0, 0);
/** A moment `minutes` after the base: scenarios are written in minutes. */
const at = (minutes: number) => new Date(BASE_MS + minutes * 60_000).toISOString();

interface Link {
  readonly linkId: string;
  readonly tenantId: string;
  readonly created: PaymentLinkCreatedData;
}

interface LinkUse {
  readonly link: Link;
  readonly payerName: string | null;
  readonly payerPhone: string | null;
}

/** Appends events as the gateway, the matcher and the operators record them, keeping each stream's version. */
class LinkLog {
  private readonly versions = new Map<string, number>();

  constructor(private readonly events: PostgresEventStore) {}

  async createLink(tenantId: string, createdAt: string, terms: Partial<PaymentLinkCreatedData> = {}): Promise<Link> {
    const linkId = randomUUID();
    const created: PaymentLinkCreatedData = {
      linkId,
      tenantId,
      code: `fee-${linkId.slice(0, 8)}`,
      description: 'Tuition fee, November',
      amountPaisa: null,
      minAmountPaisa: 100,
      maxAmountPaisa: 5_000_000_000,
      gateways: ['wallet_one', 'bank'],
      maxUses: null,
      expiresAt: null,
      returnUrl: 'https://school.example/paid',
      clientMetadata: { term: 'autumn' },
      createdBy: 'owner',
      createdAt,
      ...terms,
    };
    await this.append(paymentLinkStream(linkId), tenantId, PAYMENT_LINK_CREATED, created);
    return { linkId, tenantId, created };
  }

  /** A payment registered, through `use`'s link (its use in the same commit, as the pay page records it) or through none. */
  async register(tenantId: string, amountPaisa: number, registeredAt: string, use?: LinkUse): Promise<string> {
    const paymentId = randomUUID();
    const intent: PaymentIntentRegisteredData = {
      paymentId,
      tenantId,
      gateway: 'wallet_one',
      transactionReference: `TID ${paymentId.slice(0, 12)}`,
      normalizedReference: paymentId.slice(0, 12).toUpperCase(),
      amountPaisa,
      senderSource: null,
      callbackUrl: null,
      clientMetadata: null,
      registeredAt,
      expiresAt: at(24 * 60),
    };
    const appends = [this.staged(paymentStream(paymentId), tenantId, PAYMENT_INTENT_REGISTERED, intent)];
    if (use) {
      const used: PaymentLinkUsedData = { linkId: use.link.linkId, tenantId, paymentId, amountPaisa, payerName: use.payerName, payerPhone: use.payerPhone, usedAt: registeredAt };
      appends.push(this.staged(paymentLinkStream(use.link.linkId), tenantId, PAYMENT_LINK_USED, used));
    }
    await this.events.appendAtomically(appends);
    for (const { streamName, events } of appends) this.versions.set(streamName, (this.versions.get(streamName) ?? 0) + events.length);
    return paymentId;
  }

  async decide(tenantId: string, paymentId: string, type: string, decidedAt: string, amountPaisa = 1_000): Promise<void> {
    const smsId = randomUUID();
    const review: PaymentReviewedData = { paymentId, operator: 'ayesha', note: '', decidedAt };
    const data: Record<string, PaymentVerifiedData | PaymentFlaggedForReviewData | PaymentReviewedData | PaymentExpiredData> = {
      [PAYMENT_VERIFIED]: { paymentId, smsId, amountDetectedPaisa: amountPaisa, verifiedAt: decidedAt, balanceCheck: 'unknown' },
      [PAYMENT_FLAGGED_FOR_REVIEW]: { paymentId, smsId, amountDetectedPaisa: amountPaisa - 1, reason: 'amount_mismatch', balanceCheck: 'unknown', flaggedAt: decidedAt },
      [PAYMENT_APPROVED]: review,
      [PAYMENT_REJECTED]: review,
      [PAYMENT_EXPIRED]: { paymentId, expiredAt: decidedAt },
    };
    await this.append(paymentStream(paymentId), tenantId, type, data[type]);
  }

  /** Each decision of `outcome`, a minute apart from `decidedAt`. */
  async decideAs(tenantId: string, paymentId: string, outcome: Outcome, decidedAt: number): Promise<void> {
    for (const [index, type] of DECISIONS_OF[outcome].entries()) await this.decide(tenantId, paymentId, type, at(decidedAt + index));
  }

  async disable(link: Link, disabledAt: string): Promise<void> {
    const disabled: PaymentLinkDisabledData = { linkId: link.linkId, tenantId: link.tenantId, disabledBy: 'owner', disabledAt };
    await this.append(paymentLinkStream(link.linkId), link.tenantId, PAYMENT_LINK_DISABLED, disabled);
  }

  private async append(streamName: string, tenantId: string, type: string, data: unknown): Promise<void> {
    const { events, expected } = this.staged(streamName, tenantId, type, data);
    await this.events.append(streamName, events, expected);
    this.versions.set(streamName, (this.versions.get(streamName) ?? 0) + 1);
  }

  private staged(streamName: string, tenantId: string, type: string, data: unknown): { streamName: string; events: NewEvent[]; expected: ExpectedVersion } {
    const version = this.versions.get(streamName) ?? 0;
    return { streamName, events: [{ type, data, metadata: { tenantId, correlationId: 'test' } }], expected: version === 0 ? NO_STREAM : version };
  }
}

/** A generated link: its tenant (of two), its payments (each through the link) and whether it is disabled after them. */
interface GeneratedPayment {
  readonly outcome: Outcome;
  readonly amountPaisa: number;
  readonly payerName: string | null;
  readonly payerPhone: string | null;
  /** How many minutes later than the earliest it is made: interleaves payments and links. */
  readonly lag: number;
}
interface GeneratedLink {
  readonly tenant: 0 | 1;
  readonly payments: readonly GeneratedPayment[];
  readonly disabled: boolean;
}
interface Scenario {
  readonly links: readonly GeneratedLink[];
  /** Payments made through no link, decided as well. */
  readonly unlinked: readonly { readonly outcome: Outcome; readonly lag: number }[];
}

// PostgreSQL text holds no NUL; anything else a payer types is kept as given.
const payerText = fc.option(fc.string({ unit: 'grapheme', maxLength: 24 }).filter((text) => !text.includes('\u0000')), { nil: null });
const generatedPayment: fc.Arbitrary<GeneratedPayment> = fc.record({
  outcome: fc.constantFrom(...OUTCOMES),
  amountPaisa: fc.integer({ min: 100, max: 5_000_000_000 }),
  payerName: payerText,
  payerPhone: payerText,
  lag: fc.nat({ max: 4 }),
});
const scenario: fc.Arbitrary<Scenario> = fc.record({
  links: fc.array(fc.record({ tenant: fc.constantFrom<0 | 1>(0, 1), payments: fc.array(generatedPayment, { maxLength: 4 }), disabled: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  unlinked: fc.array(fc.record({ outcome: fc.constantFrom(...OUTCOMES), lag: fc.nat({ max: 4 }) }), { maxLength: 3 }),
});

/** What the tables must hold after `scenario`, keyed by the ids it was written with. */
interface Expected {
  readonly links: { link_id: string; tenant_id: string; uses: number; verified: number; disabled_at: Date | null }[];
  readonly payments: { payment_id: string; link_id: string; amount_paisa: number; payer_name: string | null; payer_phone: string | null; status: PaymentStatus; used_at: Date }[];
}

const byKey = <Row>(key: (row: Row) => string) => (a: Row, b: Row) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/**
 * Writes `scenario` into the log, its events interleaved by minute (a link's creation first, each payment's use then
 * its decisions, a link's disabling after its uses), and returns what the tables must then hold.
 */
async function writeScenario(log: LinkLog, tenants: readonly [string, string], { links, unlinked }: Scenario): Promise<Expected> {
  const steps: { minute: number; run: () => Promise<void> }[] = [];
  const expected: Expected = { links: [], payments: [] };
  for (const generated of links) {
    const tenantId = tenants[generated.tenant];
    let link: Link | undefined;
    const linkOf = () => {
      if (!link) throw new Error('a use before its link was created');
      return link;
    };
    steps.push({
      minute: 0,
      run: async () => {
        link = await log.createLink(tenantId, at(0));
      },
    });
    const paymentIds: string[] = [];
    for (const [index, payment] of generated.payments.entries()) {
      const useMinute = 1 + payment.lag;
      steps.push({
        minute: useMinute,
        run: async () => {
          paymentIds[index] = await log.register(tenantId, payment.amountPaisa, at(useMinute), { link: linkOf(), payerName: payment.payerName, payerPhone: payment.payerPhone });
          expected.payments.push({
            payment_id: paymentIds[index],
            link_id: linkOf().linkId,
            amount_paisa: payment.amountPaisa,
            payer_name: payment.payerName,
            payer_phone: payment.payerPhone,
            status: STATUS_AFTER[payment.outcome],
            used_at: new Date(at(useMinute)),
          });
        },
      });
      for (const [step, type] of DECISIONS_OF[payment.outcome].entries()) {
        steps.push({ minute: useMinute + 1 + step, run: () => log.decide(tenantId, paymentIds[index], type, at(useMinute + 1 + step)) });
      }
    }
    const disabledMinute = 1 + Math.max(0, ...generated.payments.map((payment) => payment.lag + 1));
    if (generated.disabled) steps.push({ minute: disabledMinute, run: () => log.disable(linkOf(), at(disabledMinute)) });
    steps.push({
      // Last of all: reads the link's id once it exists.
      minute: Number.MAX_SAFE_INTEGER,
      run: async () => {
        expected.links.push({
          link_id: linkOf().linkId,
          tenant_id: tenantId,
          uses: generated.payments.length,
          verified: generated.payments.filter((payment) => STATUS_AFTER[payment.outcome] === 'verified').length,
          disabled_at: generated.disabled ? new Date(at(disabledMinute)) : null,
        });
      },
    });
  }
  for (const payment of unlinked) {
    let paymentId = '';
    const registeredMinute = 1 + payment.lag;
    steps.push({
      minute: registeredMinute,
      run: async () => {
        paymentId = await log.register(tenants[0], 5_000, at(registeredMinute));
      },
    });
    for (const [step, type] of DECISIONS_OF[payment.outcome].entries()) {
      steps.push({ minute: registeredMinute + 1 + step, run: () => log.decide(tenants[0], paymentId, type, at(registeredMinute + 1 + step)) });
    }
  }
  // Stable: steps of one minute keep the order they were written in (a stream's events stay in order).
  for (const step of [...steps].sort((a, b) => a.minute - b.minute)) await step.run();
  return {
    links: [...expected.links].sort(byKey((row) => row.link_id)),
    payments: [...expected.payments].sort(byKey((row) => row.payment_id)),
  };
}

onPgliteAndPostgres((backend, open) => {
  describe(`payment links projection on ${backend}`, () => {
    let sql: SqlClient;
    let events: PostgresEventStore;
    let dispose: () => Promise<void>;
    let log: LinkLog;
    let views: PaymentLinkViews;
    const tenantA = randomUUID();
    const tenantB = randomUUID();

    beforeEach(async () => {
      ({ sql, events, dispose } = await open());
      log = new LinkLog(events);
      views = new PaymentLinkViews(sql);
    });

    afterEach(() => dispose());

    /** Catches the live tables up; returns the events it applied. */
    async function project(batchSize = 3): Promise<RecordedEvent[]> {
      const applied: RecordedEvent[] = [];
      await new ProjectionRunner(paymentLinksProjection, events, events.signals, sql, {
        batchSize,
        onBatch: (batch) => {
          applied.push(...batch);
        },
      }).catchUp();
      return applied;
    }

    /** Moves the stored checkpoint back to just before the first event `isTarget` picks: the next runner re-reads from there. */
    async function rewindBefore(isTarget: (event: RecordedEvent) => boolean): Promise<void> {
      const projected = await events.readAll({ filter: paymentLinksProjection.filter });
      const index = projected.findIndex(isTarget);
      if (index < 0) throw new Error('no such event in the log');
      await storeProjectionCheckpoint(sql, paymentLinksProjection.name, index === 0 ? null : projected[index - 1].checkpoint);
    }

    const tableRows = async (links = 'rm_payment_links', payments = 'rm_payment_link_payments') => ({
      links: await sql.query(`SELECT * FROM ${links} ORDER BY link_id`),
      payments: await sql.query(`SELECT * FROM ${payments} ORDER BY payment_id`),
    });
    const listedOf = async (link: Link) => (await views.list({ tenantId: link.tenantId, limit: 100 })).find((listed) => listed.linkId === link.linkId);

    it('counts the uses of a link and its verified payments once, and keeps each payment with its payer and status', async () => {
      const link = await log.createLink(tenantA, at(0), { amountPaisa: null, minAmountPaisa: 100, maxAmountPaisa: 1_000_000_00, gateways: ['wallet_one', 'bank'] });
      const verified = await log.register(tenantA, 150_000, at(60), { link, payerName: 'Ayesha Khan', payerPhone: '0300 1234567' });
      await log.decideAs(tenantA, verified, 'verified', 65);
      const reviewed = await log.register(tenantA, 250_050, at(70), { link, payerName: '  Muḥammad Bilal  ', payerPhone: '+92-300-7654321' });
      await log.decideAs(tenantA, reviewed, 'approved', 75);
      const expired = await log.register(tenantA, 99_900, at(80), { link, payerName: null, payerPhone: null });
      await log.decideAs(tenantA, expired, 'expired', 24 * 60);
      await project(3);

      expect(await views.list({ tenantId: tenantA, limit: 10 })).toEqual([
        {
          linkId: link.linkId,
          tenantId: tenantA,
          code: link.created.code,
          description: 'Tuition fee, November',
          amountPaisa: null,
          minAmountPaisa: 100,
          maxAmountPaisa: 1_000_000_00,
          gateways: ['wallet_one', 'bank'],
          maxUses: null,
          expiresAt: null,
          returnUrl: 'https://school.example/paid',
          createdAt: new Date(at(0)),
          disabledAt: null,
          uses: 3,
          // The verified payment and the one approved after its review; not the expired one.
          verified: 2,
        },
      ]);
      const payments = [
        { paymentId: expired, amountPaisa: 99_900, payerName: null, payerPhone: null, status: 'failed', usedAt: new Date(at(80)) },
        { paymentId: reviewed, amountPaisa: 250_050, payerName: '  Muḥammad Bilal  ', payerPhone: '+92-300-7654321', status: 'verified', usedAt: new Date(at(70)) },
        { paymentId: verified, amountPaisa: 150_000, payerName: 'Ayesha Khan', payerPhone: '0300 1234567', status: 'verified', usedAt: new Date(at(60)) },
      ];
      expect(await views.payments(tenantA, link.linkId, 10)).toEqual(payments);
      expect(await views.payments(tenantA, link.linkId, 2)).toEqual(payments.slice(0, 2));

      // The approval read again (the runner re-reading from before it): the payment is verified already, counted once.
      const before = await tableRows();
      await rewindBefore((event) => event.type === PAYMENT_APPROVED);
      expect((await project(1)).map((event) => event.type)).toEqual([PAYMENT_APPROVED, PAYMENT_LINK_USED, PAYMENT_EXPIRED]);
      expect(await tableRows()).toEqual(before);
    });

    it('counts a payment approved after its review once when the review and the approval are read again', async () => {
      const link = await log.createLink(tenantA, at(0));
      const reviewed = await log.register(tenantA, 250_000, at(10), { link, payerName: 'Bilal', payerPhone: null });
      await log.decideAs(tenantA, reviewed, 'approved', 20);
      await project(3);
      expect(await listedOf(link)).toMatchObject({ uses: 1, verified: 1 });
      const before = await tableRows();

      await rewindBefore((event) => event.type === PAYMENT_FLAGGED_FOR_REVIEW);
      expect((await project(3)).map((event) => event.type)).toEqual([PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_APPROVED]);
      // Read again, the review would move the verified payment back to manual_review and the approval count it twice:
      // each decision is applied only after the one its row is from.
      expect(await listedOf(link)).toMatchObject({ uses: 1, verified: 1 });
      expect(await tableRows()).toEqual(before);
    });

    it('does not count a use twice when the runner reads an applied PaymentLinkUsed again', async () => {
      const link = await log.createLink(tenantA, at(0));
      const first = await log.register(tenantA, 10_000, at(10), { link, payerName: 'Sana', payerPhone: '0321-0000000' });
      await log.decideAs(tenantA, first, 'verified', 11);
      const second = await log.register(tenantA, 20_000, at(20), { link, payerName: null, payerPhone: '0333 1111111' });
      await log.decideAs(tenantA, second, 'expired', 21);
      await project(1);
      const before = await tableRows();
      expect(await listedOf(link)).toMatchObject({ uses: 2, verified: 1 });

      await rewindBefore((event) => event.type === PAYMENT_LINK_USED);
      const replayed = await project(2);
      expect(replayed.filter((event) => event.type === PAYMENT_LINK_USED)).toHaveLength(2);
      expect(await listedOf(link)).toMatchObject({ uses: 2, verified: 1 });
      expect(await tableRows()).toEqual(before);

      // And the whole log again, the link's creation included.
      await storeProjectionCheckpoint(sql, paymentLinksProjection.name, null);
      await project(100);
      expect(await tableRows()).toEqual(before);
    });

    it("shows when a link was disabled, lists a tenant's links newest first, and shows no payments of another tenant's link", async () => {
      const oldest = await log.createLink(tenantA, at(0));
      const disabled = await log.createLink(tenantA, at(60));
      const paidBeforeDisabling = await log.register(tenantA, 5_000, at(70), { link: disabled, payerName: 'Hamza', payerPhone: null });
      await log.disable(disabled, at(120));
      const newest = await log.createLink(tenantA, at(180));
      const others = await log.createLink(tenantB, at(90));
      const othersPayment = await log.register(tenantB, 7_000, at(100), { link: others, payerName: 'Zara', payerPhone: null });
      await project(2);

      const listedA = await views.list({ tenantId: tenantA, limit: 10 });
      expect(listedA.map((listed) => listed.linkId)).toEqual([newest.linkId, disabled.linkId, oldest.linkId]);
      expect(listedA.map((listed) => listed.disabledAt)).toEqual([null, new Date(at(120)), null]);
      // A disabled link keeps what was paid through it before.
      expect(listedA[1]).toMatchObject({ uses: 1, verified: 0 });
      expect((await views.payments(tenantA, disabled.linkId, 10)).map((payment) => payment.paymentId)).toEqual([paidBeforeDisabling]);
      expect((await views.list({ tenantId: tenantA, limit: 2 })).map((listed) => listed.linkId)).toEqual([newest.linkId, disabled.linkId]);
      expect((await views.list({ tenantId: tenantB, limit: 10 })).map((listed) => listed.linkId)).toEqual([others.linkId]);
      expect((await views.list({ limit: 10 })).map((listed) => listed.linkId)).toEqual([newest.linkId, others.linkId, disabled.linkId, oldest.linkId]);

      expect(await views.payments(tenantA, others.linkId, 10)).toEqual([]);
      expect(await views.payments(tenantB, disabled.linkId, 10)).toEqual([]);
      expect((await views.payments(tenantB, others.linkId, 10)).map((payment) => payment.paymentId)).toEqual([othersPayment]);
    });

    it('changes nothing for payments made through no link, whatever their decisions', async () => {
      const link = await log.createLink(tenantA, at(0));
      const paid = await log.register(tenantA, 10_000, at(10), { link, payerName: 'Sana', payerPhone: null });
      await log.decideAs(tenantA, paid, 'flagged', 11);
      await project(3);
      const before = await tableRows();

      for (const outcome of ['verified', 'flagged', 'approved', 'rejected', 'expired'] as const) await appendPayment(events, tenantA, outcome);
      const applied = await project(3);
      // They were read (every decision type among them), and left the tables as they were.
      expect(new Set(applied.map((event) => event.type))).toEqual(new Set([PAYMENT_VERIFIED, PAYMENT_FLAGGED_FOR_REVIEW, PAYMENT_APPROVED, PAYMENT_REJECTED, PAYMENT_EXPIRED]));
      expect(await loadProjectionCheckpoint(sql, paymentLinksProjection.name)).toBe(applied.at(-1)?.checkpoint);
      expect(await tableRows()).toEqual(before);
      expect(await listedOf(link)).toMatchObject({ uses: 1, verified: 0 });
    });

    it('projects what the log says, the same rows whatever the batch size (generated links, payments and decisions)', async () => {
      const tenants = [tenantA, tenantB] as const;
      let head: Checkpoint | null = null;
      let run = 0;
      /** Fresh tables of the projection fed from `after` in batches of `batchSize`: a runner of its own on them. */
      async function projectInto(batchSize: number, after: Checkpoint | null) {
        const suffix = `_run${run}_batch${batchSize}`;
        const tables = { links: `rm_payment_links${suffix}`, payments: `rm_payment_link_payments${suffix}` };
        for (const [live, copy] of [['rm_payment_links', tables.links], ['rm_payment_link_payments', tables.payments]]) {
          await sql.query(`CREATE TABLE ${copy} (LIKE ${live} INCLUDING ALL)`);
        }
        const checkpointName = `payment_links${suffix}`;
        await storeProjectionCheckpoint(sql, checkpointName, after);
        await new ProjectionRunner(paymentLinksProjection, events, events.signals, sql, { batchSize, target: { checkpointName, tables } }).catchUp();
        const rows = await tableRows(tables.links, tables.payments);
        for (const table of Object.values(tables)) await sql.query(`DROP TABLE ${table}`);
        return rows;
      }

      await fc.assert(
        fc.asyncProperty(scenario, async (generated) => {
          run++;
          const after = head;
          const expected = await writeScenario(log, tenants, generated);
          head = (await events.readAll({ after, limit: 10_000 })).at(-1)?.checkpoint ?? after;

          const [one, three, hundred] = [await projectInto(1, after), await projectInto(3, after), await projectInto(100, after)];
          expect(three).toEqual(one);
          expect(hundred).toEqual(one);
          const links = one.links.map((row) => ({ link_id: row.link_id, tenant_id: row.tenant_id, uses: row.uses, verified: row.verified, disabled_at: row.disabled_at }));
          const payments = one.payments.map((row) => ({
            payment_id: row.payment_id,
            link_id: row.link_id,
            amount_paisa: Number(row.amount_paisa),
            payer_name: row.payer_name,
            payer_phone: row.payer_phone,
            status: row.status,
            used_at: row.used_at,
          }));
          expect(links.sort(byKey((row) => String(row.link_id)))).toEqual(expected.links);
          expect(payments.sort(byKey((row) => String(row.payment_id)))).toEqual(expected.payments);
        }),
        { numRuns: 5 },
      );
    }, 180_000);

    it('rebuilds from the start of the log to the same rows', async () => {
      const links = [await log.createLink(tenantA, at(0)), await log.createLink(tenantB, at(5)), await log.createLink(tenantA, at(10))];
      for (const [index, outcome] of [...OUTCOMES, ...OUTCOMES].entries()) {
        const link = links[index % links.length];
        const paymentId = await log.register(link.tenantId, 1_000 * (index + 1), at(20 + index), { link, payerName: `Payer ${index}`, payerPhone: null });
        await log.decideAs(link.tenantId, paymentId, outcome, 40 + index * 3);
      }
      await log.disable(links[1], at(90));
      await appendPayment(events, tenantA, 'approved');
      const runner = new ProjectionRunner(paymentLinksProjection, events, events.signals, sql, { batchSize: 3 });
      await runner.catchUp();
      const live = await tableRows();
      expect(live.links.map((row) => [row.uses, row.verified])).toEqual(expect.arrayContaining([[4, 2]]));

      // Rows gone wrong, which only a replay from the start puts right.
      await sql.query('UPDATE rm_payment_links SET uses = uses + 7, verified = 0');
      await sql.query(`UPDATE rm_payment_link_payments SET status = 'pending'`);
      await new ProjectionRebuild(paymentLinksProjection, events, sql, { live: runner, batchSize: 4 }).run();
      await runner.stop();
      expect(await tableRows()).toEqual(live);
    });
  });
});
