import { hostname } from 'node:os';
import { ConfigError } from '@pvs/runtime';

/** What keeps any other process off the database of an embedded service, until it is released at shutdown. */
export interface EmbeddedLock {
  release(): Promise<void>;
}

/** The lock is held by another process: embedded mode assumes it is the only one on its database. */
export class DatabaseInUseError extends ConfigError {
  constructor(variable: 'DATA_DIR' | 'DATABASE_URL', database: string, holder: string) {
    super(variable, `${database}, in use by another embedded service (${holder}): embedded mode must be the only process on its database, stop that one first`);
    this.name = 'DatabaseInUseError';
  }
}

/** How a lock names the process holding it. */
export function thisProcess(): string {
  return `pid ${process.pid} on ${hostname()}`;
}
