import type { AppConfig } from '../config.ts';
import type { DbHandle } from '../db/db.ts';
import { runMigrations } from '../db/migrate.ts';
import { openDb } from '../db/open-db.ts';

/**
 * What every operators' command does around its work: opens the database the
 * server's settings name (DATABASE_URL, else the embedded one in DATA_DIR),
 * brings its schema up to date as the server would, runs `work`, and closes
 * the database whatever happens. Answers `work`'s exit code.
 */
export async function withToolDatabase(config: AppConfig, work: (database: DbHandle) => Promise<number>): Promise<number> {
  const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    return await work(database);
  } finally {
    await database.close();
  }
}
