import { Event, EventGuard } from '@pvs/contracts';

export const REFUSAL_KINDS = ['not_found', 'conflict', 'unprocessable'] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

/** Why a command was not carried out, in words the client can act on. */
export interface Refusal {
  readonly kind: RefusalKind;
  readonly message: string;
}

/** What a command decides: the events to record (none when there is nothing to change), or a refusal. */
export type Decision<E extends Event> = { readonly ok: true; readonly events: readonly E[] } | { readonly ok: false; readonly refusal: Refusal };

export function accept<E extends Event>(...events: E[]): Decision<E> {
  return { ok: true, events };
}

export function refuse(kind: RefusalKind, message: string): Decision<never> {
  return { ok: false, refusal: { kind, message } };
}

/**
 * An aggregate as two pure functions: `evolve` folds its events into a state, `decide` answers a command on
 * that state. `isEvent` tells the events of its streams from any other.
 */
export interface Decider<Command, State, E extends Event> {
  readonly initialState: State;
  readonly isEvent: EventGuard<E>;
  evolve(state: State, event: E): State;
  decide(command: Command, state: State): Decision<E>;
}

/** The state a sequence of events leaves an aggregate in. */
export function fold<State, E extends Event>(decider: Pick<Decider<unknown, State, E>, 'evolve' | 'initialState'>, events: readonly E[]): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState);
}

/** What a use case answers: its value, or the refusal a client is told. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: Refusal };

export function succeed<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function refused(kind: RefusalKind, message: string): Result<never> {
  return { ok: false, refusal: { kind, message } };
}
