import { EventStore, RecordedEvent } from './event-store.port';

interface Waiting {
  readonly resolve: (events: RecordedEvent[]) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Whole streams read as they are now: every read asked for in one turn of the event loop is made by one
 * `readStreams` call begun after that turn, so each answer holds every event committed before it was asked for
 * (read-your-writes, in every process), and many concurrent readers cost one round trip.
 */
export class CurrentStreams {
  private asked: Map<string, Waiting[]> | null = null;

  constructor(private readonly store: EventStore) {}

  read(streamName: string): Promise<RecordedEvent[]> {
    if (this.asked === null) {
      this.asked = new Map();
      setImmediate(() => void this.readAsked());
    }
    const asked = this.asked;
    return new Promise((resolve, reject) => asked.set(streamName, [...(asked.get(streamName) ?? []), { resolve, reject }]));
  }

  private async readAsked(): Promise<void> {
    const asked = this.asked ?? new Map<string, Waiting[]>();
    this.asked = null;
    try {
      const streams = await this.store.readStreams([...asked.keys()]);
      for (const [name, waiting] of asked) for (const { resolve } of waiting) resolve(streams.get(name) ?? []);
    } catch (error) {
      for (const waiting of asked.values()) for (const { reject } of waiting) reject(error);
    }
  }
}
