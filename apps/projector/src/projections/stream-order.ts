import { RecordedEvent } from '@pvs/event-store';

/**
 * Splits a batch into rounds holding at most one event of each stream, in stream order: each
 * round can then be applied with one set-based statement, and a row still sees its stream's
 * events one after the other.
 */
export function roundsByStream<Event extends RecordedEvent>(events: readonly Event[]): Event[][] {
  const rounds: Event[][] = [];
  const seen = new Map<string, number>();
  for (const event of events) {
    const round = seen.get(event.streamName) ?? 0;
    seen.set(event.streamName, round + 1);
    (rounds[round] ??= []).push(event);
  }
  return rounds;
}
