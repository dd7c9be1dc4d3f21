import { GATEWAYS, Gateway } from '@pvs/contracts';
import { SqlExecutor } from '@pvs/sql';
import { carriesGateway } from './carries-gateway';

/** A forwarder in use, not silent, quiet since `lastHeardAt`. */
export interface QuietForwarder {
  readonly forwarderId: string;
  readonly tenantId: string;
  readonly lastHeardAt: Date;
  /** Its app said the phone is offline since it last spoke. */
  readonly saidOffline: boolean;
}

interface QuietRow {
  forwarder_id: string;
  tenant_id: string;
  last_heard_at: Date;
  said_offline: boolean;
}

/** What the forwarder watch reads: phones quiet for a while, when each spoke before, and what their tenants wait for. */
export class QuietForwarders {
  constructor(private readonly sql: SqlExecutor) {}

  /**
   * Phones in use and not silent that have not spoken since `before`, whose tenant has a payment pending registered
   * since `awaitedSince`, the quietest first, a page at a time after `after` (an index range, each row a probe of the
   * pending payments' index): phones of tenants who wait for nothing cost nothing more.
   */
  async since(before: Date, awaitedSince: Date, limit: number, after: QuietForwarder | null = null): Promise<QuietForwarder[]> {
    const rows = await this.sql.query<QuietRow>(
      `SELECT f.forwarder_id::text AS forwarder_id, f.tenant_id::text AS tenant_id, f.last_heard_at,
              coalesce(f.heartbeat_status = 'offline' AND f.heartbeat_at >= f.last_heard_at, false) AS said_offline
       FROM rm_forwarders f
       WHERE f.retired_at IS NULL AND f.silent_since IS NULL AND f.last_heard_at < $1
         AND ($3::timestamptz IS NULL OR (f.last_heard_at, f.forwarder_id) > ($3, $4::uuid))
         AND EXISTS (SELECT 1 FROM rm_payments p WHERE p.tenant_id = f.tenant_id AND p.status = 'pending' AND p.created_at >= $5)
       ORDER BY f.last_heard_at, f.forwarder_id LIMIT $2`,
      [before, limit, after?.lastHeardAt ?? null, after?.forwarderId ?? null, awaitedSince],
    );
    return rows.map((row) => ({ forwarderId: row.forwarder_id, tenantId: row.tenant_id, lastHeardAt: row.last_heard_at, saidOffline: row.said_offline }));
  }

  /** When the phone spoke since `since`, ascending epoch milliseconds. */
  async heard(forwarderId: string, since: Date): Promise<number[]> {
    const rows = await this.sql.query<{ heard_at: Date }>(`SELECT heard_at FROM rm_forwarder_heard WHERE forwarder_id = $1 AND heard_at >= $2 ORDER BY heard_at`, [forwarderId, since]);
    return rows.map((row) => row.heard_at.getTime());
  }

  /**
   * The gateways the tenant has payments pending of (registered since `awaitedSince`), among those the phone forwarded
   * a payment SMS of since `since` (all of them for a phone that has forwarded none yet): one indexed probe per gateway.
   */
  async pendingGateways(tenantId: string, forwarderId: string, since: Date, awaitedSince: Date): Promise<Gateway[]> {
    const rows = await this.sql.query<{ gateway: Gateway }>(
      `SELECT g.gateway FROM unnest($4::text[]) WITH ORDINALITY AS g(gateway, position)
       WHERE ${carriesGateway('$2::uuid', 'g.gateway', '$3')}
         AND EXISTS (SELECT 1 FROM rm_payments p WHERE p.tenant_id = $1 AND p.gateway = g.gateway AND p.status = 'pending' AND p.created_at >= $5)
       ORDER BY g.position`,
      [tenantId, forwarderId, since, GATEWAYS, awaitedSince],
    );
    return rows.map((row) => row.gateway);
  }
}
