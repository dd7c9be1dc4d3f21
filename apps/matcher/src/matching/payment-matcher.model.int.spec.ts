import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  Gateway,
  PAYMENT_CATEGORY,
  PAYMENT_DECISIONS,
  PAYMENT_INTENT_REGISTERED,
  PaymentIntentRegisteredData,
  SMS_CATEGORY,
  SMS_MATCHED,
  SMS_PARSED,
  SMS_RECEIVED,
  SmsMatchedData,
  SmsParsedData,
  isSmsOutcome,
  SmsReceivedData,
  TENANT_REGISTERED,
  TenantRegisteredData,
  paymentStream,
  smsStream,
  tenantStream,
} from '@pvs/contracts';
import { paymentDecider, paymentIdFor, smsIdFor } from '@pvs/domain';
import { EventStore, ExpectedVersionConflictError, NO_STREAM, foldStream } from '@pvs/event-store';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { JsonLogger, Metrics } from '@pvs/observability';
import { readModelMigrations } from '@pvs/read-model';
import { systemClock } from '@pvs/runtime';
import { migrate } from '@pvs/sql';
import { PgliteClient } from '@pvs/sql/pglite';
import { matcherMigrations } from '../matcher-schema';
import { PARTITION_COUNT } from '../partitions/partition-leases';
import { storePartitionCheckpoints } from '../processing/partition-checkpoints';
import { PartitionedProcessor } from '../processing/partitioned-processor';
import { MatchOutcomes } from './match-outcomes';
import { OpenPayments } from './open-payments';
import { PaymentMatcher } from './payment-matcher';

const GATEWAY: Gateway = 'wallet_one';
const REFERENCES = ['111111111111', '222222222222', '333333333333'];
const AMOUNTS = [10_000, 25_050];

type Payment = { tenant: number; reference: number; amount: number };
type Command =
  | ({ kind: 'register' } & Payment)
  | ({ kind: 'sms'; copy: number } & Payment)
  | { kind: 'match' }
  /** An intent registered while the matcher works: it may land between a batch's reads and its commit. */
  | ({ kind: 'register-while-matching' } & Payment)
  /** Two matchers on the same events at once, as when one takes a partition over from another still finishing. */
  | { kind: 'two-matchers' }
  | { kind: 'crash' };

const payment = { tenant: fc.nat(1), reference: fc.nat(REFERENCES.length - 1), amount: fc.nat(AMOUNTS.length - 1) };
const sequential: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), ...payment }),
  fc.record({ kind: fc.constant('sms' as const), ...payment, copy: fc.nat(2) }),
  fc.constant({ kind: 'match' as const }),
  fc.constant({ kind: 'crash' as const }),
);
const withRaces: fc.Arbitrary<Command> = fc.oneof(
  sequential,
  fc.record({ kind: fc.constant('register-while-matching' as const), ...payment }),
  fc.constant({ kind: 'two-matchers' as const }),
);
const ALL_PARTITIONS = Array.from({ length: PARTITION_COUNT }, (_, partition) => partition);
/** Batch sizes from one event at a time to more than a scenario holds. */
const batchSize = fc.integer({ min: 1, max: 40 });

/** What a scenario ends in: each intent's status and decisions, each SMS's outcomes in order, by model keys. */
interface Ending {
  readonly payments: Map<string, { status: string | undefined; decisions: number }>;
  readonly sms: Map<string, string[]>;
}

describe('PaymentMatcher against a reference model, in batches', () => {
  let sql: PgliteClient;
  let events: PostgresEventStore;
  /** The matcher's store: counts the batch commits refused because a stream moved meanwhile. */
  let store: EventStore;
  let conflicts = 0;
  let head: string | null = null;
  const outcomes = new MatchOutcomes(new Metrics(), new JsonLogger({ service: 'matcher', level: 'warn' }));

  beforeAll(async () => {
    sql = await PgliteClient.open();
    events = new PostgresEventStore(sql);
    await events.migrate();
    store = Object.assign(Object.create(events) as PostgresEventStore, {
      appendAtomically: (appends: Parameters<EventStore['appendAtomically']>[0]) =>
        events.appendAtomically(appends).catch((error: unknown) => {
          if (error instanceof ExpectedVersionConflictError) conflicts++;
          throw error;
        }),
    });
    await migrate(sql, [...readModelMigrations, ...matcherMigrations]);
  });

  afterAll(() => sql.close());

  const metadata = (tenantId: string) => ({ tenantId, correlationId: 'model' });

  async function appendOnce(stream: string, list: Parameters<PostgresEventStore['append']>[1]): Promise<void> {
    try {
      await events.append(stream, list, NO_STREAM);
    } catch (error) {
      if (!(error instanceof ExpectedVersionConflictError)) throw error; // a repeat: recorded once
    }
  }

  async function registerTenant(): Promise<string> {
    const tenantId = randomUUID();
    const data = { tenantId, name: 'model', webhookUrl: null, allowedSenders: null, unpaidCycleLimit: 3, apiKey: { keyId: tenantId.slice(0, 16), hash: '' }, gatewaySecret: { keyId: tenantId.slice(-16), hash: '' }, webhookSecret: { ciphertext: '' }, registeredAt: new Date().toISOString() } as TenantRegisteredData;
    await events.append(tenantStream(tenantId), [{ type: TENANT_REGISTERED, data, metadata: metadata(tenantId) }], NO_STREAM);
    return tenantId;
  }

  async function register(tenantId: string, reference: string, amountPaisa: number): Promise<void> {
    const paymentId = paymentIdFor(tenantId, GATEWAY, reference);
    const now = new Date();
    const data: PaymentIntentRegisteredData = {
      paymentId, tenantId, gateway: GATEWAY, transactionReference: reference, normalizedReference: reference, amountPaisa,
      senderSource: null, callbackUrl: null, clientMetadata: null,
      registeredAt: now.toISOString(), expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
    };
    await appendOnce(paymentStream(paymentId), [{ type: PAYMENT_INTENT_REGISTERED, data, metadata: metadata(tenantId) }]);
  }

  async function sms(tenantId: string, reference: string, amountPaisa: number, copy: number): Promise<string> {
    const body = `Rs ${amountPaisa / 100} received. TID: ${reference} (copy ${copy})`;
    const smsId = smsIdFor(tenantId, '8558', body);
    const received: SmsReceivedData = { smsId, tenantId, sender: '8558', body, receivedAt: null, recordedAt: new Date().toISOString(), source: 'native', forwarderId: null };
    const parsed: SmsParsedData = {
      smsId, tenantId, gateway: GATEWAY, tier: 'template', templateId: 'model', institution: null, reference, normalizedReference: reference, amountPaisa,
      payer: null, receivingAccount: null, balancePaisa: null, occurredAt: null, reparsed: false,
    };
    await appendOnce(smsStream(smsId), [
      { type: SMS_RECEIVED, data: received, metadata: metadata(tenantId) },
      { type: SMS_PARSED, data: parsed, metadata: metadata(tenantId) },
    ]);
    return smsId;
  }

  /** Plays the commands against fresh tenants with a matcher reading `batch` events at a time. */
  async function play(commands: readonly Command[], batch: number): Promise<Ending & { intents: Map<string, number>; firstSms: Map<string, number> }> {
    const tenants = [await registerTenant(), await registerTenant()];
    const matcher = new PaymentMatcher(store, new OpenPayments(sql), systemClock, outcomes);
    const name = `matcher-${randomUUID()}`;
    // Each play's matcher starts past the earlier plays' events.
    for (let page = await events.readAll({ after: head, limit: 1_000 }); page.length > 0; page = await events.readAll({ after: head, limit: 1_000 })) {
      head = page[page.length - 1].checkpoint;
    }
    const start = head;
    const restart = async () => {
      if (start !== null) await storePartitionCheckpoints(sql, name, ALL_PARTITIONS, start);
    };
    // Every partition held, each with its own checkpoint; batches handled only when a step asks.
    const processor = async () => {
      const partitioned = new PartitionedProcessor(events, events.signals, sql, {
        name,
        batchSize: batch,
        filter: { categories: [SMS_CATEGORY, PAYMENT_CATEGORY], types: [SMS_PARSED, PAYMENT_INTENT_REGISTERED] },
        handle: (batch) => matcher.handleBatch(batch),
      });
      await partitioned.hold(new Set(ALL_PARTITIONS));
      return partitioned;
    };
    await restart();
    let running = await processor();

    // The model: the first amount registered per key, and the first SMS amount in log order per key.
    const intents = new Map<string, number>();
    const firstSms = new Map<string, number>();
    const smsKeys = new Map<string, string>();
    const registerIntent = async (step: Payment) => {
      await register(tenants[step.tenant], REFERENCES[step.reference], AMOUNTS[step.amount]);
      const key = `${step.tenant}:${step.reference}`;
      if (!intents.has(key)) intents.set(key, AMOUNTS[step.amount]);
    };
    for (const step of commands) {
      if (step.kind === 'register') {
        await registerIntent(step);
      } else if (step.kind === 'register-while-matching') {
        await Promise.all([running.catchUp(), registerIntent(step)]);
      } else if (step.kind === 'sms') {
        const key = `${step.tenant}:${step.reference}`;
        smsKeys.set(await sms(tenants[step.tenant], REFERENCES[step.reference], AMOUNTS[step.amount], step.copy), `${key}:${step.amount}:${step.copy}`);
        if (!firstSms.has(key)) firstSms.set(key, AMOUNTS[step.amount]);
      } else if (step.kind === 'match') {
        await running.catchUp();
      } else if (step.kind === 'two-matchers') {
        const rival = await processor();
        await Promise.all([running.catchUp(), rival.catchUp()]);
      } else {
        // A crash that lost the checkpoint: the next matcher handles everything of this play again.
        await restart();
        running = await processor();
      }
    }
    await running.catchUp();

    const payments = new Map<string, { status: string | undefined; decisions: number }>();
    for (const key of intents.keys()) {
      const [tenant, reference] = key.split(':').map(Number);
      const history = await events.readStream(paymentStream(paymentIdFor(tenants[tenant], GATEWAY, REFERENCES[reference])));
      const decisions = history.filter((e) => (PAYMENT_DECISIONS as readonly string[]).includes(e.type)).length;
      payments.set(key, { status: foldStream(history, paymentDecider).state?.status, decisions });
    }
    const smsOutcomes = new Map<string, string[]>();
    const matched: SmsMatchedData[] = [];
    for (const [smsId, key] of smsKeys) {
      const outcomesOfSms = (await events.readStream(smsStream(smsId))).filter(isSmsOutcome);
      smsOutcomes.set(key, outcomesOfSms.map((outcome) => (outcome.type === SMS_MATCHED ? `matched:${outcome.data.status}` : `unmatched:${outcome.data.reason}`)));
      for (const outcome of outcomesOfSms) if (outcome.type === SMS_MATCHED) matched.push(outcome.data);
    }
    // No reference used twice: each payment is matched by one SMS only.
    const smsByPayment = new Map<string, Set<string>>();
    for (const m of matched) smsByPayment.set(m.paymentId, (smsByPayment.get(m.paymentId) ?? new Set()).add(m.smsId));
    for (const ids of smsByPayment.values()) expect(ids.size).toBe(1);
    return { payments, sms: smsOutcomes, intents, firstSms };
  }

  it('ends every interleaving, with batches of any size, duplicates, crashes and intents racing a batch, in the statuses the model predicts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(withRaces, { minLength: 1, maxLength: 30 }), batchSize, async (commands, batch) => {
        const { payments, intents, firstSms } = await play(commands, batch);
        for (const [key, expected] of intents) {
          const paid = firstSms.get(key);
          const status = paid === undefined ? 'pending' : paid === expected ? 'verified' : 'manual_review';
          expect(payments.get(key)).toEqual({ status, decisions: paid === undefined ? 0 : 1 });
        }
      }),
      { numRuns: 200 },
    );
    // The rival matchers did meet at the commit: a batch was refused whole and decided again.
    expect(conflicts).toBeGreaterThan(0);
  }, 180_000);

  it('decides a batch of any size as it decides its events one at a time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sequential, { minLength: 1, maxLength: 30 }), batchSize, async (commands, batch) => {
        const together = await play(commands, batch);
        const alone = await play(commands, 1);
        expect(together.payments).toEqual(alone.payments);
        expect(together.sms).toEqual(alone.sms);
      }),
      { numRuns: 200 },
    );
  }, 180_000);

  it('decides an intent that a rival matcher handled while this one was committing the SMS that waits for it', async () => {
    const [tenantId] = [await registerTenant()];
    let releaseCommit: () => void = () => undefined;
    const commitHeld = new Promise<void>((resolve) => (releaseCommit = resolve));
    let commitReached: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (commitReached = resolve));
    const slowStore = Object.assign(Object.create(events) as PostgresEventStore, {
      appendAtomically: async (appends: Parameters<EventStore['appendAtomically']>[0]) => {
        commitReached();
        await commitHeld;
        return events.appendAtomically(appends);
      },
    });
    const slow = new PaymentMatcher(slowStore, new OpenPayments(sql), systemClock, outcomes);
    const rival = new PaymentMatcher(events, new OpenPayments(sql), systemClock, outcomes);
    const reference = REFERENCES[0];
    const parsed = (await events.readStream(smsStream(await sms(tenantId, reference, AMOUNTS[0], 0)))).filter((e) => e.type === SMS_PARSED);

    // The SMS finds no intent and is about to be committed as waiting for it ...
    const handlingSms = slow.handleBatch(parsed);
    await reached;
    // ... when the intent comes and a rival matcher handles it, finding no SMS waiting yet.
    await register(tenantId, reference, AMOUNTS[0]);
    const paymentId = paymentIdFor(tenantId, GATEWAY, reference);
    const intent = (await events.readStream(paymentStream(paymentId))).filter((e) => e.type === PAYMENT_INTENT_REGISTERED);
    await rival.handleBatch(intent);
    expect(foldStream(await events.readStream(paymentStream(paymentId)), paymentDecider).state?.status).toBe('pending');
    releaseCommit();
    await handlingSms;

    expect(foldStream(await events.readStream(paymentStream(paymentId)), paymentDecider).state?.status).toBe('verified');
  });
});
