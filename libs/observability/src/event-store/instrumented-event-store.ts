import { AppendResult, EventStore, ExpectedVersion, ExpectedVersionConflictError, NewEvent, StreamAppend } from '@pvs/event-store';
import { Metrics } from '../metrics/metrics';

/** The event store port, timing every append; chosen once at boot around whichever adapter runs. */
export class InstrumentedEventStore implements EventStore {
  constructor(
    private readonly store: EventStore,
    private readonly metrics: Metrics,
  ) {}

  append(streamName: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    return this.timed(() => this.store.append(streamName, events, expectedVersion));
  }

  appendAtomically(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return this.timed(() => this.store.appendAtomically(appends));
  }

  private async timed<T>(append: () => Promise<T>): Promise<T> {
    const stopTimer = this.metrics.eventStoreAppendDuration.startTimer();
    try {
      const result = await append();
      stopTimer({ result: 'appended' });
      return result;
    } catch (error) {
      stopTimer({ result: error instanceof ExpectedVersionConflictError ? 'conflict' : 'error' });
      throw error;
    }
  }

  readStream: EventStore['readStream'] = (streamName, afterVersion) => this.store.readStream(streamName, afterVersion);
  readStreams: EventStore['readStreams'] = (streamNames) => this.store.readStreams(streamNames);
  readAll: EventStore['readAll'] = (options) => this.store.readAll(options);
  backlog: EventStore['backlog'] = (options) => this.store.backlog(options);
  ping: EventStore['ping'] = () => this.store.ping();
  close: EventStore['close'] = () => this.store.close();
}
