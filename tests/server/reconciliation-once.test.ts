/**
 * Reconciliation runs each channel's day once, on PGlite and on PostgreSQL
 * when DATABASE_URL is set: three runs on two instances at the same time
 * fetch the bill once and record its differences once; a run that died
 * after claiming its day (a kill -9 between the claim and the outcome) is
 * taken up by a restarted instance once the lease has run out, and the dead
 * run's late outcome is not written.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWithHandles, type AppHandles } from '../../src/server/app.ts';
import { throwAwayDatabase } from '../support/bench-support.ts';
import { claimDue } from '../../src/server/db/claim-due.ts';
import type { DbHandle } from '../../src/server/db/db.ts';
import { openDb } from '../../src/server/db/open-db.ts';
import { reconciliationDifferences, reconciliations } from '../../src/server/db/schema.ts';
import { requestReconciliation, runDueReconciliations } from '../../src/server/payments/reconciliation.ts';
import type { BillLine } from '../../src/server/providers/payment/payment-provider.ts';
import { backends, openTestDb, testConfig } from './helpers.ts';

const silent = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof runDueReconciliations>[1];

describe.each(backends)('reconciliation exactly once (%s)', (backend) => {
  let database: DbHandle;
  let clock: Date;
  const now = () => clock;
  let bills = 0;
  /** The sandbox channel given a bill: one stranger's payment, fetched slowly so that runs overlap. */
  const withBill = (handles: AppHandles) => {
    const provider = handles.providers.payments.get('sandbox')!;
    provider.tradeBill = async (): Promise<BillLine[]> => {
      bills += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return [{ kind: 'payment', tradeNo: 'STRANGER', amountFen: 100 }];
    };
    return { db: database.db, now, payments: handles.providers.payments };
  };
  const instance = async (on: DbHandle) => buildAppWithHandles({ db: on.db, config: testConfig(), logger: false, sms: { send: async () => undefined }, now });

  beforeAll(async () => {
    clock = new Date();
    database = await openTestDb(backend);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const dayRow = async (on: DbHandle, billDate: string) =>
    (await on.db.select().from(reconciliations).where(and(eq(reconciliations.provider, 'sandbox'), eq(reconciliations.billDate, billDate))))[0]!;
  const differencesOf = async (on: DbHandle, id: number) => on.db.select().from(reconciliationDifferences).where(eq(reconciliationDifferences.reconciliationId, id));

  it('fetches the bill once and records its differences once when three runs on two instances go at the same time', async () => {
    const scratch = backend === 'postgres' ? await throwAwayDatabase(process.env.DATABASE_URL!, 'edu_reconcile') : undefined;
    const first = scratch ? await openDb({ databaseUrl: scratch.url, dataDir: '.', poolSize: 5 }) : database;
    const second = scratch ? await openDb({ databaseUrl: scratch.url, dataDir: '.', poolSize: 5 }) : database;
    const one = await instance(first);
    const two = await instance(second);
    try {
      const depsOne = { ...withBill(one.handles), db: first.db };
      const depsTwo = { ...withBill(two.handles), db: second.db };
      bills = 0;
      await requestReconciliation(depsOne, 'sandbox', '2026-11-01');
      const runs = await Promise.all([runDueReconciliations(depsOne, silent), runDueReconciliations(depsTwo, silent), runDueReconciliations(depsOne, silent)]);
      expect(bills).toBe(1);
      expect(runs.flat().map((s) => s.status)).toEqual(['done']);
      const row = await dayRow(first, '2026-11-01');
      expect(row).toMatchObject({ status: 'done', billLines: 1, matched: 0, differences: 1, attempts: 1 });
      expect((await differencesOf(first, row.id)).map((d) => [d.kind, d.tradeNo, d.run])).toEqual([['unknown_here', 'STRANGER', 1]]);
    } finally {
      await one.app.close();
      await two.app.close();
      if (scratch) {
        await first.close();
        await second.close();
        await scratch.drop();
      }
    }
  }, 120_000);

  it('takes up a day whose run died after its claim once the lease is over, and keeps only the new run’s outcome', async () => {
    const a = await instance(database);
    const deps = withBill(a.handles);
    await requestReconciliation(deps, 'sandbox', '2026-11-02');
    // The dying run: it claims the day, then the process is killed before the outcome.
    const [dead] = await claimDue(database.db, { table: reconciliations, id: reconciliations.id, nextAttemptAt: reconciliations.nextAttemptAt, attempts: reconciliations.attempts }, { now: clock, leaseMs: 10 * 60_000, limit: 1, where: eq(reconciliations.billDate, '2026-11-02') });
    await a.app.close();
    expect(dead).toBeDefined();
    const restarted = await instance(database);
    try {
      const again = withBill(restarted.handles);
      bills = 0;
      expect(await runDueReconciliations(again, silent)).toEqual([]);
      clock = new Date(clock.getTime() + 11 * 60_000);
      expect((await runDueReconciliations(again, silent)).map((s) => [s.billDate, s.status])).toEqual([['2026-11-02', 'done']]);
      expect(bills).toBe(1);
      // The dead run's outcome, written late under its claim, is fenced off.
      const late = await database.db
        .update(reconciliations)
        .set({ status: 'failed' })
        .where(and(eq(reconciliations.id, dead!.id), eq(reconciliations.attempts, dead!.attempts)))
        .returning({ id: reconciliations.id });
      expect(late).toEqual([]);
      const row = await dayRow(database, '2026-11-02');
      expect(row).toMatchObject({ status: 'done', attempts: 2 });
      expect((await differencesOf(database, row.id)).map((d) => d.run)).toEqual([2]);
    } finally {
      await restarted.app.close();
    }
  }, 60_000);
});
