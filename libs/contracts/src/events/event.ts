/** A domain event: its type names the shape of its data, so narrowing on `type` types `data`. */
export interface Event<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** Every type of an event union, spelled out once: a record, so the compiler insists on each one. */
export type EventTypeList<E extends Event> = { readonly [T in E['type']]: true };

/** Narrows any event, recorded or about to be, to the union whose types were listed. */
export type EventGuard<E extends Event> = <R extends Event>(event: R) => event is R & E;

export function eventGuard<E extends Event>(types: EventTypeList<E>): EventGuard<E> {
  const declared = new Set<string>(Object.keys(types));
  return <R extends Event>(event: R): event is R & E => declared.has(event.type);
}
