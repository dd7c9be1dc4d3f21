import { ALERT_KINDS, AlertKind } from '@pvs/contracts';
import { SqlExecutor } from '@pvs/sql';

/** Open: raised and not over; acknowledged: open, and an operator owns it; cleared: what raised it is over. */
export const ALERT_STATES = ['open', 'unacknowledged', 'cleared', 'all'] as const;
export type AlertStateFilter = (typeof ALERT_STATES)[number];

export interface AlertView {
  readonly alertId: string;
  readonly tenantId: string;
  readonly kind: AlertKind;
  readonly subjectId: string;
  /** The fact that raised it, as recorded. */
  readonly details: Readonly<Record<string, unknown>>;
  readonly raisedAt: Date;
  readonly clearedAt: Date | null;
  readonly clearedBy: string | null;
  readonly acknowledgedAt: Date | null;
  readonly acknowledgedBy: string | null;
  readonly note: string | null;
  /** For a phone's silence: its name, else what its app names it by. */
  readonly forwarderLabel: string | null;
}

export interface AlertCounts {
  readonly open: number;
  readonly unacknowledged: number;
}

export interface AlertQuery {
  readonly tenantId?: string;
  readonly kind?: AlertKind;
  readonly state: AlertStateFilter;
  readonly limit: number;
}

interface AlertRow {
  alert_id: string;
  tenant_id: string;
  kind: AlertKind;
  subject_id: string;
  details: Record<string, unknown>;
  raised_at: Date;
  cleared_at: Date | null;
  cleared_by: string | null;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  note: string | null;
  forwarder_label: string | null;
}

const STATE_CONDITIONS: Record<AlertStateFilter, string> = {
  open: 'a.cleared_at IS NULL',
  unacknowledged: 'a.cleared_at IS NULL AND a.acknowledged_at IS NULL',
  cleared: 'a.cleared_at IS NOT NULL',
  all: 'true',
};

const SELECT = `SELECT a.alert_id::text AS alert_id, a.tenant_id::text AS tenant_id, a.kind, a.subject_id::text AS subject_id, a.details, a.raised_at,
         a.cleared_at, a.cleared_by, a.acknowledged_at, a.acknowledged_by, a.note, coalesce(f.name, f.device) AS forwarder_label
  FROM rm_alerts a LEFT JOIN rm_forwarders f ON a.kind = 'forwarder.silent' AND f.forwarder_id = a.subject_id`;

function view(row: AlertRow): AlertView {
  return {
    alertId: row.alert_id,
    tenantId: row.tenant_id,
    kind: row.kind,
    subjectId: row.subject_id,
    details: row.details,
    raisedAt: row.raised_at,
    clearedAt: row.cleared_at,
    clearedBy: row.cleared_by,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy: row.acknowledged_by,
    note: row.note,
    forwarderLabel: row.forwarder_label,
  };
}

/** The alerts for operators, newest first; the open ones counted for the banner and the gauges. */
export class AlertViews {
  constructor(private readonly sql: SqlExecutor) {}

  async list(query: AlertQuery): Promise<AlertView[]> {
    const rows = await this.sql.query<AlertRow>(
      `${SELECT} WHERE ${STATE_CONDITIONS[query.state]} AND ($1::uuid IS NULL OR a.tenant_id = $1) AND ($2::text IS NULL OR a.kind = $2)
       ORDER BY a.raised_at DESC, a.alert_id LIMIT $3`,
      [query.tenantId ?? null, query.kind ?? null, query.limit],
    );
    return rows.map(view);
  }

  async find(alertId: string): Promise<AlertView | null> {
    const [row] = await this.sql.query<AlertRow>(`${SELECT} WHERE a.alert_id = $1`, [alertId]);
    return row ? view(row) : null;
  }

  /** Open alerts by kind (every kind, zero included) and how many of them nobody acknowledged. */
  async openCounts(): Promise<Record<AlertKind, AlertCounts>> {
    const rows = await this.sql.query<{ kind: AlertKind; open: string; unacknowledged: string }>(
      `SELECT kind, count(*) AS open, count(*) FILTER (WHERE acknowledged_at IS NULL) AS unacknowledged FROM rm_alerts WHERE cleared_at IS NULL GROUP BY kind`,
    );
    const none = { open: 0, unacknowledged: 0 };
    const counts: Record<AlertKind, AlertCounts> = { 'forwarder.silent': none, 'sms.gap_suspected': none, 'payment.stalled': none, 'payment.review_required': none };
    for (const row of rows) if (ALERT_KINDS.includes(row.kind)) counts[row.kind] = { open: Number(row.open), unacknowledged: Number(row.unacknowledged) };
    return counts;
  }
}
