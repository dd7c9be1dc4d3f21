interface Waiting<T, R> {
  readonly item: T;
  readonly resolve: (result: R) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Items handed in during the same turn of the event loop, or while a write is in flight, are written together
 * by the next write: alone an item is written at once, under load one write (one statement or transaction) carries
 * many. `write` answers each item's result, in the items' order (`alone` makes a write that has none).
 */
export class BatchedWrites<T, R = void> {
  private waiting: Waiting<T, R>[] = [];
  private draining = false;

  constructor(
    private readonly write: (items: T[]) => Promise<readonly R[]>,
    private readonly maxBatch = 200,
  ) {}

  /** Resolves with the item's result once it is written; rejects with the error of the write that carried it. */
  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    await new Promise((turnEnded) => setImmediate(turnEnded));
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        const results = await this.write(batch.map((waiting) => waiting.item));
        batch.forEach((waiting, index) => waiting.resolve(results[index]));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.draining = false;
  }
}

/** A write whose items have no result of their own: each is answered with nothing once the write is done. */
export function alone<T>(write: (items: T[]) => Promise<void>): (items: T[]) => Promise<void[]> {
  return async (items) => {
    await write(items);
    return items.map(() => undefined);
  };
}
