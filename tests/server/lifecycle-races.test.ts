/**
 * Racing writers of one order: the holder cancelling, a payment arriving and
 * the scheduler timing it out at the same moment. The lifecycle lets exactly
 * one of them move the order; the others are refused by the table. On
 * PostgreSQL the calls run on separate pooled connections.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyEvent } from '../../src/contract/policy-lifecycle.ts';
import { orders, policyStatusEvents } from '../../src/server/db/schema.ts';
import { applyTransition } from '../../src/server/orders/lifecycle-repo.ts';
import type { IssueOutcome } from '../../src/server/providers/insurer/insurer-provider.ts';
import { SandboxInsurerProvider } from '../../src/server/providers/insurer/sandbox-insurer-provider.ts';
import { backends, JINING, login, makeTestApp, submitOrder, type TestApp, validApplication } from './helpers.ts';

describe.each(backends)('lifecycle races (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ backend });
  });
  afterAll(() => t.close());

  it('lets one of many concurrent cancel, pay and timeout events move an order, once', async () => {
    const { db } = t.database;
    const session = await login(t.app);
    for (let round = 0; round < 5; round++) {
      const order = await submitOrder(t.app, session.token, validApplication(JINING));
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderCode, order.orderCode));
      const orderId = row!.id;
      const events: PolicyEvent[] = ['cancel', 'pay', 'paymentTimeout', 'cancel', 'pay', 'paymentTimeout', 'cancel', 'pay'];
      const at = new Date();
      const results = await Promise.all(events.map((event) => applyTransition(db, { orderId, event, at, actor: 'user' })));
      const winners = results.filter((r) => r.ok);
      expect(winners).toHaveLength(1);
      for (const loser of results.filter((r) => !r.ok)) expect(loser).toMatchObject({ ok: false, message: expect.stringMatching(/^保单状态为「.+」，不能/) });
      const log = await db.select().from(policyStatusEvents).where(eq(policyStatusEvents.orderId, orderId));
      expect(log).toHaveLength(1);
      const [after] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      expect(after!.status).toBe(log[0]!.toStatus);
    }
  });
});

describe('sandbox insurer', () => {
  it('issues later, not during submit, and delivers an outcome again until the handler accepts it', async () => {
    const insurer = new SandboxInsurerProvider({ delayMs: 5, retryBaseMs: 1 });
    const received: IssueOutcome[] = [];
    let failures = 2;
    insurer.onOutcome(async (outcome) => {
      if (failures-- > 0) throw new Error('database unavailable');
      received.push(outcome);
    });
    const request = { orderCode: 'O202601010000000001', applicationFormCode: 'AF202601010000000001', productCode: '22PR370800', planCode: 'JN-A', premiumFen: 5000, startDate: new Date(), endDate: new Date() };
    await insurer.submit(request);
    expect(received).toEqual([]); // accepted, not issued yet
    await insurer.settled();
    expect(received).toEqual([{ applicationFormCode: request.applicationFormCode, ok: true, policyNo: 'P22PR370800202601010000000001' }]);

    insurer.failApplication('AF202601010000000002');
    await expect(insurer.issue({ ...request, applicationFormCode: 'AF202601010000000002' })).rejects.toThrow(/核保不通过/);
    expect(received.at(-1)).toEqual({ applicationFormCode: 'AF202601010000000002', ok: false, reason: '核保不通过' });
  });
});
