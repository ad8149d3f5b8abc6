import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/db.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { orders, users } from '../../src/server/db/schema.ts';
import { backends, openTestDb } from './helpers.ts';

const journal = JSON.parse(readFileSync(new URL('../../src/server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: unknown[];
};

describe.each(backends)('database invariants (%s)', (backend) => {
  let database: DbHandle;
  let userId: string;
  beforeAll(async () => {
    database = await openTestDb(backend);
    const [user] = await database.db.insert(users).values({ userCode: 'U1', phone: '13900000000' }).returning();
    userId = user!.id;
  });
  afterAll(() => database.close());

  const order = (overrides: Partial<typeof orders.$inferInsert> = {}) => ({
    orderCode: `ED${Math.random()}`,
    userId,
    idempotentSerialNo: `SN${Math.random()}`,
    amountFen: 100,
    ...overrides,
  });

  it('applies migrations idempotently: once each, however often the server starts', async () => {
    await runMigrations(database);
    await runMigrations(database);
    const applied = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as { rows: { n: number }[] };
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
  });

  it('allows only the contract statuses', async () => {
    // Not a contract status: the column's type refuses it at compile time, the CHECK constraint at run time.
    await expect(database.db.insert(orders).values(order({ status: 'paid' as never }))).rejects.toThrow();
    await database.db.insert(orders).values(order({ status: 'guarantee' }));
  });

  it('keeps one order per idempotency serial', async () => {
    await database.db.insert(orders).values(order({ idempotentSerialNo: 'SN-ONCE' }));
    await expect(database.db.insert(orders).values(order({ idempotentSerialNo: 'SN-ONCE' }))).rejects.toThrow();
  });

  it('refuses negative amounts and unknown users', async () => {
    await expect(database.db.insert(orders).values(order({ amountFen: -1 }))).rejects.toThrow();
    await expect(database.db.insert(orders).values(order({ userId: '00000000-0000-0000-0000-000000000000' }))).rejects.toThrow();
  });
});
