/**
 * The PostgreSQL pool holds at most `poolSize` connections (DATABASE_POOL_SIZE):
 * more concurrent statements than that wait for a connection instead of
 * opening one, so an operator can keep every instance of the app within the
 * database server's connection limit.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/open-db.ts';

const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)('the PostgreSQL pool on DATABASE_POOL_SIZE', () => {
  const name = `edu_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl ?? 'postgres://unused');
  url.pathname = `/${name}`;
  const admin = () => new pg.Client({ connectionString: adminUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  /** The backends that served `count` statements sent at once, each holding its connection for 0.2 s. */
  async function backendsServing(poolSize: number | undefined, count: number): Promise<number> {
    const handle = await openDb({ databaseUrl: url.toString(), dataDir: '.', ...(poolSize === undefined ? {} : { poolSize }) });
    try {
      const pids = await Promise.all(
        Array.from({ length: count }, async () => {
          const result = (await handle.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.2)`)) as unknown as { rows: { pid: number }[] };
          return result.rows[0]!.pid;
        }),
      );
      return new Set(pids).size;
    } finally {
      await handle.close();
    }
  }

  it('serves six statements at once on two connections with a pool of 2, on six with the default of 10', async () => {
    expect(await backendsServing(2, 6)).toBe(2);
    expect(await backendsServing(undefined, 6)).toBe(6);
  });
});
