import { jazzCashCredit, randomTransactionId } from '@pvs/testing';
import { WebhookReceiver } from './webhook-receiver';

/** One HTTP call to one gateway process: JSON in and out. */
export type GatewayCall = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ReadYourWritesSetup {
  /** Every gateway process; the steps of one sequence alternate between them. */
  readonly gateways: readonly GatewayCall[];
  readonly adminToken: string;
  readonly receiver: WebhookReceiver;
}

/** A status read that showed less than the service had already said. */
export interface StaleRead {
  readonly after: string;
  readonly told: string;
  readonly read: string;
}

const STATUS_RANK: Record<string, number> = { pending: 0, manual_review: 1, verified: 2, failed: 2 };
/** Requests of one tenant stay under its per-minute limits (60 registrations, 120 ingests, 400 status reads). */
const SEQUENCES_PER_TENANT = 50;


/**
 * What a merchant's client does on the happy path, over and over: register, ingest the SMS, read the status at once;
 * and what its webhook handler does: read the status as each webhook arrives. Every read showing less than what the
 * service had said before it (an ingest answer, a webhook, a review's answer) is stale.
 */
export class ReadYourWrites {
  readonly stale: StaleRead[] = [];
  private readonly keys = new Map<string, string>();
  private readonly webhookReads: Promise<void>[] = [];
  private sequence = 0;

  constructor(private readonly setup: ReadYourWritesSetup) {
    setup.receiver.onArrival((webhook) => {
      const { data } = JSON.parse(webhook.rawBody) as { data: { uuid: string; status: string } };
      const key = this.keys.get(data.uuid);
      if (key === undefined) return;
      this.webhookReads.push(this.expectAtLeast(this.gateway(this.webhookReads.length), key, data.uuid, data.status, 'webhook'));
    });
  }

  /** `count` sequences of register → ingest → status (each step through the next gateway); answers the told statuses. */
  async payments(count: number, paid: (amount: number) => number = (amount) => amount): Promise<{ uuid: string; key: string; told: string }[]> {
    const done: { uuid: string; key: string; told: string }[] = [];
    let tenantKey = '';
    for (let i = 0; i < count; i++) {
      if (i % SEQUENCES_PER_TENANT === 0) tenantKey = await this.tenant();
      const n = this.sequence++;
      const amount = 100 + (n % 900);
      const reference = randomTransactionId();
      const key = { 'x-api-key': tenantKey };
      const registered = await this.gateway(n)('POST', '/payments/verify', { gateway: 'wallet_one', transaction_reference: reference, amount }, key);
      if (registered.status !== 200) throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
      const uuid: string = registered.body.data.uuid;
      this.keys.set(uuid, tenantKey);
      const ingested = await this.gateway(n + 1)('POST', '/sms/ingest', { sender: '8558', body: jazzCashCredit({ reference, amount: paid(amount) }) }, key);
      if (ingested.status !== 200) throw new Error(`ingest answered ${ingested.status}: ${JSON.stringify(ingested.body)}`);
      await this.expectAtLeast(this.gateway(n + 2), tenantKey, uuid, ingested.body.status, 'ingest');
      done.push({ uuid, key: tenantKey, told: ingested.body.status });
    }
    return done;
  }

  /** An operator's approve or reject, then the merchant's status read and the operator's own view, at once. */
  async review(uuid: string, key: string, verdict: 'approve' | 'reject', n: number): Promise<void> {
    const admin = { authorization: `Bearer ${this.setup.adminToken}` };
    const answer = await this.gateway(n)('POST', `/admin/payments/${uuid}/${verdict}`, {}, admin);
    if (answer.status !== 200) throw new Error(`${verdict} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const told: string = answer.body.data.status;
    await this.expectAtLeast(this.gateway(n + 1), key, uuid, told, verdict);
    const shown = await this.gateway(n + 1)('GET', `/admin/payments/${uuid}`, undefined, admin);
    this.check(verdict, told, shown.body.data.status);
  }

  /** Waits for every webhook of `uuids` and the status read each one started. */
  async webhooksRead(expected: number, timeoutMs = 60_000): Promise<number> {
    await this.setup.receiver.waitFor(expected, timeoutMs);
    await Promise.all(this.webhookReads);
    return this.webhookReads.length;
  }

  private gateway(n: number): GatewayCall {
    return this.setup.gateways[n % this.setup.gateways.length];
  }

  private async tenant(): Promise<string> {
    const created = await this.gateway(this.sequence)('POST', '/admin/tenants', { name: `Read your writes ${this.sequence}`, webhook_url: this.setup.receiver.url }, {
      authorization: `Bearer ${this.setup.adminToken}`,
    });
    if (created.status !== 201) throw new Error(`tenant creation answered ${created.status}: ${JSON.stringify(created.body)}`);
    return created.body.data.api_key;
  }

  private async expectAtLeast(gateway: GatewayCall, key: string, uuid: string, told: string, after: string): Promise<void> {
    const read = await gateway('GET', `/payments/status/${uuid}`, undefined, { 'x-api-key': key });
    this.check(after, told, read.status === 200 ? read.body.data.status : `HTTP ${read.status}`);
  }

  private check(after: string, told: string, read: string): void {
    if (!(read in STATUS_RANK) || STATUS_RANK[read] < (STATUS_RANK[told] ?? 0)) this.stale.push({ after, told, read });
  }
}
