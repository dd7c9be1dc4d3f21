import { TENANT_CATEGORY } from '@pvs/contracts';
import { CatchUpSubscription, EventStore, RecordedEvent } from '@pvs/event-store';
import { CredentialKind, credentialMatches, parseCredential } from './credentials';
import { Tenant, evolveTenant } from './tenant';

export const TENANT_DIRECTORY = Symbol('TENANT_DIRECTORY');

/**
 * Every tenant, kept in memory from the tenant streams (few, small, read on every request).
 * A credential it does not know yet triggers one catch-up read before it is refused, so a
 * tenant created through another process is known at once.
 */
export class TenantDirectory {
  private readonly tenants = new Map<string, Tenant>();
  private readonly byCredentialKey = new Map<string, string>();
  private readonly subscription: CatchUpSubscription;

  constructor(events: EventStore, pollIntervalMs = 250) {
    this.subscription = new CatchUpSubscription(events, {
      filter: { categories: [TENANT_CATEGORY] },
      pollIntervalMs,
      loadCheckpoint: async () => null,
      handle: async (batch) => this.applyAll(batch),
    });
  }

  async start(): Promise<void> {
    await this.subscription.catchUp();
    await this.subscription.start();
  }

  stop(): Promise<void> {
    return this.subscription.stop();
  }

  /** Read-your-writes: resolves once the event at `checkpoint` is applied. */
  waitFor(checkpoint: string, timeoutMs = 5_000): Promise<boolean> {
    return this.subscription.waitFor(checkpoint, timeoutMs);
  }

  get(tenantId: string): Tenant | undefined {
    return this.tenants.get(tenantId);
  }

  /** The tenant, reading the log once more if it is not known yet. */
  async find(tenantId: string): Promise<Tenant | undefined> {
    if (!this.tenants.has(tenantId)) await this.subscription.catchUp();
    return this.tenants.get(tenantId);
  }

  all(): Tenant[] {
    return [...this.tenants.values()];
  }

  async authenticate(kind: CredentialKind, presented: string): Promise<Tenant | null> {
    const credential = parseCredential(kind, presented);
    if (!credential) return null;
    const lookup = () => {
      const tenant = this.tenants.get(this.byCredentialKey.get(`${kind}:${credential.keyId}`) ?? '');
      const stored = tenant && (kind === 'pvs' ? tenant.apiKey : tenant.gatewaySecret);
      return stored && credentialMatches(stored, credential) ? tenant : null;
    };
    const known = lookup();
    if (known) return known;
    await this.subscription.catchUp();
    return lookup();
  }

  private applyAll(events: readonly RecordedEvent[]): void {
    for (const event of events) {
      const tenantId = event.streamName.slice(TENANT_CATEGORY.length + 1);
      const previous = this.tenants.get(tenantId);
      const tenant = evolveTenant(previous ?? null, event);
      if (!tenant) continue;
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
