/** What a handler's delivery can do besides running it, as its transport allows. */
export interface DeliveryControl {
  /** Marks the message handled, so it is not delivered again. */
  commit(): Promise<void>;
  /** Keeps the consumer in its group while a retry waits. */
  heartbeat(): Promise<void>;
  /** Gives up on the message after its last attempt, or at once when it cannot be read. */
  giveUp(reason: unknown, unreadable: boolean): Promise<void>;
}

export function describeFailure(reason: unknown): string {
  return reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : JSON.stringify(reason);
}
