/** A read model further behind than this would show what has happened as not yet happened: a round waits for it. */
export const MAX_LAG_SECONDS = 5;

/**
 * A watch's rounds: one every `intervalMs`, one at a time, and none on a read model more than a few seconds behind
 * the log (a stalled projector would make every phone look quiet and every break look unreported).
 */
export class WatchRounds {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    /** One round; answers how many things it raised. */
    private readonly round: () => Promise<number>,
    private readonly intervalMs: number,
    /** How far behind the log the read model the round reads is, in seconds. */
    private readonly lagSeconds: () => Promise<number>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.run().catch(this.onError), this.intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Runs a round now (or joins the one running); answers how many things it raised. */
  run(): Promise<number> {
    this.running ??= this.guarded().finally(() => (this.running = null));
    return this.running;
  }

  private async guarded(): Promise<number> {
    return (await this.lagSeconds()) > MAX_LAG_SECONDS ? 0 : this.round();
  }
}
