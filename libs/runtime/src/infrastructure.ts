import { ThrottlerStorage } from '@nestjs/throttler';
import { AppendSignals, EventDataRewrite, EventStore } from '@pvs/event-store';
import { BusTransport } from '@pvs/messaging';
import { Metrics } from '@pvs/observability';
import { SqlClient } from '@pvs/sql';
import { Clock } from './clock';
import { FailedAttempts } from './failed-attempts/failed-attempts.port';

/**
 * Each owning project's database handle: its tables live there and it alone writes them (docs/ARCHITECTURE.md, "Who
 * owns which table"). The projector's read model (projections, their checkpoints and rebuilds), read by the gateway
 * and the matcher's watches.
 */
export const READ_MODEL_DATABASE = Symbol('READ_MODEL_DATABASE');
/** The matcher's: partition leases, its readers' checkpoints, the open payments; read by nobody else. */
export const MATCHER_DATABASE = Symbol('MATCHER_DATABASE');
/** The notifier's: the webhook outbox (deliveries, attempts, endpoints, redelivery requests); read by the gateway. */
export const NOTIFIER_DATABASE = Symbol('NOTIFIER_DATABASE');
/** The gateway's: how often payers opened each payment link's page; read by nobody else. */
export const GATEWAY_DATABASE = Symbol('GATEWAY_DATABASE');
export const THROTTLER_STORAGE = Symbol('THROTTLER_STORAGE');
export const HEALTH_PROBES = Symbol('HEALTH_PROBES');

/** What GET /system/health reports; each probe throws when its service is down. */
export interface HealthProbes {
  readonly database: () => Promise<void>;
  readonly cache: () => Promise<void>;
  readonly queue: () => Promise<void>;
}

/** The adapters behind every port, chosen once at boot. */
export interface Infrastructure {
  readonly eventStore: EventStore;
  /** The event store's rewrite of stored data (sealing old payer data), or null where it has none. */
  readonly eventDataRewrite: EventDataRewrite | null;
  /** What wakes this process's readers when events are appended (by it, or by others that notify). */
  readonly appendSignals: AppendSignals;
  /** The owning projects' databases (one PostgreSQL database, or PGlite, today; see the tokens above). */
  readonly readModel: SqlClient;
  readonly matcherDatabase: SqlClient;
  readonly notifierDatabase: SqlClient;
  readonly gatewayDatabase: SqlClient;
  /** The Nest transport of the bus: its server carries the consumers' handlers, its client publishes. */
  readonly bus: BusTransport;
  readonly throttlerStorage: ThrottlerStorage;
  /** Wrong credentials per client address and key id, for blocking whoever keeps guessing. */
  readonly failedAttempts: FailedAttempts;
  readonly clock: Clock;
  readonly health: HealthProbes;
  /** This process's one metrics registry; the event store above already reports into it. */
  readonly metrics: Metrics;
  close(): Promise<void>;
}
