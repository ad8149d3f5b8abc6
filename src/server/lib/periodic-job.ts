/**
 * A background job run at start and then every `intervalMs`, one run at a
 * time, until {@link PeriodicJob.stop} (which waits for a run in progress).
 * The run reports its own errors: a rejection would only end that run.
 * Used by the lifecycle scheduler and the recording retention job.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private ended = false;

  constructor(private readonly run: () => Promise<void>) {}

  /** True once stop() was called: a run in progress checks it between batches. */
  get stopped(): boolean {
    return this.ended;
  }

  start(intervalMs: number): void {
    if (this.timer || this.ended) return;
    const tick = () => {
      if (this.running || this.ended) return;
      this.running = this.run()
        .catch(() => undefined)
        .finally(() => {
          this.running = undefined;
        });
    };
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.ended = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
