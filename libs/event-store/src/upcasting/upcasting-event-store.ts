import { currentVersion, upcast } from '@pvs/contracts';
import { AppendResult, EventStore, ExpectedVersion, NewEvent, RecordedEvent, StreamAppend } from '../event-store.port';

/**
 * The event store port with event versions: every event appended carries the version its type is recorded
 * at now (`metadata.schemaVersion`), and every event read is turned into its current shape by the upcasters
 * of its older versions. Chosen once at boot around whichever adapter runs, so the command path,
 * subscriptions, projections and rebuilds all read current shapes.
 */
export class UpcastingEventStore implements EventStore {
  constructor(private readonly store: EventStore) {}

  append(streamName: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    return this.store.append(streamName, events.map(versioned), expectedVersion);
  }

  appendAtomically(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return this.store.appendAtomically(appends.map((append) => ({ ...append, events: append.events.map(versioned) })));
  }

  readStream: EventStore['readStream'] = async (streamName, afterVersion) => (await this.store.readStream(streamName, afterVersion)).map(current);
  readStreams: EventStore['readStreams'] = async (streamNames) => new Map([...(await this.store.readStreams(streamNames))].map(([name, events]) => [name, events.map(current)]));
  readAll: EventStore['readAll'] = async (options) => (await this.store.readAll(options)).map(current);
  backlog: EventStore['backlog'] = (options) => this.store.backlog(options);
  ping: EventStore['ping'] = () => this.store.ping();
  close: EventStore['close'] = () => this.store.close();
}

function versioned(event: NewEvent): NewEvent {
  return { ...event, metadata: { ...event.metadata, schemaVersion: currentVersion(event.type) } };
}

/** The event as its type's current version shapes it (an event already current is returned as it is). */
function current(event: RecordedEvent): RecordedEvent {
  const version = event.metadata.schemaVersion;
  return version === currentVersion(event.type) ? event : { ...event, data: upcast(event.type, version, event.data) };
}
