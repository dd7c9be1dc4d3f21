import type { EventData } from '../api-types';
import { Output, text } from '../output';

/** The events of one stream, in version order. */
export function eventsTable(out: Output, events: readonly EventData[]): void {
  out.table(
    ['version', 'type', 'recorded_at', 'data'],
    events.map((event) => [event.stream_version, event.type, event.recorded_at, event.data]),
  );
}

/** One line per event of the global log, led by the checkpoint to resume from. */
export function eventLine(event: EventData): string {
  return [event.checkpoint, event.recorded_at, `${event.stream}@${event.stream_version}`, event.type, text(event.data)].join('  ');
}
