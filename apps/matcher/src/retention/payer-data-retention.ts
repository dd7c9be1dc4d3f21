import { randomUUID } from 'node:crypto';
import { PAYER_DATA_RETENTION_DAYS, erasureStream } from '@pvs/contracts';
import { expiryBatch, expiryDecider, retentionCutoff } from '@pvs/domain';
import { EventStore, handleCommand } from '@pvs/event-store';
import { HeldSubject, PayerDataVault, RetentionCutoffs } from '@pvs/payer-data';
import { PAYMENTS_PROJECTION, ReadModelPosition, SMS_PROJECTION, SubjectPayments } from '@pvs/read-model';
import { Clock } from '@pvs/runtime';
import { PeriodicJob } from '../leading/periodic-job';
import { MAX_LAG_SECONDS } from '../watching/watch-schedule';

const PAGE = 1_000;

/** A tenant's retention setting, as the tenant directory knows it. */
export interface TenantRetention {
  readonly id: string;
  readonly payerDataRetentionDays: number;
}

/** What one run did: keys destroyed, subjects kept for a payment still pending or in review, or nothing while the read model is behind. */
export interface RetentionRun {
  readonly destroyed: number;
  readonly kept: number;
  readonly readModelBehind: boolean;
}

/** What the job reads of the read model: which payment each subject reaches, and how far behind the log that is. */
export interface RetentionReadModel {
  readonly payments: SubjectPayments;
  readonly position: Pick<ReadModelPosition, 'lagSeconds'>;
}

const READS = [PAYMENTS_PROJECTION, SMS_PROJECTION];

/**
 * Destroys the keys of payer data past its tenant's retention, unless a payment it reaches is still pending or in
 * review (that waits for the decision). Each batch is recorded (`PayerDataExpired`, under an id of its own) before its
 * keys go, so a run stopped between the two finds the same batch, records nothing more, and destroys what is left:
 * idempotent and resumable (had more data come due meanwhile, the batch is another, listing the subjects again; each
 * key is destroyed once all the same). Driven by the keys' own ages (an index range), so it restarts where the data is. It
 * runs only while the read model it asks is current: one behind would show an SMS matched a moment ago as matched with
 * nothing, and its evidence would go.
 */
export class PayerDataRetention extends PeriodicJob<RetentionRun> {
  constructor(
    private readonly events: EventStore,
    private readonly vault: Pick<PayerDataVault, 'heldBefore' | 'shred'>,
    private readonly readModel: RetentionReadModel,
    private readonly tenants: () => Iterable<TenantRetention>,
    private readonly clock: Clock,
    intervalMs: number,
    onError: (error: unknown) => void = () => undefined,
  ) {
    super(intervalMs, onError);
  }

  /** Expires what is due now. */
  protected async once(): Promise<RetentionRun> {
    if ((await this.readModel.position.lagSeconds(READS)) > MAX_LAG_SECONDS) return { destroyed: 0, kept: 0, readModelBehind: true };
    const now = this.clock.now();
    const days = new Map<string, number>();
    for (const tenant of this.tenants()) if (tenant.payerDataRetentionDays !== PAYER_DATA_RETENTION_DAYS.default) days.set(tenant.id, tenant.payerDataRetentionDays);
    const cutoffs: RetentionCutoffs = {
      before: retentionCutoff(now, PAYER_DATA_RETENTION_DAYS.default),
      byTenant: new Map([...days].map(([tenantId, kept]) => [tenantId, retentionCutoff(now, kept)])),
    };
    const correlationId = randomUUID();
    let run: RetentionRun = { destroyed: 0, kept: 0, readModelBehind: false };
    for (let page = await this.vault.heldBefore(cutoffs, PAGE); page.length > 0; page = page.length < PAGE ? [] : await this.vault.heldBefore(cutoffs, PAGE, page.at(-1))) {
      const statuses = await this.readModel.payments.statuses(page.map(({ subject }) => subject));
      for (const [tenantId, held] of byTenant(page)) {
        const retentionDays = days.get(tenantId) ?? PAYER_DATA_RETENTION_DAYS.default;
        const batch = expiryBatch({ tenantId, retentionDays, now, candidates: held.map(({ subject }) => ({ subject, payment: statuses.get(subject) ?? null })) });
        const kept = held.length - (batch?.subjects.length ?? 0);
        run = { ...run, kept: run.kept + kept };
        if (!batch) continue;
        const recorded = await handleCommand(this.events, erasureStream(batch.erasureId), expiryDecider, batch, { metadata: { tenantId, correlationId } });
        if (!recorded.ok) throw new Error(`The expiry of ${batch.subjects.length} subjects of tenant ${tenantId} was not recorded: ${recorded.refusal.message}`);
        const destroyed = await this.vault.shred(batch.subjects, 'retention', now);
        run = { ...run, destroyed: run.destroyed + destroyed.length };
      }
    }
    return run;
  }
}

function byTenant(page: readonly HeldSubject[]): Map<string, HeldSubject[]> {
  const grouped = new Map<string, HeldSubject[]>();
  for (const held of page) grouped.set(held.tenantId, [...(grouped.get(held.tenantId) ?? []), held]);
  return grouped;
}
