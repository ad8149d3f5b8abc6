/**
 * Cover starts the server settles itself: a start the parent picks is taken
 * only inside the window of the server's own clock (a day outside is refused
 * with 起保日期须在{from}至{to}之间 and writes nothing), and a cover that starts
 * the day after the payment gets its dates from the payment, which the policy
 * and the insurer then carry. The products are jining-student-accident with
 * the rule under test (the live catalogue keeps its own dates).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCalls } from '../../src/contract/payment.ts';
import { GW, fillPath } from '../../src/contract/define-call.ts';
import type { ApplicationFormInput } from '../../src/contract/order.ts';
import { policyCalls, type AppDetail } from '../../src/contract/policy.ts';
import type { ProductManifest } from '../../src/engine/manifest/index.ts';
import { createManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import type { InsurerProvider, IssueRequest } from '../../src/server/providers/insurer/insurer-provider.ts';
import { SandboxInsurerProvider } from '../../src/server/providers/insurer/sandbox-insurer-provider.ts';
import { signSandboxNotification } from '../../src/server/providers/payment/sandbox-notification.ts';
import { backends, call, expectOk, getSerial, JINING, login, makeTestApp, payUrlOf, postOrder, repeatCheck, submitOrder, TEST_PAY_SECRET, tradeNoOf, validApplication } from './helpers.ts';
import type { Session, TestApp } from './helpers.ts';

const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../manifests/${name}.json`, import.meta.url), 'utf8')) as ProductManifest;

const PICKED = '99PR370801';
const AFTER_PAYMENT = '99PR370802';

/** jining-student-accident (12 months, ending at 00:00:00 of the day after) under another code, with `cover` changed. */
function jiningWith(productCode: string, id: string, cover: Partial<ProductManifest['cover']>): ProductManifest {
  const base = load('jining-student-accident');
  return { ...base, id, productCode, routes: [`/${id}`], cover: { ...base.cover, ...cover } };
}

/** An instant given as Beijing wall time. */
const beijing = (wall: string) => new Date(`${wall.replace(' ', 'T')}+08:00`);

/** The insurer sandbox, keeping what each issue request said. */
class RecordingInsurer implements InsurerProvider {
  readonly requests: IssueRequest[] = [];
  private readonly inner = new SandboxInsurerProvider();
  async issue(request: IssueRequest) {
    this.requests.push(request);
    return this.inner.issue(request);
  }
}

describe.each(backends)('cover start settled by the server (%s)', (backend) => {
  let t: TestApp;
  let parent: Session;
  let now = beijing('2026-03-10 10:00:00');
  const insurer = new RecordingInsurer();

  beforeAll(async () => {
    const manifests = createManifestStore([
      load('jining-student-accident'),
      // From tomorrow up to 30 days ahead.
      jiningWith(PICKED, 'jining-picked-start', { startOffsetDays: 1, pickedStart: { fromDays: 1, toDays: 30 } }),
      // 支付成功次日零时起保.
      jiningWith(AFTER_PAYMENT, 'jining-after-payment', { startOffsetDays: 1, startFrom: 'paymentDay' }),
    ]);
    t = await makeTestApp({ backend, manifests, insurer, now: () => now });
  });
  afterAll(async () => t?.close());

  /** Sets the server's clock, and logs a parent in at that time (a token lives hours, the tests move days). */
  async function at(wall: string) {
    now = beijing(wall);
    parent = await login(t.app);
  }

  const formOf = (productCode: string, overrides: Partial<ApplicationFormInput> = {}): ApplicationFormInput => ({
    ...validApplication(JINING, {}, now),
    productCode,
    ...overrides,
  });
  const rowsOf = async (productCode: string) => {
    const result = await t.database.db.execute(
      sql`select count(*)::int as n from orders o join application_forms f on f.order_id = o.id where f.product_code = ${productCode}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  const ordersCount = async () => {
    const result = await t.database.db.execute(sql`select count(*)::int as n from orders`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  const detailOf = async (applicationFormCode: string) =>
    expectOk(await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: parent.token, payload: { applicationFormCode } }));

  describe('a start the parent picks, from tomorrow up to 30 days ahead', () => {
    it.each([
      ['the day before the window (today)', '2026-03-10 00:00:00'],
      ['the day after the window', '2026-04-10 00:00:00'],
      ['a time that is not midnight', '2026-03-12 08:00:00'],
    ])('refuses %s with 起保日期须在2026-03-11至2026-04-09之间 and writes no order', async (_case, startDate) => {
      await at('2026-03-10 10:00:00');
      const before = await ordersCount();
      const serial = await getSerial(t.app, parent.token);
      const refused = await postOrder(t.app, parent.token, { serial, form: formOf(PICKED, { startDate }) });
      expect(refused.body).toEqual({ code: '4001', msg: '起保日期须在2026-03-11至2026-04-09之间', data: null });
      expect(await ordersCount()).toBe(before);
      expect(await rowsOf(PICKED)).toBe(0);
    });

    it('refuses the same day in the confirm page\'s repeat-insurance check', async () => {
      await at('2026-03-10 10:00:00');
      const refused = await repeatCheck(t.app, parent.token, formOf(PICKED, { startDate: '2026-04-10 00:00:00' }));
      expect(refused.body).toMatchObject({ code: '4001', msg: '起保日期须在2026-03-11至2026-04-09之间' });
      expect(expectOk(await repeatCheck(t.app, parent.token, formOf(PICKED, { startDate: '2026-04-09 00:00:00' })))).toEqual({ repeat: false });
    });

    it('recomputes the window from its own clock: tomorrow is refused once the server is a day later', async () => {
      await at('2026-03-11 00:00:00');
      const serial = await getSerial(t.app, parent.token);
      const refused = await postOrder(t.app, parent.token, { serial, form: formOf(PICKED, { startDate: '2026-03-11 00:00:00' }) });
      expect(refused.body.msg).toBe('起保日期须在2026-03-12至2026-04-10之间');
      expect(await rowsOf(PICKED)).toBe(0);
    });

    it.each([
      ['the first day of the window', '2026-03-11 00:00:00', '2026-03-11 00:00:00', '2027-03-11 00:00:00'],
      ['the last day of the window', '2026-04-09', '2026-04-09 00:00:00', '2027-04-09 00:00:00'],
    ])('orders %s, and the policy starts on it', async (_case, startDate, start, end) => {
      await at('2026-03-10 10:00:00');
      const order = await submitOrder(t.app, parent.token, formOf(PICKED, { startDate }));
      expect(await detailOf(order.applicationFormCode)).toMatchObject({ startDate: start, endDate: end, coverStartNote: null });
    });

    it('ignores a start sent for a product whose order fixes it', async () => {
      await at('2026-03-10 10:00:00');
      const order = await submitOrder(t.app, parent.token, formOf(load('jining-student-accident').productCode, { startDate: '2026-04-01 00:00:00' }));
      expect(await detailOf(order.applicationFormCode)).toMatchObject({ startDate: '2026-03-11 00:00:00', endDate: '2027-03-11 00:00:00' });
    });
  });

  describe('a start the day after the payment', () => {
    const NOTIFY_URL = GW + fillPath(paymentCalls.payNotify.path, { provider: 'sandbox' });

    /** The channel reports the order's trade paid at `paidAt`. */
    async function payAt(applicationFormCode: string, amount: number, paidAt: Date) {
      const tradeNo = tradeNoOf(await payUrlOf(t.app, parent.token, applicationFormCode));
      const payload = { notifyId: `N-${tradeNo}`, tradeNo, amountFen: Math.round(amount * 100), status: 'SUCCESS' as const, paidAt: paidAt.toISOString() };
      const body = await signSandboxNotification(TEST_PAY_SECRET, payload);
      const answer = await t.app.inject({ method: 'POST', url: NOTIFY_URL, payload: body, headers: { 'content-type': 'application/jose' } });
      expect(answer.json()).toMatchObject({ code: '0000' });
      await t.settled();
    }

    it('says 支付成功次日零时起保 until paid, then starts the day after a payment at 00:00:00, one day after the order', async () => {
      await at('2026-03-10 23:59:59');
      const order = await submitOrder(t.app, parent.token, formOf(AFTER_PAYMENT));
      expect(await detailOf(order.applicationFormCode)).toMatchObject({ status: 'toBePaid', coverStartNote: '支付成功次日零时起保' });

      now = beijing('2026-03-11 00:00:00');
      await payAt(order.applicationFormCode, order.amount, now);
      const paid = await detailOf(order.applicationFormCode);
      expect(paid).toMatchObject({ startDate: '2026-03-12 00:00:00', endDate: '2027-03-12 00:00:00', coverStartNote: null });
      expect(paid.status).toBe('waitInsurance');
      // The insurer was sent the dates of the payment.
      const issued = insurer.requests.find((r) => r.applicationFormCode === order.applicationFormCode);
      expect(issued?.startDate.toISOString()).toBe(beijing('2026-03-12 00:00:00').toISOString());
      expect(issued?.endDate.toISOString()).toBe(beijing('2027-03-12 00:00:00').toISOString());
    });

    it('starts the next day for a payment at 23:59:59 on the order day', async () => {
      await at('2026-03-10 23:59:00');
      const order = await submitOrder(t.app, parent.token, formOf(AFTER_PAYMENT));
      now = beijing('2026-03-10 23:59:59');
      await payAt(order.applicationFormCode, order.amount, now);
      expect(await detailOf(order.applicationFormCode)).toMatchObject({ startDate: '2026-03-11 00:00:00', endDate: '2027-03-11 00:00:00' });
    });
  });
});
