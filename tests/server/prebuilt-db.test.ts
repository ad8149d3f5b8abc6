/**
 * The prebuilt PGlite database a fresh data folder starts from
 * (src/server/db/prebuilt-db.ts, made by `npm run build:server`): a folder
 * opened from it holds exactly what one created the slow way (PGlite's initdb
 * and every migration) holds, once the app has seeded it; a missing, stale or
 * incomplete prebuilt database is not used, and an existing data folder is
 * never replaced.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/db.ts';
import { MIGRATIONS_FOLDER } from '../../src/server/db/migrate.ts';
import { openDb } from '../../src/server/db/open-db.ts';
import { buildPrebuiltDb, prebuiltDbKey, usePrebuiltDb } from '../../src/server/db/prebuilt-db.ts';
import { testConfig } from './helpers.ts';

const scratch = mkdtempSync(join(tmpdir(), 'edu-prebuilt-'));
const prebuiltDir = join(scratch, 'prebuilt');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function rowsOf(db: Db, query: string): Promise<unknown[]> {
  return ((await db.execute(sql.raw(query))) as unknown as { rows: unknown[] }).rows;
}

/** The schema (tables, columns, indexes, constraints, functions, triggers), the applied migrations and each table's row count. */
async function fingerprint(db: Db): Promise<Record<string, unknown>> {
  const user = `not in ('pg_catalog', 'information_schema', 'pg_toast')`;
  const tables = (await rowsOf(db, `select table_schema || '.' || table_name as t from information_schema.tables where table_schema ${user} and table_type = 'BASE TABLE' order by 1`)) as { t: string }[];
  const counts: Record<string, unknown> = {};
  for (const { t } of tables) counts[t] = ((await rowsOf(db, `select count(*)::int as n from ${t.split('.').map((part) => `"${part}"`).join('.')}`)) as { n: number }[])[0]!.n;
  return {
    columns: await rowsOf(db, `select table_schema, table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema ${user} order by 1, 2, 3`),
    indexes: await rowsOf(db, `select schemaname, tablename, indexname, indexdef from pg_indexes where schemaname ${user} order by 1, 2, 3`),
    constraints: await rowsOf(db, `select conrelid::regclass::text as rel, conname, pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname ${user} order by 1, 2`),
    functions: await rowsOf(db, `select proname, pg_get_function_identity_arguments(p.oid) as args, md5(prosrc) as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${user} order by 1, 2`),
    triggers: await rowsOf(db, `select tgname, tgrelid::regclass::text as rel from pg_trigger where not tgisinternal order by 1, 2`),
    migrations: await rowsOf(db, `select hash, created_at from drizzle.__drizzle_migrations order by id`),
    counts,
  };
}

/** Opens a data folder, lets the app seed it as a development start does (demo data and schools), fingerprints it. */
async function openSeeded(dataDir: string, dir: string): Promise<{ prebuilt: string | undefined; print: Record<string, unknown> }> {
  const database = await openDb({ dataDir, prebuiltDbDir: dir });
  try {
    const app = await buildApp({ db: database.db, config: testConfig({ nodeEnv: 'development', seed: true, lifecycleIntervalMs: 0 }), seed: true, seedSchools: true });
    await app.close();
    return { prebuilt: database.prebuilt, print: await fingerprint(database.db) };
  } finally {
    await database.close();
  }
}

describe('a fresh data folder from the prebuilt database', () => {
  beforeAll(async () => {
    await buildPrebuiltDb(prebuiltDir);
  }, 300_000);

  it('is named by the migrations and PGlite, and holds one database', () => {
    expect(readdirSync(prebuiltDir)).toEqual([prebuiltDbKey()]);
  });

  it('is migrated and seeded exactly as a database created by PGlite and the migrations', async () => {
    const fast = await openSeeded(join(scratch, 'fast'), prebuiltDir);
    const slow = await openSeeded(join(scratch, 'slow'), join(scratch, 'none'));
    expect(fast.prebuilt).toBe('copied');
    expect(slow.prebuilt).toBe('not-built');
    expect(fast.print).toEqual(slow.print);
    expect((fast.print.migrations as unknown[]).length).toBeGreaterThan(0);
    // Demo data present (users, products' orders…), not only the schema.
    expect(Object.values(fast.print.counts as Record<string, number>).some((n) => n > 0)).toBe(true);

    // Started again on the data it left: the folder is kept as it is.
    const again = await openDb({ dataDir: join(scratch, 'fast'), prebuiltDbDir: prebuiltDir });
    try {
      expect(again.prebuilt).toBe('existing-data');
      expect(await fingerprint(again.db)).toEqual(fast.print);
    } finally {
      await again.close();
    }
  }, 600_000);

  it('is not used when it was made for other migrations (stale), or is incomplete', () => {
    const migrations = join(scratch, 'changed-migrations');
    cpSync(MIGRATIONS_FOLDER, migrations, { recursive: true });
    writeFileSync(join(migrations, '9999_later.sql'), 'select 1;\n');
    expect(prebuiltDbKey(migrations)).not.toBe(prebuiltDbKey());
    const target = join(scratch, 'stale', 'pglite');
    expect(usePrebuiltDb(target, prebuiltDir, migrations)).toBe('not-built');
    expect(existsSync(join(scratch, 'stale'))).toBe(false);

    // A folder with the right name but no database in it (an interrupted copy by hand, say).
    const incomplete = join(scratch, 'incomplete');
    mkdirSync(join(incomplete, prebuiltDbKey()), { recursive: true });
    expect(usePrebuiltDb(join(scratch, 'from-incomplete', 'pglite'), incomplete)).toBe('not-built');
  });

  it('never replaces a data folder that has files', () => {
    const target = join(scratch, 'occupied', 'pglite');
    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, 'keep.txt'), 'mine');
    expect(usePrebuiltDb(target, prebuiltDir)).toBe('existing-data');
    expect(readdirSync(target)).toEqual(['keep.txt']);
  });

  it('fills an empty data folder, leaving nothing aside', () => {
    const target = join(scratch, 'empty', 'pglite');
    mkdirSync(target, { recursive: true });
    expect(usePrebuiltDb(target, prebuiltDir)).toBe('copied');
    expect(readdirSync(target)).toContain('PG_VERSION');
    expect(readdirSync(join(scratch, 'empty'))).toEqual(['pglite']);
  });
});
