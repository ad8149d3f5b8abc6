import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db.ts';

/** A table of durable jobs: one row per job, due once its `nextAttemptAt` has passed (null: nothing more to do). */
export interface JobTable {
  table: PgTable;
  id: PgColumn;
  nextAttemptAt: PgColumn;
  /** Incremented by every claim: the fence a run's writes are conditional on. */
  attempts: PgColumn;
}

/** A row a run now holds: write its outcome with `attempts = <this value>`, so a run whose lease ran out writes nothing. */
export interface Claimed {
  id: number;
  attempts: number;
}

/**
 * Claims up to `limit` due rows of a job table, atomically and for a lease:
 * in one statement the due rows are locked `FOR UPDATE SKIP LOCKED`, their
 * `next_attempt_at` moved to `now + leaseMs` and their `attempts` counted up.
 * The statement commits at once, so the work that follows (an outside call)
 * holds no transaction, and another instance (or a second run) neither waits
 * for these rows nor gets them until the lease has run out: a run that died
 * mid-way is taken up again then. Works on PGlite and PostgreSQL alike.
 */
export async function claimDue(db: Db, job: JobTable, options: { now: Date; leaseMs: number; limit: number; where?: SQL }): Promise<Claimed[]> {
  const next = sql.identifier(job.nextAttemptAt.name);
  const attempts = sql.identifier(job.attempts.name);
  const now = options.now.toISOString();
  const result = await db.execute(sql`
    update ${job.table} set ${next} = ${new Date(options.now.getTime() + options.leaseMs).toISOString()}::timestamptz, ${attempts} = ${attempts} + 1
    where ${sql.identifier(job.id.name)} in (
      select ${job.id} from ${job.table}
      where ${job.nextAttemptAt} <= ${now}::timestamptz ${options.where ? sql`and ${options.where}` : sql``}
      order by ${job.nextAttemptAt}
      limit ${options.limit}
      for update skip locked
    )
    returning ${sql.identifier(job.id.name)} as "id", ${attempts} as "attempts"`);
  const rows = (result as unknown as { rows: { id: number | string; attempts: number | string }[] }).rows;
  return rows.map((row) => ({ id: Number(row.id), attempts: Number(row.attempts) }));
}

/** Exponential backoff with jitter: between half and all of base·2^(attempt−1), at most `maxMs`. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  // Never less than half the ceiling: retries of many rows spread out, yet each one's wait still grows.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
