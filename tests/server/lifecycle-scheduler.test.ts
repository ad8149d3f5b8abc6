/**
 * The lifecycle scheduler with several instances at once: every due row moves
 * exactly once. On PostgreSQL (DATABASE_URL set) the two schedulers run on
 * separate pooled connections, so their batches really overlap and
 * `FOR UPDATE … SKIP LOCKED` is what keeps them apart.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationForms, orders, policyStatusEvents } from '../../src/server/db/schema.ts';
import { LifecycleScheduler } from '../../src/server/orders/lifecycle-scheduler.ts';
import { backends, login, makeTestApp, submitOrder, type TestApp, validApplication, JINING } from './helpers.ts';

const ROWS = 60;

describe.each(backends)('lifecycle scheduler (%s)', (backend) => {
  let t: TestApp;
  let now = new Date();

  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => now });
  });
  afterAll(() => t.close());

  it('moves each due row once with two schedulers sweeping at the same time', async () => {
    const { db } = t.database;
    const session = await login(t.app);
    const made: string[] = [];
    for (let i = 0; i < ROWS; i++) made.push((await submitOrder(t.app, session.token, validApplication(JINING))).orderCode);
    // A third of the orders are issued policies, starting now; the rest wait for their payment.
    const issued = made.slice(0, ROWS / 3);
    for (const code of issued) {
      await db.update(orders).set({ status: 'waitInsurance' }).where(eq(orders.orderCode, code));
      await db.execute(
        sql`update application_forms set status = 'waitInsurance', start_date = ${now.toISOString()}::timestamptz from orders where orders.id = application_forms.order_id and orders.order_code = ${code}`,
      );
    }
    now = new Date(now.getTime() + 31 * 60_000);

    const log = t.app.log;
    // Small batches so that each scheduler runs many transactions that interleave with the other's.
    const a = new LifecycleScheduler({ db, now: () => now, log, batchSize: 3 });
    const b = new LifecycleScheduler({ db, now: () => now, log, batchSize: 3 });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);

    if (backend === 'postgres') {
      // Both instances got a share of the work (they ran side by side, not one after the other).
      expect(ra.paymentTimeout + ra.start).toBeGreaterThan(0);
      expect(rb.paymentTimeout + rb.start).toBeGreaterThan(0);
    }
    expect(ra.paymentTimeout + rb.paymentTimeout).toBe(ROWS - issued.length);
    expect(ra.start + rb.start).toBe(issued.length);
    // Each row moved once: one event per form, and the statuses agree with it.
    const events = await db
      .select({ formId: policyStatusEvents.applicationFormId, n: sql<number>`count(*)::int` })
      .from(policyStatusEvents)
      .groupBy(policyStatusEvents.applicationFormId);
    expect(events).toHaveLength(ROWS);
    expect(events.every((e) => e.n === 1)).toBe(true);
    const statuses = await db
      .select({ status: applicationForms.status, n: sql<number>`count(*)::int` })
      .from(applicationForms)
      .groupBy(applicationForms.status);
    expect(Object.fromEntries(statuses.map((s) => [s.status, s.n]))).toEqual({ paymentTimeout: ROWS - issued.length, guarantee: issued.length });

    // Nothing is left due: a further sweep moves nothing.
    expect(await a.runOnce()).toEqual({ paymentTimeout: 0, start: 0, expire: 0 });
  });

  it('runs from a timer started by the app and stops cleanly', async () => {
    const session = await login(t.app);
    const order = await submitOrder(t.app, session.token, validApplication(JINING));
    now = new Date(now.getTime() + 31 * 60_000);
    const timed = new LifecycleScheduler({ db: t.database.db, now: () => now, log: t.app.log, intervalMs: 20 });
    timed.start();
    const deadline = Date.now() + 10_000;
    let status = 'toBePaid';
    while (status === 'toBePaid' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.orderCode, order.orderCode));
      status = row?.status ?? '';
    }
    await timed.stop();
    expect(status).toBe('paymentTimeout');
  });
});
