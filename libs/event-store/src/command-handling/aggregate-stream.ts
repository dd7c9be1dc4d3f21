import { Event } from '@pvs/contracts';
import { Decider } from '@pvs/domain';
import { RecordedEvent } from '../event-store.port';
import { CommandStore } from './unit-of-work';

/** What folding an aggregate needs of its decider. */
export type Aggregate<State, E extends Event> = Pick<Decider<unknown, State, E>, 'initialState' | 'evolve' | 'isEvent'>;

/** A stream folded into its aggregate's state, at the version it was read at. */
export interface AggregatedStream<State, E extends Event> {
  readonly state: State;
  /** The stream's version: 0 when it has no event yet. */
  readonly version: number;
  readonly events: readonly RecordedEvent<E>[];
}

/** Reads a stream and folds its events (those the aggregate declares; no other is written to its streams). */
export async function aggregateStream<State, E extends Event>(store: Pick<CommandStore, 'readStream'>, stream: string, aggregate: Aggregate<State, E>): Promise<AggregatedStream<State, E>> {
  return foldStream(await store.readStream(stream), aggregate);
}

export function foldStream<State, E extends Event>(recorded: readonly RecordedEvent[], aggregate: Aggregate<State, E>): AggregatedStream<State, E> {
  let state = aggregate.initialState;
  const events: RecordedEvent<E>[] = [];
  for (const event of recorded) {
    if (!aggregate.isEvent(event)) continue;
    state = aggregate.evolve(state, event);
    events.push(event);
  }
  return { state, version: recorded.at(-1)?.streamVersion ?? 0, events };
}
