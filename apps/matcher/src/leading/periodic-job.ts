/**
 * Work the leading matcher does every `intervalMs`, one run at a time: a run asked for while one is under way joins
 * it, and stopping waits for the run under way.
 */
export abstract class PeriodicJob<Result> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Result> | null = null;

  protected constructor(
    private readonly intervalMs: number,
    protected readonly onError: (error: unknown) => void,
  ) {}

  /** One run of the work. */
  protected abstract once(): Promise<Result>;

  start(): void {
    this.timer ??= setInterval(() => void this.run().catch(this.onError), this.intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Runs now, or joins the run under way. */
  run(): Promise<Result> {
    this.running ??= this.once().finally(() => (this.running = null));
    return this.running;
  }
}
