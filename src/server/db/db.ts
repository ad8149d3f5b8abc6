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

/**
 * A statement with a fixed text, run by name: PostgreSQL parses and plans it
 * once per pooled connection and then only binds and executes it (a statement
 * sent through drizzle is unnamed, parsed and planned on every call). For hot
 * calls whose text never changes (the plain order submission).
 */
export interface NamedStatement {
  /** Unique to `text`: a connection that prepared a name runs that text for it. */
  name: string;
  text: string;
}

export type NamedRunner = (statement: NamedStatement, values: readonly unknown[]) => Promise<unknown[]>;

const namedRunners = new WeakMap<object, NamedRunner>();

/** Called by openDb: how `db` runs a named statement (PGlite runs it as an unnamed one). */
export function setNamedRunner(db: Db, runner: NamedRunner): void {
  namedRunners.set(db, runner);
}

/** How `db` runs a named statement (tests wrap it to see what is sent). */
export function namedRunnerOf(db: Db): NamedRunner | undefined {
  return namedRunners.get(db);
}

/** The rows of `statement` run with `values` on a database opened by openDb (not inside a transaction). */
export async function runNamed(db: Db, statement: NamedStatement, values: readonly unknown[]): Promise<unknown[]> {
  const runner = namedRunners.get(db);
  if (!runner) throw new Error(`runNamed(${statement.name}): not a database opened by openDb`);
  return runner(statement, values);
}
