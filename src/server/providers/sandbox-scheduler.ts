/**
 * The delayed, retried deliveries of a sandbox provider (payment
 * notifications, e-sign callbacks): each runs after its delay, tests and
 * graceful shutdown wait for them with `settled()`, and `stop()` forgets the
 * pending ones (a real platform would keep retrying later; the sandbox just
 * forgets). One per provider instance.
 */
export class SandboxScheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  /** How many deliveries wait for their delay. */
  get pending(): number {
    return this.timers.size;
  }

  /** Runs `task` after `delayMs`, unless the scheduler was stopped. */
  schedule(task: () => Promise<void>, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const running = task().finally(() => this.inFlight.delete(running));
      this.inFlight.add(running);
    }, delayMs);
    this.timers.add(timer);
  }

  /** Resolves when no delivery is waiting or running. */
  async settled(): Promise<void> {
    while (this.timers.size > 0 || this.inFlight.size > 0) {
      await Promise.all([...this.inFlight]);
      if (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Cancels the pending deliveries and refuses new ones. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
