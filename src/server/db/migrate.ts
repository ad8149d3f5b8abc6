import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import type { DbHandle } from './db.ts';

/**
 * The checked-in migrations, next to this module: `src/server/db/migrations`
 * from source, `dist-server/migrations` in the bundle (scripts/build-server.mjs
 * copies them there, so dist-server/ is self-contained).
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
const migrationsFolder = MIGRATIONS_FOLDER;

/** Arbitrary constant key of the advisory lock that serialises migrations across server instances. */
const MIGRATION_LOCK_KEY = 727_274_001;

/** Applies the checked-in migrations (idempotent: applied ones are skipped). */
export async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
  const db = handle.db as unknown as NodePgDatabase & { $client: Pool };
  // Several instances may start at once; drizzle's migrator does not lock, so we do.
  const lockClient = await db.$client.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
}
