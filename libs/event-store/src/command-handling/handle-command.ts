import { setTimeout as sleep } from 'node:timers/promises';
import { Event } from '@pvs/contracts';
import { Decider, Refusal } from '@pvs/domain';
import { Checkpoint, EventMetadata, ExpectedVersionConflictError, NO_STREAM, RecordedEvent } from '../event-store.port';
import { activeTraceContext } from '../trace-context';
import { aggregateStream } from './aggregate-stream';
import { CommandStore } from './unit-of-work';

export interface HandleCommandOptions<State> {
  /** The recorded events' metadata, or how to make it from the state they were decided on (e.g. its tenant). */
  readonly metadata: EventMetadata | ((state: State) => EventMetadata);
  /** Attempts after a version conflict before the command is refused; each one reads the stream again. */
  readonly maxRetries?: number;
  /**
   * The stream as the caller already knows it: the first attempt decides on it without reading (e.g. a stream
   * that is almost always new); a conflict reads it as usual.
   */
  readonly known?: { readonly state: State; readonly version: number };
}

export type CommandResult<State, E extends Event> =
  | {
      readonly ok: true;
      /** The state after the command: what it recorded applied. */
      readonly state: State;
      /** What the command recorded; none when nothing had to change. */
      readonly events: readonly E[];
      readonly nextVersion: number;
      /** Where the stream's last event stands in the log; null for a stream still empty, or an append staged in a unit of work. */
      readonly checkpoint: Checkpoint | null;
      /** The events the decision was taken on, when they were read (not when it was taken on `known`). */
      readonly read: readonly RecordedEvent<E>[];
    }
  | { readonly ok: false; readonly refusal: Refusal; readonly state: State };

const DEFAULT_MAX_RETRIES = 8;
export const STREAM_CHANGED_MEANWHILE = 'The resource was changed by other requests meanwhile; try again';
/** Upper bound of the random pause before a retry, doubled each time: writers that collided spread out. */
const FIRST_PAUSE_MS = 2;

/**
 * The one way a command changes a stream: fold it, decide, append at the version read. A concurrent
 * append makes the store refuse (a version conflict); the command is then decided again on the stream
 * as it has become, a bounded number of times; then the command is refused as a conflict.
 */
export async function handleCommand<Command, State, E extends Event>(
  store: CommandStore,
  stream: string,
  decider: Decider<Command, State, E>,
  command: Command,
  options: HandleCommandOptions<State>,
): Promise<CommandResult<State, E>> {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  let known = options.known;
  for (let attempt = 0; ; attempt++) {
    const assumed = known !== undefined;
    const current = known ? { ...known, events: [] } : await aggregateStream(store, stream, decider);
    known = undefined;
    const decision = decider.decide(command, current.state);
    if (!decision.ok) return { ok: false, refusal: decision.refusal, state: current.state };
    const state = decision.events.reduce((folded, event) => decider.evolve(folded, event), current.state);
    const read = current.events;
    if (decision.events.length === 0) {
      return { ok: true, state, events: [], nextVersion: current.version, checkpoint: read.at(-1)?.checkpoint ?? null, read };
    }
    try {
      // Recorded in a traced span (a request, the matcher weighing an SMS): what the events cause joins its trace.
      const metadata = { ...activeTraceContext(), ...(typeof options.metadata === 'function' ? options.metadata(current.state) : options.metadata) };
      const newEvents = decision.events.map((event) => ({ ...event, metadata }));
      const appended = await store.append(stream, newEvents, current.version === 0 ? NO_STREAM : current.version);
      return { ok: true, state, events: decision.events, nextVersion: appended.nextExpectedVersion, checkpoint: appended.checkpoint, read };
    } catch (error) {
      if (!(error instanceof ExpectedVersionConflictError)) throw error;
      if (attempt >= maxRetries) return { ok: false, refusal: { kind: 'conflict', message: STREAM_CHANGED_MEANWHILE }, state: current.state };
      if (!assumed) await sleep(Math.random() * FIRST_PAUSE_MS * 2 ** attempt);
    }
  }
}
