/**
 * A prebuilt PGlite database (server start): a data folder that
 * PGlite created (its initdb, in WebAssembly) and the checked-in migrations
 * brought up to date, made by `npm run build:server` and kept in
 * dist-server/prebuilt-db/<key>/. A server starting on a fresh data folder
 * copies it into place instead of creating and migrating a database, which
 * was most of a fresh start (docs/performance.md, "Server start and
 * memory").
 *
 * Safe by construction:
 * - <key> is a hash of the installed PGlite's version and every migration
 *   file: a copy made by another PGlite or before a migration changed is never
 *   found (the start then creates the database as before);
 * - it is copied only into a data folder that is absent or empty, never over
 *   an existing one, aside first and renamed into place, so an interrupted
 *   copy leaves no half database behind;
 * - the migrator runs after it as on every start (finding nothing to apply),
 *   and demo data and reference data are seeded by the app as before: the
 *   copy holds the schema only.
 * A copy of the folder rather than PGlite's `loadDataDir` (a tarball from
 * `dumpDataDir`, unpacked by PGlite's WebAssembly file system): the copy and an
 * ordinary open cost about 1.4 s of CPU where loading the tarball cost 2.3–2.5 s
 * (measured side by side, docs/performance.md).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PROJECT_ROOT } from '../lib/project-root.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';

/** Where the build leaves the prebuilt database (dist-server is what production runs). */
export const PREBUILT_DB_DIR = join(PROJECT_ROOT, 'dist-server', 'prebuilt-db');

/** Bumped when what the copy holds changes in a way the inputs below do not show. */
const FORMAT = 1;

/** The installed PGlite's version, from its package.json (its exports do not list the file). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  for (let dir = dirname(entry); dirname(dir) !== dir; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite') return pkg.version ?? 'unknown';
  }
  return 'unknown';
}

/** The prebuilt database's name: a hash of PGlite's version and the migrations (every file, names and bytes). */
export function prebuiltDbKey(migrationsFolder: string = MIGRATIONS_FOLDER): string {
  const hash = createHash('sha256').update(`format ${FORMAT}\npglite ${pgliteVersion()}\n`);
  const visit = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path, `${prefix}${entry.name}/`);
      else hash.update(`${prefix}${entry.name}\0`).update(readFileSync(path)).update('\0');
    }
  };
  visit(migrationsFolder, '');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Makes `<dir>/<key>` (when it is not there yet): a PGlite database with the
 * migrations applied, closed cleanly. Removes other keys' databases in `dir`.
 * Returns the folder.
 */
export async function buildPrebuiltDb(dir: string, migrationsFolder: string = MIGRATIONS_FOLDER): Promise<string> {
  const key = prebuiltDbKey(migrationsFolder);
  const target = join(dir, key);
  if (existsSync(join(target, 'PG_VERSION'))) return target;
  mkdirSync(dir, { recursive: true });
  const partial = join(dir, `${key}.${process.pid}.partial`);
  rmSync(partial, { recursive: true, force: true });
  const client = new PGlite(partial);
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  } finally {
    await client.close();
  }
  // Earlier keys' databases (another PGlite or older migrations) are of no further use; partial ones may be another process's.
  for (const other of readdirSync(dir)) if (/^[0-9a-f]{16}$/.test(other)) rmSync(join(dir, other), { recursive: true, force: true });
  renameSync(partial, target);
  return target;
}

/** Why a fresh data folder was or was not made from the prebuilt database (for the start's log). */
export type PrebuiltOutcome = 'copied' | 'existing-data' | 'not-built' | 'failed';

/**
 * Puts the prebuilt database at `pgliteDir` when that folder is absent or
 * empty and `dir` holds one for the current PGlite and migrations.
 * 'existing-data': the folder has files (never touched); 'not-built': no
 * matching prebuilt database (none built, or stale); 'failed': the copy
 * failed (cleaned up; the caller creates the database as before).
 */
export function usePrebuiltDb(pgliteDir: string, dir: string = PREBUILT_DB_DIR, migrationsFolder: string = MIGRATIONS_FOLDER): PrebuiltOutcome {
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) return 'existing-data';
  let source: string;
  try {
    source = join(dir, prebuiltDbKey(migrationsFolder));
  } catch {
    return 'not-built';
  }
  if (!existsSync(join(source, 'PG_VERSION'))) return 'not-built';
  const partial = `${pgliteDir}.${process.pid}.partial`;
  try {
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(dirname(pgliteDir), { recursive: true });
    cpSync(source, partial, { recursive: true });
    // rename(2) replaces an empty folder; one that got files meanwhile makes it fail, and the copy is dropped.
    renameSync(partial, pgliteDir);
    return 'copied';
  } catch {
    rmSync(partial, { recursive: true, force: true });
    return 'failed';
  }
}
