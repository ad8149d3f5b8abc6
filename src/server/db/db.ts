import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';
import type { PrebuiltOutcome } from './prebuilt-db.ts';

/**
 * A database handle or an open transaction: repository functions take this as
 * their first argument, so the same code runs on PGlite, on PostgreSQL and
 * inside `db.transaction(...)`.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /** Human-readable location, for the start-up banner (never contains a password). */
  location: string;
  /**
   * PGlite on disk: whether the data folder was made from the build's prebuilt
   * database ('copied'), already held one ('existing-data'), or was created by
   * PGlite because no current prebuilt database exists or copying it failed.
   */
  prebuilt?: PrebuiltOutcome;
  close: () => Promise<void>;
}
