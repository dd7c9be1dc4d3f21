import { ForwarderStatus, Gateway, SmsSource } from '@pvs/contracts';
import { SqlExecutor } from '@pvs/sql';

/** An account whose SMS come through the phone, and since when. */
export interface CarriedAccountView {
  readonly gateway: Gateway;
  readonly account: string | null;
  readonly sim: number | null;
  readonly since: string;
}

export interface ForwarderView {
  readonly forwarderId: string;
  readonly tenantId: string;
  readonly app: SmsSource;
  readonly device: string | null;
  readonly name: string | null;
  readonly firstSeenAt: Date;
  readonly lastSmsAt: Date | null;
  /** SMS it forwarded over the 24 hours before the query. */
  readonly smsLastDay: number;
  readonly heartbeat: { readonly status: ForwarderStatus; readonly at: Date } | null;
  readonly retiredAt: Date | null;
  /** Its last word: an SMS, or a heartbeat saying it is online. */
  readonly lastHeardAt: Date | null;
  readonly silentSince: Date | null;
  /** The key id of its own forwarder key; null when it has none. */
  readonly credentialKeyId: string | null;
  /** The accounts its credits and debits name, in the order first seen. */
  readonly accounts: readonly CarriedAccountView[];
}

export interface ForwarderQuery {
  readonly tenantId?: string;
  readonly limit: number;
  readonly now: Date;
}

interface ForwarderRow {
  forwarder_id: string;
  tenant_id: string;
  app: SmsSource;
  device: string | null;
  name: string | null;
  first_seen_at: Date;
  heartbeat_status: ForwarderStatus | null;
  heartbeat_at: Date | null;
  retired_at: Date | null;
  last_heard_at: Date | null;
  silent_since: Date | null;
  credential_key_id: string | null;
  accounts: CarriedAccountView[];
  last_sms_at: Date | null;
  sms_last_day: string;
}

/** The forwarding phones for operators, newest first, with their traffic read from their SMS. */
export class ForwarderViews {
  constructor(private readonly sql: SqlExecutor) {}

  async list(query: ForwarderQuery): Promise<ForwarderView[]> {
    const rows = await this.sql.query<ForwarderRow>(
      `SELECT f.forwarder_id::text AS forwarder_id, f.tenant_id::text AS tenant_id, f.app, f.device, f.name, f.first_seen_at,
              f.heartbeat_status, f.heartbeat_at, f.retired_at, f.last_heard_at, f.silent_since, f.credential_key_id, f.accounts, traffic.last_sms_at, traffic.sms_last_day
       FROM rm_forwarders f
       LEFT JOIN LATERAL (
         SELECT max(recorded_at) AS last_sms_at, count(*) FILTER (WHERE recorded_at > $2::timestamptz - interval '24 hours') AS sms_last_day
         FROM rm_sms WHERE forwarder_id = f.forwarder_id
       ) traffic ON true
       WHERE ($1::uuid IS NULL OR f.tenant_id = $1)
       ORDER BY f.first_seen_at DESC, f.forwarder_id LIMIT $3`,
      [query.tenantId ?? null, query.now.toISOString(), query.limit],
    );
    return rows.map((row) => ({
      forwarderId: row.forwarder_id,
      tenantId: row.tenant_id,
      app: row.app,
      device: row.device,
      name: row.name,
      firstSeenAt: row.first_seen_at,
      lastSmsAt: row.last_sms_at,
      smsLastDay: Number(row.sms_last_day),
      heartbeat: row.heartbeat_status !== null && row.heartbeat_at !== null ? { status: row.heartbeat_status, at: row.heartbeat_at } : null,
      retiredAt: row.retired_at,
      lastHeardAt: row.last_heard_at,
      silentSince: row.silent_since,
      credentialKeyId: row.credential_key_id,
      accounts: row.accounts,
    }));
  }
}
