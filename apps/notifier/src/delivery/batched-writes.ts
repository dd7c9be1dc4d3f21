interface Waiting<T> {
  readonly item: T;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Items handed in during the same turn of the event loop, or while a write is in flight, are written together
 * by the next write: alone an item is written at once, under load one write (one transaction) carries many.
 */
export class BatchedWrites<T> {
  private waiting: Waiting<T>[] = [];
  private draining = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxBatch = 200,
  ) {}

  /** Resolves once the item is written; rejects with the error of the write that carried it. */
  add(item: T): Promise<void> {
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
        await this.write(batch.map((waiting) => waiting.item));
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.draining = false;
  }
}
