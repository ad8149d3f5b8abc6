import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import * as schema from './schema.ts';
import { setNamedRunner, type Db, type DbHandle } from './db.ts';
import { runMigrations } from './migrate.ts';
import { DEFAULT_DATABASE_POOL_SIZE } from './pool-size.ts';
import { PREBUILT_DB_DIR, usePrebuiltDb, type PrebuiltOutcome } from './prebuilt-db.ts';

export const MEMORY_URL = 'memory://';

export interface DbConfig {
  /** postgres://… for a PostgreSQL server, `memory://` for an in-memory PGlite, unset for PGlite on disk. */
  databaseUrl?: string | undefined;
  /** PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir: string;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE, config.ts); {@link DEFAULT_DATABASE_POOL_SIZE} when unset. */
  poolSize?: number;
  /** Where the build's prebuilt PGlite databases are (prebuilt-db.ts); dist-server/prebuilt-db by default. */
  prebuiltDbDir?: string;
}

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Removes the password from a connection URL for logs and banners. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'PostgreSQL';
  }
}

/** Opens the database and brings its schema up to date with the checked-in migrations. */
export async function openDb(config: DbConfig): Promise<DbHandle> {
  const handle = await connect(config);
  try {
    await runMigrations(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function connect(config: DbConfig): Promise<DbHandle> {
  const url = config.databaseUrl;
  if (url && isPostgresUrl(url)) {
    // Loaded only for PostgreSQL: a PGlite server starts without them.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({ connectionString: url, max: config.poolSize ?? DEFAULT_DATABASE_POOL_SIZE });
    // An idle client that loses its connection emits 'error'; without a listener that crashes the process.
    pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    setNamedRunner(db, async ({ name, text }, values) => (await pool.query({ name, text, values: [...values] })).rows);
    return { db, kind: 'postgres', location: redactDatabaseUrl(url), close: () => pool.end() };
  }
  if (url && url !== MEMORY_URL) {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, or be ${MEMORY_URL}`);
  }
  let client: PGlite;
  let location: string;
  let prebuilt: PrebuiltOutcome | undefined;
  if (url === MEMORY_URL) {
    client = new PGlite();
    location = 'PGlite (in memory)';
  } else {
    const dir = resolve(join(config.dataDir, 'pglite'));
    // A fresh data folder starts from the build's migrated database rather than PGlite's initdb and every migration.
    prebuilt = usePrebuiltDb(dir, config.prebuiltDbDir ?? PREBUILT_DB_DIR);
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
    location = `PGlite ${dir}`;
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const pglite = client;
  setNamedRunner(db, async ({ text }, values) => (await pglite.query(text, [...values])).rows);
  return { db, kind: 'pglite', location, ...(prebuilt ? { prebuilt } : {}), close: () => client.close() };
}
