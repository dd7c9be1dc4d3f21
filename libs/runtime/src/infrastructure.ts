import { ThrottlerStorage } from '@nestjs/throttler';
import { AppendSignals, EventStore } from '@pvs/event-store';
import { BusTransport } from '@pvs/messaging';
import { Metrics } from '@pvs/observability';
import { SqlClient } from '@pvs/sql';
import { Clock } from './clock';
import { FailedAttempts } from './failed-attempts/failed-attempts.port';

export const READ_MODEL_DATABASE = Symbol('READ_MODEL_DATABASE');
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
  /** What wakes this process's readers when events are appended (by it, or by others that notify). */
  readonly appendSignals: AppendSignals;
  readonly readModel: SqlClient;
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
