import { Tenant } from '@pvs/domain';
import { randomUUID } from 'node:crypto';
import { Clock } from '@pvs/runtime';
import { SecretBox, TenantDirectory, UnopenableSecretError } from '@pvs/tenants';
import { AttemptRecord, Delivery, originOf } from '@pvs/webhook-deliveries';
import { DeliveryOutbox } from '../outbox/delivery-outbox';
import { WebhookResult, WebhookSender } from '../delivery-http/webhook-sender.port';
import { SpanKind, inSpan } from '@pvs/observability/tracing';
import { AttemptReport } from './attempt-report';
import { BatchedWrites, alone } from '@pvs/sql';
import { SigningSecrets, signWebhook } from '../signing/webhook-signer';
import { nextAttemptAt } from './retry-schedule';

/** What came of an attempt: the sender's result, or no sending at all because the delivery could not be signed. */
type AttemptResult = WebhookResult | { readonly kind: 'unsigned'; readonly reason: string; readonly durationMs: number };

export interface DeliveryWorkerOptions {
  readonly retryScheduleSeconds: readonly number[];
  readonly timeoutMs: number;
  /** Attempts in flight at once, over all endpoints. */
  readonly maxInFlight: number;
  /** Attempts in flight at once to one endpoint (scheme, host, port): a slow one cannot hold the rest. */
  readonly perEndpointLimit: number;
  readonly pollIntervalMs: number;
  /** An endpoint failing without a break this long is disabled until a success or an operator. */
  readonly disableEndpointAfterMs: number;
}

/**
 * Takes due deliveries from the outbox under a lease, sends them signed, and records every
 * attempt with its consequence. A worker that dies leaves leases that run out; another worker
 * (or this one, restarted) takes the deliveries again, so no webhook is lost.
 */
export class DeliveryWorker {
  readonly owner = `worker-${randomUUID()}`;
  private readonly inFlight = new Map<string, string>();
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** Attempts that end together are recorded in one transaction. */
  private readonly records = new BatchedWrites<AttemptRecord>(alone((records) => this.outbox.recordAttempts(this.owner, records, this.options.disableEndpointAfterMs)));

  constructor(
    private readonly outbox: DeliveryOutbox,
    private readonly sender: WebhookSender,
    private readonly tenants: TenantDirectory,
    private readonly secretBox: SecretBox,
    private readonly clock: Clock,
    private readonly options: DeliveryWorkerOptions,
    private readonly report: AttemptReport,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    while (this.inFlight.size > 0) await this.idle();
    this.sender.close();
  }

  /** New work may be due: look now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.fill();
      } catch (error) {
        this.onError(error);
      }
      await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  private async fill(): Promise<void> {
    const capacity = this.options.maxInFlight - this.inFlight.size;
    if (capacity <= 0) return;
    const perOrigin = new Map<string, number>();
    for (const origin of this.inFlight.values()) perOrigin.set(origin, (perOrigin.get(origin) ?? 0) + 1);
    const busy = [...perOrigin].filter(([, count]) => count >= this.options.perEndpointLimit).map(([origin]) => origin);
    const claimed = await this.outbox.claimDue(this.owner, this.clock.now(), this.leaseMs(), capacity, busy);
    const overflow: string[] = [];
    for (const delivery of claimed) {
      const origin = originOf(delivery.url as string);
      const count = perOrigin.get(origin) ?? 0;
      if (count >= this.options.perEndpointLimit) {
        overflow.push(delivery.id);
        continue;
      }
      perOrigin.set(origin, count + 1);
      this.inFlight.set(delivery.id, origin);
      void this.attempt(delivery)
        .catch(this.onError)
        .finally(() => {
          this.inFlight.delete(delivery.id);
          this.wake();
        });
    }
    await this.outbox.release(this.owner, overflow);
  }

  /** Longer than any attempt can take, so a live worker never loses its lease mid-attempt. */
  private leaseMs(): number {
    return this.options.timeoutMs * 3 + 5_000;
  }

  /** One attempt, as a span of the decision's trace: what was sent where, and what came back. */
  private attempt(delivery: Delivery): Promise<void> {
    const attributes = { 'pvs.delivery_id': delivery.id, 'pvs.webhook_event': delivery.event, 'pvs.attempt': delivery.attempts + 1, 'server.address': hostOf(delivery.url) };
    return inSpan(`webhook ${delivery.event}`, delivery, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      const startedAt = this.clock.now();
      const result = await this.send(delivery, startedAt);
      const succeeded = result.kind === 'response' && result.status >= 200 && result.status < 300;
      const retryAfter = result.kind === 'response' ? result.retryAfterSeconds : null;
      const next = succeeded || result.kind === 'refused' || result.kind === 'unsigned'
        ? null // a refused destination stays refused, and a missing key does not come back by itself: parked
        : nextAttemptAt(this.options.retryScheduleSeconds, delivery.attempts + 1, this.clock.now(), retryAfter);
      const record: AttemptRecord = {
        delivery,
        startedAt,
        durationMs: result.durationMs,
        statusCode: result.kind === 'response' ? result.status : null,
        error: result.kind === 'response' ? (succeeded ? null : `HTTP ${result.status}`) : result.kind === 'failed' ? result.error : result.reason,
        outcome: succeeded ? 'succeeded' : result.kind === 'response' ? 'failed' : result.kind,
        nextAttemptAt: next,
      };
      span.setAttributes({ 'pvs.outcome': record.outcome, ...(record.statusCode !== null && { 'http.response.status_code': record.statusCode }) });
      await this.records.add(record);
      this.report.attempted(record);
    });
  }

  /** Signs and sends the delivery; one whose tenant's secret does not open is not sent at all. */
  private async send(delivery: Delivery, startedAt: Date): Promise<AttemptResult> {
    const tenant = await this.tenants.find(delivery.tenantId);
    if (!tenant) return { kind: 'failed', error: `tenant ${delivery.tenantId} is unknown`, durationMs: 0 };
    let secrets: SigningSecrets;
    try {
      secrets = this.secretsOf(tenant, startedAt);
    } catch (error) {
      if (!(error instanceof UnopenableSecretError)) throw error;
      const reason = `Not sent: the webhook secret does not open (${error.message}); give its key in SECRETS_KEY or SECRETS_PREVIOUS_KEYS, then redeliver`;
      return { kind: 'unsigned', reason, durationMs: 0 };
    }
    return this.sender.send({
      url: delivery.url as string,
      headers: { ...signWebhook(delivery.id, Math.floor(startedAt.getTime() / 1000), delivery.body, secrets) },
      body: delivery.body,
      timeoutMs: this.options.timeoutMs,
    });
  }

  private secretsOf(tenant: Tenant, now: Date): SigningSecrets {
    const overlap = tenant.previousWebhookSecret && tenant.previousWebhookSecretValidUntil && tenant.previousWebhookSecretValidUntil > now.toISOString();
    return {
      current: this.secretBox.open(tenant.webhookSecret, tenant.id),
      previous: overlap ? this.secretBox.open(tenant.previousWebhookSecret!, tenant.id) : null,
    };
  }
}

/** The host a webhook goes to, for its span: never the path or query, which may carry the merchant's tokens. */
function hostOf(url: string | null): string {
  return url ? new URL(url).host : '';
}
