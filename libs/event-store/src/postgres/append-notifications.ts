import { Client } from 'pg';

/** The channel every append notifies when other processes read the same store. */
export const APPENDED_CHANNEL = 'pvs_events_appended';

const RECONNECT_DELAY_MS = 1_000;

/**
 * Listens, on a connection of its own, for appends committed by other processes, so this
 * process's readers wake at once instead of at their next poll. A lost connection is reopened;
 * meanwhile readers still poll, so nothing is missed, only later.
 */
export class AppendNotifications {
  private client: Client | null = null;
  private closed = false;
  private reconnect: NodeJS.Timeout | undefined;

  private constructor(
    private readonly connectionString: string,
    private readonly onAppend: () => void,
  ) {}

  static async listen(connectionString: string, onAppend: () => void): Promise<AppendNotifications> {
    const notifications = new AppendNotifications(connectionString, onAppend);
    await notifications.connect();
    return notifications;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnect);
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString });
    client.on('notification', () => this.onAppend());
    client.on('error', () => this.retryLater(client));
    client.on('end', () => this.retryLater(client));
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${APPENDED_CHANNEL}`);
  }

  private retryLater(client: Client): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.reconnect = setTimeout(() => {
      this.connect().catch(() => this.client && this.retryLater(this.client));
    }, RECONNECT_DELAY_MS);
  }
}
