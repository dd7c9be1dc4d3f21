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
  SmsReceivedData,
  TENANT_REGISTERED,
  TenantRegisteredData,
  paymentStream,
  smsStream,
  tenantStream,
} from '@pvs/contracts';
import { paymentDecider, paymentIdFor, smsIdFor } from '@pvs/domain';
import { ExpectedVersionConflictError, NO_STREAM, foldStream } from '@pvs/event-store';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { JsonLogger, Metrics } from '@pvs/observability';
import { PendingPayments, readModelMigrations } from '@pvs/read-model';
import { systemClock } from '@pvs/runtime';
import { migrate } from '@pvs/sql';
import { PgliteClient } from '@pvs/sql/pglite';
import { TenantDirectory } from '@pvs/tenants';
import { checkpointedProcessor } from '../processing/checkpointed-processor';
import { MatchOutcomes } from './match-outcomes';
import { MatchingStreams } from './matching-streams';
import { PaymentMatcher } from './payment-matcher';

const GATEWAY: Gateway = 'wallet_one';
const REFERENCES = ['111111111111', '222222222222', '333333333333'];
const AMOUNTS = [10_000, 25_050];

type Command =
  | { kind: 'register'; tenant: number; reference: number; amount: number }
  | { kind: 'sms'; tenant: number; reference: number; amount: number; copy: number }
  | { kind: 'match' }
  | { kind: 'crash' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), tenant: fc.nat(1), reference: fc.nat(REFERENCES.length - 1), amount: fc.nat(AMOUNTS.length - 1) }),
  fc.record({ kind: fc.constant('sms' as const), tenant: fc.nat(1), reference: fc.nat(REFERENCES.length - 1), amount: fc.nat(AMOUNTS.length - 1), copy: fc.nat(2) }),
  fc.constant({ kind: 'match' as const }),
  fc.constant({ kind: 'crash' as const }),
);

describe('PaymentMatcher against a reference model', () => {
  let sql: PgliteClient;
  let events: PostgresEventStore;
  const outcomes = new MatchOutcomes(new Metrics(), new JsonLogger({ service: 'matcher', level: 'warn' }));

  beforeAll(async () => {
    sql = await PgliteClient.open();
    events = new PostgresEventStore(sql);
    await events.migrate();
    await migrate(sql, readModelMigrations);
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
    const received: SmsReceivedData = { smsId, tenantId, sender: '8558', body, receivedAt: null, recordedAt: new Date().toISOString(), source: 'native' };
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

  it('ends every interleaving, with duplicates and crashes, in the statuses the model predicts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), async (commands) => {
        const tenants = [await registerTenant(), await registerTenant()];
        const directory = new TenantDirectory(events, events.signals);
        const matcher = new PaymentMatcher(new MatchingStreams(events, directory), new PendingPayments(sql), systemClock, outcomes);
        const name = `matcher-${randomUUID()}`;
        const processor = () =>
          checkpointedProcessor(events, events.signals, sql, {
            name,
            filter: { categories: [SMS_CATEGORY, PAYMENT_CATEGORY], types: [SMS_PARSED, PAYMENT_INTENT_REGISTERED] },
            handle: (batch) => matcher.handleBatch(batch),
          });
        let running = processor();

        // The model: the first amount registered per key, and the first SMS amount in log order per key.
        const intents = new Map<string, number>();
        const firstSms = new Map<string, number>();
        const smsIds = new Set<string>();
        for (const step of commands) {
          if (step.kind === 'register') {
            const key = `${step.tenant}:${step.reference}`;
            await register(tenants[step.tenant], REFERENCES[step.reference], AMOUNTS[step.amount]);
            if (!intents.has(key)) intents.set(key, AMOUNTS[step.amount]);
          } else if (step.kind === 'sms') {
            const key = `${step.tenant}:${step.reference}`;
            smsIds.add(await sms(tenants[step.tenant], REFERENCES[step.reference], AMOUNTS[step.amount], step.copy));
            if (!firstSms.has(key)) firstSms.set(key, AMOUNTS[step.amount]);
          } else if (step.kind === 'match') {
            await running.catchUp();
          } else {
            // A crash that lost the checkpoint: the next matcher handles everything again.
            await sql.query('DELETE FROM rm_checkpoints WHERE projection = $1', [name]);
            running = processor();
          }
        }
        await running.catchUp();

        for (const [key, expected] of intents) {
          const [tenant, reference] = key.split(':').map(Number);
          const paymentId = paymentIdFor(tenants[tenant], GATEWAY, REFERENCES[reference]);
          const history = await events.readStream(paymentStream(paymentId));
          const decisions = history.filter((e) => (PAYMENT_DECISIONS as readonly string[]).includes(e.type));
          const paid = firstSms.get(key);
          const status = paid === undefined ? 'pending' : paid === expected ? 'verified' : 'manual_review';
          expect(foldStream(history, paymentDecider).state?.status).toBe(status);
          expect(decisions.length).toBe(paid === undefined ? 0 : 1);
        }
        // No reference used twice: each payment is matched by one SMS only.
        const matched: SmsMatchedData[] = [];
        for (const smsId of smsIds) {
          for (const event of await events.readStream(smsStream(smsId))) if (event.type === SMS_MATCHED) matched.push(event.data as SmsMatchedData);
        }
        const smsByPayment = new Map<string, Set<string>>();
        for (const m of matched) smsByPayment.set(m.paymentId, (smsByPayment.get(m.paymentId) ?? new Set()).add(m.smsId));
        for (const ids of smsByPayment.values()) expect(ids.size).toBe(1);
      }),
      { numRuns: 100 },
    );
  });
});
