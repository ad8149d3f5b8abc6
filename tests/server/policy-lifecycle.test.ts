import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  AppDetail as AppDetailSchema,
  EndorsResult as EndorsResultSchema,
  InsuredExtend as InsuredExtendSchema,
  LiabilityDetail as LiabilityDetailSchema,
  OrderCharge as OrderChargeSchema,
  RenewalList as RenewalListSchema,
  RenewalForm as RenewalFormSchema,
  RenewalProducts as RenewalProductsSchema,
  ServerTime,
  StartTime,
  StatusCounts as StatusCountsSchema,
  TempFormList as TempFormListSchema,
  SavedTempForm,
  policyCalls,
} from '../../src/contract/policy.ts';
import { PolicyList as PolicyListSchema, orderCalls } from '../../src/contract/order.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import type { AppDetail, EndorsResult, OrderCharge, RenewalForm, RenewalList, StatusCounts, TempFormList } from '../../src/contract/policy.ts';
import type { PolicyList } from '../../src/contract/order.ts';
import { SandboxInsurerProvider } from '../../src/server/providers/insurer/sandbox-insurer-provider.ts';
import {
  backends,
  call,
  expectOk,
  getResubToken,
  getSerial,
  GUARDIAN,
  JINING,
  login,
  makeTestApp,
  orderDetail,
  payUrlOf,
  postOrder,
  pressCashier,
  submitOrder,
  type Session,
  type TestApp,
  tradeNoOf,
  validApplication,
  XUZHOU,
} from './helpers.ts';
import { paymentCalls } from '../../src/contract/payment.ts';

const DAY = 86_400_000;

describe.each(backends)('policy lifecycle (%s)', (backend) => {
  let t: TestApp;
  let now = new Date();
  const insurer = new SandboxInsurerProvider({ delayMs: 5 });
  let alice: Session;

  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => now, insurer });
    alice = await login(t.app);
  });
  afterAll(() => t.close());

  /** Moves the clock; alice logs in again (her access token expired meanwhile). */
  async function advance(ms: number) {
    now = new Date(now.getTime() + ms);
    Object.assign(alice, await login(t.app, alice.phone));
  }
  const post = <T>(session: Session, url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    call<T>(t.app, { method: 'POST', url, token: session.token, payload, headers });
  const detailOf = async (session: Session, applicationFormCode: string) =>
    expectOk(await post<AppDetail>(session, policyCalls.searchAppDetailPro.path, { applicationFormCode }));

  /** Submits and pays an order through the sandbox cashier; the insurer answers asynchronously. */
  async function paidPolicy(session: Session, productCode: string = XUZHOU) {
    const order = await submitOrder(t.app, session.token, validApplication(productCode));
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode)));
    await t.settled();
    await insurer.settled();
    return order;
  }

  it('cancels an unpaid order once, then deletes it from the list and the counts', async () => {
    const session = await login(t.app);
    const order = await submitOrder(t.app, session.token, validApplication(JINING));
    const charge = expectOk(await post<OrderCharge>(session, policyCalls.searchOrderCharge.path, { orderCode: order.orderCode }));
    expect(charge).toMatchObject({ status: 'toBePaid', payable: true, amount: order.amount, remainingSeconds: 30 * 60 });

    // Only a cancelled or timed-out order can be deleted.
    expect((await post(session, policyCalls.deleteOrder.path, { orderCode: order.orderCode })).body).toEqual({
      code: '4001',
      msg: '保单状态为「待支付」，不能删除',
      data: null,
    });
    const cancelled = await post<{ status: string }>(session, policyCalls.cancelOrder.path, { orderCode: order.orderCode });
    expect(expectOk(cancelled)).toMatchObject({ status: 'cancel', statusName: '已取消' });
    expect((await post(session, policyCalls.cancelOrder.path, { orderCode: order.orderCode })).body).toEqual({
      code: '4001',
      msg: '保单状态为「已取消」，不能取消订单',
      data: null,
    });
    // A cancelled order cannot be paid.
    expect((await call(t.app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}`, token: session.token })).body.code).toBe('4001');
    const detail = await detailOf(session, order.applicationFormCode);
    expect(detail.history.map((h) => [h.from, h.to])).toEqual([['toBePaid', 'cancel']]);
    expect(detail.actions).toEqual([]);

    const counts = expectOk(await call<StatusCounts>(t.app, { method: 'GET', url: policyCalls.countAppNumByStatus.path, token: session.token }));
    expect(counts.total).toBe(1);
    expect(counts.list.find((c) => c.status === 'cancel')).toEqual({ status: 'cancel', statusName: '已取消', num: 1 });

    expectOk(await post(session, policyCalls.deleteOrder.path, { orderCode: order.orderCode }));
    expect(expectOk(await post<PolicyList>(session, orderCalls.policyList.path)).total).toBe(0);
    expect(expectOk(await call<StatusCounts>(t.app, { method: 'GET', url: policyCalls.countAppNumByStatus.path, token: session.token })).total).toBe(0);
    expect((await orderDetail(t.app, session.token, order.orderCode)).body.code).toBe('4004');
  });

  it('issues asynchronously, starts and expires with the clock, and surrenders once with a fresh resubmit token', async () => {
    const order = await paidPolicy(alice);
    let detail = await detailOf(alice, order.applicationFormCode);
    expect(detail.status).toBe('waitInsurance');
    expect(detail.policyNo).toMatch(/^P25PR320300/);
    expect(detail.history.map((h) => h.to)).toEqual(['waitIssue', 'waitInsurance']);
    expect(detail.actions).toEqual(['surrender']);
    expect(JSON.stringify(detail)).not.toContain(validApplication(XUZHOU).policyHolder.name);

    const list = expectOk(await post<PolicyList>(alice, policyCalls.searchWxbAppList.path));
    expect(list.list.map((p) => p.orderCode)).not.toContain(order.orderCode); // issued: a policy, not an application

    await advance(2 * DAY);
    expect(await t.lifecycle.runOnce()).toMatchObject({ start: 1 });
    detail = await detailOf(alice, order.applicationFormCode);
    expect(detail).toMatchObject({ status: 'guarantee', statusName: '保障中' });
    const policyNo = detail.policyNo!;

    const liability = expectOk(await call<{ liabilities: unknown[] }>(t.app, { method: 'GET', url: `${policyCalls.liabilityPolDetail.path}?policyNo=${policyNo}`, token: alice.token }));
    expect(liability.liabilities.length).toBeGreaterThan(0);

    // Without a resubmit token: refused, nothing changes.
    expect((await post(alice, policyCalls.submitEndors.path, { policyNo, endorType: 'surrender' })).body.code).toBe('4009');
    const token = await getResubToken(t.app, alice.token);
    const surrendered = expectOk(await post<EndorsResult>(alice, policyCalls.submitEndors.path, { policyNo, endorType: 'surrender' }, { 'x-resub-token': token }));
    expect(surrendered).toEqual({ policyNo, status: 'surrender', statusName: '已退保' });
    // The product gives back the unearned premium (order.surrenderRefund absent: unearned), by whole days left.
    const surrenderedDetail = await detailOf(alice, order.applicationFormCode);
    const dayOf = (text: string) => Date.parse(`${text.slice(0, 10)}T00:00:00+08:00`);
    const covered = Math.round((dayOf(surrenderedDetail.endDate) - dayOf(surrenderedDetail.startDate)) / DAY);
    const paidFen = Math.round(order.amount * 100);
    expect(surrenderedDetail.refunds).toHaveLength(1);
    expect(surrenderedDetail.refunds[0]).toMatchObject({ status: 'pending', refundedAt: null });
    const refundFen = Math.round(surrenderedDetail.refunds[0]!.amount * 100);
    expect(refundFen).toBeGreaterThan(0);
    expect(refundFen).toBeLessThan(paidFen);
    expect(Math.abs(refundFen - Math.floor((paidFen * (covered - 2)) / covered))).toBeLessThanOrEqual(Math.ceil(paidFen / covered));
    // The same token again: refused as a resubmission; a new token: refused by the lifecycle.
    expect((await post(alice, policyCalls.submitEndors.path, { policyNo, endorType: 'surrender' }, { 'x-resub-token': token })).body.code).toBe('4009');
    const again = await post(alice, policyCalls.submitEndors.path, { policyNo, endorType: 'surrender' }, { 'x-resub-token': await getResubToken(t.app, alice.token) });
    expect(again.body).toEqual({ code: '4001', msg: '保单状态为「已退保」，不能退保', data: null });
    // A surrendered policy never expires.
    await advance(400 * DAY);
    await t.lifecycle.runOnce();
    expect((await detailOf(alice, order.applicationFormCode)).status).toBe('surrender');
  });

  it('moves an in-force policy to 已过期 after its end date', async () => {
    const order = await paidPolicy(alice, JINING);
    await advance(2 * DAY);
    await t.lifecycle.runOnce();
    expect((await detailOf(alice, order.applicationFormCode)).status).toBe('guarantee');
    await advance(370 * DAY);
    expect((await t.lifecycle.runOnce()).expire).toBeGreaterThanOrEqual(1);
    const detail = await detailOf(alice, order.applicationFormCode);
    expect(detail.status).toBe('policyOverdue');
    expect(detail.history.map((h) => h.to)).toEqual(['waitIssue', 'waitInsurance', 'guarantee', 'policyOverdue']);
    expect(detail.history.filter((h) => h.event === 'expire')).toHaveLength(1);
  });

  it('marks 出单失败 when the insurer is told to refuse, after the payment', async () => {
    const session = await login(t.app);
    const order = await submitOrder(t.app, session.token, validApplication(XUZHOU));
    insurer.failApplication(order.applicationFormCode);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode)));
    await t.settled();
    await insurer.settled();
    const detail = await detailOf(session, order.applicationFormCode);
    expect(detail).toMatchObject({ status: 'issueFail', statusName: '出单失败', policyNo: null });
    expect(detail.paidAt).not.toBeNull();
    expect(detail.history.filter((h) => h.to === 'issueFail')).toHaveLength(1);
  });

  it('renews a renewal product: isRenewal Y, renewalTimes prior + 1, last policy number carried and checked', async () => {
    const first = await paidPolicy(alice, GUARDIAN);
    const firstPolicyNo = (await detailOf(alice, first.applicationFormCode)).policyNo!;
    const renewals = expectOk(await post<RenewalList>(alice, policyCalls.selectRenewalList.path));
    expect(renewals.list.find((r) => r.policyNo === firstPolicyNo)).toMatchObject({ renewalTimes: 0, renewalLabel: '再次购买' });

    // The client's renewalTimes is not trusted: the server counts from the last policy.
    const second = await submitOrder(
      t.app,
      alice.token,
      validApplication(GUARDIAN, { renewal: { renewalTimes: 7, renewalLastPolicyNo: firstPolicyNo } }),
    );
    const secondDetail = await detailOf(alice, second.applicationFormCode);
    expect(secondDetail).toMatchObject({ isRenewal: 'Y', renewalTimes: 1, renewalLastPolicyNo: firstPolicyNo });
    expect((await detailOf(alice, first.applicationFormCode))).toMatchObject({ isRenewal: 'N', renewalTimes: 0 });

    // Someone else's policy: refused with 4003 and no order.
    const bob = await login(t.app);
    const stolen = await postOrder(t.app, bob.token, {
      serial: await getSerial(t.app, bob.token),
      form: validApplication(GUARDIAN, { renewal: { renewalTimes: 0, renewalLastPolicyNo: firstPolicyNo } }),
    });
    expect(stolen.body).toMatchObject({ code: '4003', data: null });
    expect(expectOk(await post<PolicyList>(bob, orderCalls.policyList.path)).total).toBe(0);
    // A policy of a product without renewal cannot be renewed.
    const xuzhou = await paidPolicy(alice, XUZHOU);
    const xuzhouPolicyNo = (await detailOf(alice, xuzhou.applicationFormCode)).policyNo!;
    const wrong = await postOrder(t.app, alice.token, {
      serial: await getSerial(t.app, alice.token),
      form: validApplication(XUZHOU, { renewal: { renewalTimes: 0, renewalLastPolicyNo: xuzhouPolicyNo } }),
    });
    expect(wrong.body).toEqual({ code: '4001', msg: '该保单不支持续保', data: null });
  });

  it('gives a renewal its start: the plan, copies, factors and people bought, unmasked to their owner only', async () => {
    const form = validApplication(GUARDIAN);
    const first = await submitOrder(t.app, alice.token, form);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, alice.token, first.applicationFormCode)));
    await t.settled();
    await insurer.settled();
    const start = expectOk(await post<RenewalForm>(alice, policyCalls.renewalForm.path, { applicationFormCode: first.applicationFormCode }));
    expect(start).toMatchObject({ productCode: GUARDIAN, planCode: form.planCode, copies: form.copies ?? 1 });
    expect(start.form.policyHolder).toMatchObject({ name: form.policyHolder.name, licenceNo: form.policyHolder.licenceNo.toUpperCase(), phone: form.policyHolder.phone });
    expect(start.form.wards?.map((w) => w.name)).toEqual((form.wards ?? []).map((w) => w.name));
    // Only the draft's declared fields (the schema check below refuses any other): nothing the server keeps for itself.
    const body = (await post(alice, policyCalls.renewalForm.path, { applicationFormCode: first.applicationFormCode })).body;
    expect([...Value.Errors(Envelope(RenewalFormSchema), body)].map((e) => `${e.path} ${e.message}`)).toEqual([]);

    const bob = await login(t.app);
    expect((await post(bob, policyCalls.renewalForm.path, { applicationFormCode: first.applicationFormCode })).body).toMatchObject({ code: '4003', data: null });
    // An order not yet paid has no policy to renew.
    const unpaid = await submitOrder(t.app, alice.token, validApplication(XUZHOU));
    expect((await post(alice, policyCalls.renewalForm.path, { applicationFormCode: unpaid.applicationFormCode })).body).toEqual({
      code: '4001',
      msg: '该保单暂不能续保',
      data: null,
    });
  });

  it('saves a draft on one device, resumes it on another and deletes it with the order made from it', async () => {
    const session = await login(t.app);
    const form = validApplication(XUZHOU);
    const saved = expectOk(
      await post<{ tempSerialNo: string }>(session, policyCalls.saveTempForm.path, {
        productCode: XUZHOU,
        // Half typed: a draft keeps it; the order checks it.
        form: { policyHolder: { ...form.policyHolder, phone: '138' }, insureds: [{ name: form.insureds[0]!.name, licenceNo: '3203' }] },
      }),
    );
    // "Another device": a fresh log-in of the same phone (a minute later: one SMS per minute).
    now = new Date(now.getTime() + 61_000);
    const other = await login(t.app, session.phone);
    const listed = expectOk(await post<TempFormList>(other, policyCalls.selectTempForm.path));
    expect(listed.list).toEqual([
      expect.objectContaining({ tempSerialNo: saved.tempSerialNo, productCode: XUZHOU, insuredNames: ['**明'] }),
    ]);
    expect(listed.list[0]!.form).toBeUndefined();
    // Updating keeps the serial.
    // The health notice answered so far travels with the draft (the order checks the answers again).
    const healthAnswers = { hospitalised: 'N', diagnosedOn: '2025-03-01' };
    expectOk(await post(other, policyCalls.saveTempForm.path, { tempSerialNo: saved.tempSerialNo, productCode: XUZHOU, form: { policyHolder: form.policyHolder, insureds: form.insureds, healthAnswers } }));
    const one = expectOk(await post<TempFormList>(other, policyCalls.selectTempForm.path, { tempSerialNo: saved.tempSerialNo }));
    expect(one.list[0]!.form?.policyHolder).toEqual(form.policyHolder);
    expect(one.list[0]!.form?.insureds[0]).toEqual(form.insureds[0]);
    expect(one.list[0]!.form?.healthAnswers).toEqual(healthAnswers);

    await submitOrder(t.app, other.token, { ...form, tempSerialNo: saved.tempSerialNo });
    expect(expectOk(await post<TempFormList>(session, policyCalls.selectTempForm.path)).list).toEqual([]);
    const gone = await post(session, fillPath(policyCalls.deleteTempForm.path, { serial: saved.tempSerialNo }));
    expect(gone.body).toEqual({ code: '4004', msg: '暂存单不存在', data: null });
  });

  it('refuses bodies that do not match the contract with 4000, never a 500', async () => {
    for (const [url, payload] of [
      [policyCalls.cancelOrder.path, {}],
      [policyCalls.cancelOrder.path, { orderCode: 5 }],
      [policyCalls.submitEndors.path, { policyNo: 'P1', endorType: 'other' }],
      [policyCalls.saveTempForm.path, { productCode: XUZHOU, form: { policyHolder: {}, insureds: [], extra: 1 } }],
      [policyCalls.saveTempForm.path, { productCode: XUZHOU, form: { policyHolder: {}, insureds: [], healthAnswers: { 'Bad key': 'Y' } } }],
      [policyCalls.saveTempForm.path, { productCode: XUZHOU, form: { policyHolder: {}, insureds: [], healthAnswers: { hospitalised: 'x'.repeat(201) } } }],
      [policyCalls.selectRenewalList.path, { pageSize: 999 }],
    ] as const) {
      const result = await post(alice, url, payload);
      expect(result.status, url).toBe(400);
      expect(result.body.code, url).toBe('4000');
    }
  });

  it('answers the server time calls', async () => {
    const start = expectOk(await call<{ startTime: string; endTime: string }>(t.app, { method: 'GET', url: `${policyCalls.getStartTime.path}?productCode=${XUZHOU}` }));
    expect(start.startTime).toMatch(/ 00:00:00$/);
    const next = expectOk(await call<{ time: string; timestamp: number }>(t.app, { method: 'GET', url: policyCalls.nextHourTime.path }));
    expect(next.time).toMatch(/:00:00$/);
    expect(next.timestamp - now.getTime()).toBeGreaterThan(0);
    expect(next.timestamp - now.getTime()).toBeLessThanOrEqual(3600_000);
    const current = expectOk(await call<{ timestamp: number }>(t.app, { method: 'GET', url: policyCalls.getCurrentTime.path }));
    expect(current.timestamp).toBe(now.getTime());
  });

  it('answers every call in the shape of its contract', async () => {
    const shape = (schema: TSchema, body: unknown) => {
      expect([...Value.Errors(Envelope(schema), body)].map((e) => `${e.path} ${e.message}`)).toEqual([]);
      expect((body as { code: string }).code).toBe('0000');
    };
    const session = await login(t.app);
    const unpaid = await submitOrder(t.app, session.token, validApplication(XUZHOU));
    const paid = await paidPolicy(session, JINING);
    const policyNo = (await detailOf(session, paid.applicationFormCode)).policyNo!;
    const get = (url: string) => call(t.app, { method: 'GET', url, token: session.token });
    shape(StatusCountsSchema, (await get(policyCalls.countAppNumByStatus.path)).body);
    shape(PolicyListSchema, (await post(session, policyCalls.searchWxbAppList.path)).body);
    shape(OrderChargeSchema, (await post(session, policyCalls.searchOrderCharge.path, { orderCode: unpaid.orderCode })).body);
    shape(AppDetailSchema, (await post(session, policyCalls.searchAppDetailPro.path, { applicationFormCode: paid.applicationFormCode })).body);
    shape(InsuredExtendSchema, (await post(session, policyCalls.insuredExtend.path, { applicationFormCode: paid.applicationFormCode })).body);
    shape(LiabilityDetailSchema, (await get(`${policyCalls.liabilityPolDetail.path}?policyNo=${policyNo}`)).body);
    shape(RenewalListSchema, (await post(session, policyCalls.selectRenewalList.path)).body);
    shape(RenewalProductsSchema, (await get(policyCalls.renewalProducts.path)).body);
    shape(SavedTempForm, (await post(session, policyCalls.saveTempForm.path, { productCode: XUZHOU, form: { policyHolder: {}, insureds: [] } })).body);
    shape(TempFormListSchema, (await post(session, policyCalls.selectTempForm.path)).body);
    shape(StartTime, (await get(`${policyCalls.getStartTime.path}?productCode=${JINING}`)).body);
    shape(ServerTime, (await get(policyCalls.nextHourTime.path)).body);
    shape(ServerTime, (await get(policyCalls.getCurrentTime.path)).body);
    const endors = await post(session, policyCalls.submitEndors.path, { policyNo, endorType: 'surrender' }, { 'x-resub-token': await getResubToken(t.app, session.token) });
    shape(EndorsResultSchema, endors.body);
  });

  it('lets a test (or the demo) make the sandbox insurer refuse only the caller\'s own application', async () => {
    const session = await login(t.app);
    const order = await submitOrder(t.app, session.token, validApplication(JINING));
    expectOk(await post(session, policyCalls.devInsurerFail.path, { applicationFormCode: order.applicationFormCode }));
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode)));
    await t.settled();
    await insurer.settled();
    expect((await detailOf(session, order.applicationFormCode)).status).toBe('issueFail');
  });
});
