import { TENANT_CATEGORY, isTenantEvent, tenantStream } from '@pvs/contracts';
import { Tenant, evolveTenant } from '@pvs/domain';
import { AppendSignals, CatchUpSubscription, CurrentStreams, EventStore, RecordedEvent } from '@pvs/event-store';
import { CredentialKind, credentialMatches, parseCredential } from './credentials';

export const TENANT_DIRECTORY = Symbol('TENANT_DIRECTORY');

/** How long a credential nobody knows yet may wait for a tenant committed by another process but not readable in order yet. */
const UNKNOWN_CREDENTIAL_WAIT_MS = 1_000;
const UNKNOWN_CREDENTIAL_POLL_MS = 10;
const TENANT_FILTER = { categories: [TENANT_CATEGORY] };

/**
 * Every tenant, kept in memory from the tenant streams (few, small, read on every request).
 * What a request is answered on is current in every process, whatever another process changed
 * just before: a tenant's own stream is read again (one read for all requests of a moment) before
 * its credential is checked, so a rotated key or a suspension takes effect everywhere at once; a
 * credential it does not know yet makes it read the log on until no tenant event committed before
 * is left unread, so a tenant created through another process is known at once.
 */
export class TenantDirectory {
  private readonly tenants = new Map<string, Tenant>();
  /** The stream version each tenant was folded up to. */
  private readonly versions = new Map<string, number>();
  private readonly byCredentialKey = new Map<string, string>();
  private readonly subscription: CatchUpSubscription;
  private readonly streams: CurrentStreams;

  constructor(
    private readonly events: EventStore,
    private readonly signals: AppendSignals,
    pollIntervalMs = 250,
  ) {
    this.streams = new CurrentStreams(events);
    this.subscription = CatchUpSubscription.fromStart(events, signals, TENANT_FILTER, (batch) => this.applyAll(batch), pollIntervalMs);
  }

  start(): Promise<void> {
    return this.subscription.startCaughtUp();
  }

  stop(): Promise<void> {
    return this.subscription.stop();
  }

  get(tenantId: string): Tenant | undefined {
    return this.tenants.get(tenantId);
  }

  /** The tenant as its stream is now (read again, one read for all asking at the same moment). */
  async find(tenantId: string): Promise<Tenant | undefined> {
    this.applyAll(await this.streams.read(tenantStream(tenantId)));
    return this.tenants.get(tenantId);
  }

  all(): Tenant[] {
    return [...this.tenants.values()];
  }

  /** At most `limit` tenants, oldest first (ties by id), those after the tenant `after` when given: pages that a tenant created meanwhile never shifts. */
  page({ after, limit }: { after?: Tenant; limit: number }): Tenant[] {
    const inOrder = (a: Tenant, b: Tenant) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
    return this.all()
      .filter((tenant) => !after || inOrder(tenant, after) > 0)
      .sort(inOrder)
      .slice(0, limit);
  }

  async authenticate(kind: CredentialKind, presented: string): Promise<Tenant | null> {
    const credential = parseCredential(kind, presented);
    if (!credential) return null;
    const key = `${kind}:${credential.keyId}`;
    const tenantId = this.byCredentialKey.get(key) ?? (await this.readUntilKnown(key));
    if (tenantId === undefined) return null;
    // A rotation or a suspension committed through another process counts at once.
    const tenant = await this.find(tenantId);
    const stored = tenant && (kind === 'pvs' ? tenant.apiKey : tenant.gatewaySecret);
    return stored && credentialMatches(stored, credential) ? tenant : null;
  }

  /**
   * Reads the log on while the key id is unknown and tenant events committed before are left unread (in PostgreSQL,
   * an event committed behind an older open transaction is read only once that one ends).
   */
  private async readUntilKnown(key: string): Promise<string | undefined> {
    const deadline = Date.now() + UNKNOWN_CREDENTIAL_WAIT_MS;
    for (;;) {
      await this.subscription.catchUp();
      const tenantId = this.byCredentialKey.get(key);
      if (tenantId !== undefined || Date.now() >= deadline) return tenantId;
      const { events } = await this.events.backlog({ after: this.subscription.checkpoint, filter: TENANT_FILTER });
      if (events === 0) return undefined;
      await this.signals.waitForAppend(UNKNOWN_CREDENTIAL_POLL_MS);
    }
  }

  /** Applies the events not applied yet (the subscription and a stream's reread may bring the same one). */
  private applyAll(events: readonly RecordedEvent[]): void {
    for (const event of events) {
      const tenantId = event.streamName.slice(TENANT_CATEGORY.length + 1);
      if (!isTenantEvent(event) || event.streamVersion <= (this.versions.get(tenantId) ?? 0)) continue;
      const previous = this.tenants.get(tenantId);
      const tenant = evolveTenant(previous ?? null, event);
      if (!tenant) continue;
      this.versions.set(tenantId, event.streamVersion);
      // A rotated credential's old key id must not lead to the tenant any more.
      if (previous) {
        this.byCredentialKey.delete(`pvs:${previous.apiKey.keyId}`);
        this.byCredentialKey.delete(`pvsgw:${previous.gatewaySecret.keyId}`);
      }
      this.tenants.set(tenant.id, tenant);
      this.byCredentialKey.set(`pvs:${tenant.apiKey.keyId}`, tenant.id);
      this.byCredentialKey.set(`pvsgw:${tenant.gatewaySecret.keyId}`, tenant.id);
    }
  }
}
