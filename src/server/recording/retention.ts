import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { PeriodicJob } from '../lib/periodic-job.ts';
import type { StorageProvider } from '../providers/storage/storage-provider.ts';
import { purgeAbandonedRecordings } from './recordings-repo.ts';

/** How often the server purges abandoned recordings (hourly: at most a few hundred a batch). */
export const RETENTION_INTERVAL_MS = 3600_000;

/**
 * The retention job of sale recordings (docs/recording.md, Retention):
 * abandoned recordings past their 90 days are purged in batches, hourly, by
 * every server instance (batches skip each other's rows). Recordings linked to
 * an order are never touched here: the database's trigger keeps them.
 */
export class RecordingRetention {
  private readonly job = new PeriodicJob(async () => {
    try {
      await this.runOnce();
    } catch (error: unknown) {
      this.options.log.error({ err: error }, 'recording retention failed');
    }
  });

  constructor(private readonly options: { db: Db; storage: StorageProvider; log: FastifyBaseLogger; intervalMs?: number; batchSize?: number }) {}

  /** One purge, batch after batch until nothing is due; answers how many recordings went. */
  async runOnce(): Promise<number> {
    const limit = this.options.batchSize ?? 200;
    let purged = 0;
    for (;;) {
      if (this.job.stopped) return purged;
      const batch = await purgeAbandonedRecordings(this.options.db, this.options.storage, limit);
      purged += batch;
      if (batch < limit) break;
    }
    if (purged > 0) this.options.log.info({ purged }, 'abandoned sale recordings purged');
    return purged;
  }

  start(): void {
    this.job.start(this.options.intervalMs ?? RETENTION_INTERVAL_MS);
  }

  stop(): Promise<void> {
    return this.job.stop();
  }
}
