import {
  ALERT_ACKNOWLEDGED,
  ALERT_CATEGORY,
  FORWARDER_CATEGORY,
  FORWARDER_EVENT_TYPES,
  FORWARDER_RECOVERED,
  FORWARDER_RETIRED,
  FORWARDER_WENT_SILENT,
  LEDGER_CATEGORY,
  PAYMENT_LINK_CATEGORY,
  PAYMENT_LINK_CREATED,
  PAYMENT_LINK_DISABLED,
  PAYMENT_LINK_USED,
  PAYMENT_DECISIONS,
  PAYMENT_STALLED,
  PAYMENT_CATEGORY,
  SMS_CATEGORY,
  SMS_GAP_FILLED,
  SMS_GAP_SUSPECTED,
  SMS_PARSED,
  SMS_RECEIVED,
  SMS_REJECTED,
  STALL_CATEGORY,
} from '@pvs/contracts';
import { EventFilter } from '@pvs/event-store';

/** A projection's tables by role, under the names it writes them now. */
export type ProjectionTables = Readonly<Record<string, string>>;

/** What every process knows of a projection: the projector feeds it, the gateway reports on it. */
export interface ProjectionDefinition<Tables extends ProjectionTables = ProjectionTables> {
  readonly name: string;
  readonly filter: EventFilter;
  /** Its live tables; a rebuild fills copies of them, then swaps them in. */
  readonly tables: Tables;
}

/** The roles of a projection's tables, each under whatever name it writes them now. */
export type TablesOf<Definition extends ProjectionDefinition> = { readonly [Role in keyof Definition['tables']]: string };

export const PAYMENTS_PROJECTION = {
  name: 'payments',
  filter: { categories: [PAYMENT_CATEGORY] },
  tables: { payments: 'rm_payments' },
} as const satisfies ProjectionDefinition;

export const SMS_PROJECTION = {
  name: 'sms',
  filter: { categories: [SMS_CATEGORY] },
  tables: { sms: 'rm_sms' },
} as const satisfies ProjectionDefinition;

export const TENANT_DAILY_PROJECTION = {
  name: 'tenant_daily',
  filter: { categories: [PAYMENT_CATEGORY] },
  tables: { summary: 'rm_tenant_daily', payments: 'rm_tenant_daily_payments' },
} as const satisfies ProjectionDefinition;

export const SMS_HOURLY_PROJECTION = {
  name: 'sms_hourly',
  filter: { categories: [SMS_CATEGORY], types: [SMS_RECEIVED, SMS_PARSED, SMS_REJECTED] },
  tables: { counts: 'rm_sms_hourly', sms: 'rm_sms_hourly_sms' },
} as const satisfies ProjectionDefinition;

/** The forwarders, and when each spoke: their own events, and the SMS that name them. */
export const FORWARDERS_PROJECTION = {
  name: 'forwarders',
  filter: { categories: [FORWARDER_CATEGORY, SMS_CATEGORY], types: [...FORWARDER_EVENT_TYPES, SMS_RECEIVED] },
  tables: { forwarders: 'rm_forwarders', heard: 'rm_forwarder_heard' },
} as const satisfies ProjectionDefinition;

/** Each receiving account's ledger, and the SMS its balances say are missing. */
export const LEDGERS_PROJECTION = {
  name: 'ledgers',
  filter: { categories: [LEDGER_CATEGORY] },
  tables: { ledgers: 'rm_ledgers', gaps: 'rm_sms_gaps' },
} as const satisfies ProjectionDefinition;

/** What needs a person's eye, from the facts that raise and clear each alert, and the acknowledgements. */
export const ALERTS_PROJECTION = {
  name: 'alerts',
  filter: {
    categories: [FORWARDER_CATEGORY, LEDGER_CATEGORY, STALL_CATEGORY, PAYMENT_CATEGORY, ALERT_CATEGORY],
    types: [FORWARDER_WENT_SILENT, FORWARDER_RECOVERED, FORWARDER_RETIRED, SMS_GAP_SUSPECTED, SMS_GAP_FILLED, PAYMENT_STALLED, ...PAYMENT_DECISIONS, ALERT_ACKNOWLEDGED],
  },
  tables: { alerts: 'rm_alerts' },
} as const satisfies ProjectionDefinition;

/** The payment links, the payments made through each, and how those were decided: what a merchant converts. */
export const PAYMENT_LINKS_PROJECTION = {
  name: 'payment_links',
  filter: { categories: [PAYMENT_LINK_CATEGORY, PAYMENT_CATEGORY], types: [PAYMENT_LINK_CREATED, PAYMENT_LINK_USED, PAYMENT_LINK_DISABLED, ...PAYMENT_DECISIONS] },
  tables: { links: 'rm_payment_links', payments: 'rm_payment_link_payments' },
} as const satisfies ProjectionDefinition;

export const PROJECTIONS: readonly ProjectionDefinition[] = [
  PAYMENTS_PROJECTION,
  SMS_PROJECTION,
  TENANT_DAILY_PROJECTION,
  SMS_HOURLY_PROJECTION,
  FORWARDERS_PROJECTION,
  LEDGERS_PROJECTION,
  ALERTS_PROJECTION,
  PAYMENT_LINKS_PROJECTION,
];

export function findProjection(name: string): ProjectionDefinition | undefined {
  return PROJECTIONS.find((projection) => projection.name === name);
}
