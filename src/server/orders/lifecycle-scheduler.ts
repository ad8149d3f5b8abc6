import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { PeriodicJob } from '../lib/periodic-job.ts';
import { DUE_RULES, runDueBatch } from './lifecycle-repo.ts';

export interface SchedulerOptions {
  db: Db;
  /** Injectable clock: tests move time instead of waiting. */
  now: () => Date;
  log: FastifyBaseLogger;
  /** Rows per transaction (default 100). */
  batchSize?: number;
  /** Timer period of {@link LifecycleScheduler.start} (default 10 s). */
  intervalMs?: number;
  /** Durable jobs run after the sweep on each tick (the refund pay-outs); each reports its own failure. */
  tickJobs?: readonly { name: string; run: () => Promise<unknown> }[];
}

/** The log message of a timed sweep that moved rows (its `lifecycle` field holds the counts). */
export const LIFECYCLE_SWEEP_LOG = 'lifecycle sweep moved rows';

export interface SweepResult {
  paymentTimeout: number;
  start: number;
  expire: number;
}

/**
 * Runs the time-driven transitions of the lifecycle: unpaid past the payment
 * deadline → 支付超时, 待起保 at the start date → 保障中, in force at the end
 * date → 已过期. Safe with several server instances: each batch locks its
 * rows with `FOR UPDATE … SKIP LOCKED`, so instances share the due rows and
 * every row moves once (the transition is also conditional on the status).
 * The same tick then runs the durable jobs it was given (`tickJobs`: the
 * refund pay-outs, the daily reconciliation), whose state is in the database.
 */
export class LifecycleScheduler {
  private readonly job = new PeriodicJob(async () => {
    try {
      const result = await this.runOnce();
      // Which instance moved what (several instances share the due rows).
      if (result.paymentTimeout + result.start + result.expire > 0) this.options.log.info({ lifecycle: result }, LIFECYCLE_SWEEP_LOG);
    } catch (error: unknown) {
      this.options.log.error({ err: error }, 'lifecycle sweep failed');
    }
    for (const job of this.options.tickJobs ?? []) {
      if (this.job.stopped) return;
      await job.run().catch((error: unknown) => this.options.log.error({ err: error, job: job.name }, 'scheduled job failed'));
    }
  });

  constructor(private readonly options: SchedulerOptions) {}

  /** One sweep over every rule, batch after batch until nothing is due. */
  async runOnce(): Promise<SweepResult> {
    const now = this.options.now();
    const limit = this.options.batchSize ?? 100;
    const result: SweepResult = { paymentTimeout: 0, start: 0, expire: 0 };
    for (const rule of DUE_RULES) {
      for (;;) {
        if (this.job.stopped) return result;
        const moved = await runDueBatch(this.options.db, rule, now, limit);
        result[rule.event as keyof SweepResult] += moved;
        // A short batch means nothing more is due (or the rest is locked by another instance).
        if (moved < limit) break;
      }
    }
    return result;
  }

  /** Sweeps now and then every intervalMs until {@link stop}; one sweep at a time. */
  start(): void {
    this.job.start(this.options.intervalMs ?? 10_000);
  }

  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void> {
    return this.job.stop();
  }
}
