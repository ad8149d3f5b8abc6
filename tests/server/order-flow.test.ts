import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFormInput, PolicyList } from '../../src/contract/order.ts';
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
  repeatCheck,
  submitOrder,
  type Session,
  type TestApp,
  tradeNoOf,
  validApplication,
  XUZHOU,
} from './helpers.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { paymentCalls } from '../../src/contract/payment.ts';

describe.each(backends)('order flow (%s)', (backend) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    t = await makeTestApp({ backend });
    alice = await login(t.app);
    bob = await login(t.app);
  });
  afterAll(() => t.close());

  const policies = async (session: Session, body: object = {}) =>
    expectOk(await call<PolicyList>(t.app, { method: 'POST', url: orderCalls.policyList.path, token: session.token, payload: body }));
  /** The confirm page's check of the insured of `form`, bound to the caller's serial and that form. */
  const repeat = async (session: Session, form: ApplicationFormInput) => expectOk(await repeatCheck(t.app, session.token, form)).repeat;

  it('takes a parent from log-in to an issued policy on the policy list', async () => {
    const form = validApplication(XUZHOU, { planCode: 'XZ25-SJ', factors: { socialSecurity: 'N' } });
    const child = form.insureds[0]!;
    child.socialMedicalInsurance = 'N';
    expect(await repeat(alice, form)).toBe(false);

    const order = await submitOrder(t.app, alice.token, form);
    expect(order.orderCode).toMatch(/^ED\d{18}$/);
    expect(order.applicationFormCode).toMatch(/^AF\d{18}$/);
    expect(order.amount).toBe(120); // 升级版 100 × 无社保 1.2

    expectOk(
      await call(t.app, {
        method: 'POST',
        url: paymentCalls.savePayOut.path,
        token: alice.token,
        payload: { applicationFormCode: order.applicationFormCode, productCode: XUZHOU, isRenewal: 'N' },
      }),
    );
    const unpaid = expectOk(await orderDetail(t.app, alice.token, order.orderCode));
    expect(unpaid).toMatchObject({ status: 'toBePaid', amount: 120, policyNo: null, paidAt: null });

    const payUrl = await payUrlOf(t.app, alice.token, order.applicationFormCode);
    expect(payUrl).toMatch(/^\/_sandbox\/pay\/cashier\?tradeNo=TR\d{18}$/);
    // Asking again (the client retries up to 3 times) reuses the open trade.
    expect(await payUrlOf(t.app, alice.token, order.applicationFormCode)).toBe(payUrl);

    const cashier = await t.app.inject({ method: 'GET', url: payUrl });
    expect(cashier.statusCode).toBe(200);
    expect(cashier.headers['content-type']).toMatch(/^text\/html/);
    for (const text of ['收银台', '¥120.00', '确认支付', '取消支付', '徐州市学生平安保险（2025版）']) expect(cashier.body).toContain(text);

    const tradeNo = tradeNoOf(payUrl);
    const confirm = await pressCashier(t.app, tradeNo);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(
      `/#/paySuccess?orderCode=${order.orderCode}&productCode=${XUZHOU}&applicationFormCode=${order.applicationFormCode}`,
    );
    await t.settled();

    const paid = expectOk(await orderDetail(t.app, alice.token, order.orderCode));
    expect(paid.status).toBe('waitInsurance'); // cover starts tomorrow
    expect(paid.policyNo).toMatch(/^P25PR320300\d+$/);
    expect(paid.paidAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const { list, total } = await policies(alice);
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({
      orderCode: order.orderCode,
      applicationFormCode: order.applicationFormCode,
      policyNo: paid.policyNo,
      productName: '徐州市学生平安保险（2025版）',
      planName: '升级版',
      premium: 120,
      status: 'waitInsurance',
      statusName: '待起保',
      renewalLabel: '再次购买',
      holderName: '**国',
      insuredName: '**明',
      insuredIdNo: `${child.licenceNo.slice(0, 3)}***********${child.licenceNo.slice(-4)}`,
    });
    expect(list[0]!.startDate).toMatch(/ 00:00:00$/);
    expect(list[0]!.endDate).toMatch(/ 23:59:59$/);
    // Nothing personal leaves the server unmasked.
    const raw = JSON.stringify(list);
    expect(raw).not.toContain(child.licenceNo);
    expect(raw).not.toContain(form.policyHolder.licenceNo);
    expect(raw).not.toContain(child.name);

    // The child is now insured: the repeat check says so, and a second order is refused.
    expect(await repeat(bob, validApplication(XUZHOU, { insureds: [child] }))).toBe(true);
    const jining = validApplication(JINING);
    expect(await repeat(bob, { ...jining, insureds: [{ ...jining.insureds[0]!, name: child.name, licenceNo: child.licenceNo }] })).toBe(false);
    const second = await postOrder(t.app, bob.token, { serial: await getSerial(t.app, bob.token), form: validApplication(XUZHOU, { insureds: [child] }) });
    expect(second.body).toEqual({
      code: '4001',
      msg: `被保险人：${child.name} 已投保该产品，请您到个人中心查看是否有未支付、待起保或保障中的投保单。`,
      data: null,
    });
    // A paid order cannot be paid again.
    expect((await call(t.app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}`, token: alice.token })).body).toEqual({
      code: '4001',
      msg: '该订单无需支付',
      data: null,
    });
  });

  it('returns the same order when the same serial is submitted again', async () => {
    const serial = await getSerial(t.app, alice.token);
    const form = validApplication(JINING);
    const first = expectOk(await postOrder(t.app, alice.token, { serial, form }));
    const before = (await policies(alice)).total;
    const again = expectOk(await postOrder(t.app, alice.token, { serial, form }));
    expect(again).toEqual(first);
    expect((await policies(alice)).total).toBe(before);
  });

  it('returns one order for concurrent submissions of one serial', async () => {
    const serial = await getSerial(t.app, alice.token);
    const form = validApplication(JINING);
    const before = (await policies(alice)).total;
    const results = await Promise.all([1, 2, 3, 4].map(() => postOrder(t.app, alice.token, { serial, form })));
    const codes = new Set(results.map((r) => expectOk(r).body.order.code));
    expect(codes.size).toBe(1);
    expect((await policies(alice)).total).toBe(before + 1);
  });

  it('lets only one of two concurrent orders insure the same child', async () => {
    const form = validApplication(XUZHOU);
    const [a, b] = await Promise.all([
      postOrder(t.app, alice.token, { serial: await getSerial(t.app, alice.token), form }),
      postOrder(t.app, bob.token, { serial: await getSerial(t.app, bob.token), form }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual(['0000', '4001']);
  });

  it('gives the anti-resubmit token back when the order is refused because the child is already insured', async () => {
    const form = validApplication(XUZHOU);
    expectOk(await postOrder(t.app, alice.token, { serial: await getSerial(t.app, alice.token), form }));
    const token = await getResubToken(t.app, bob.token);
    const before = (await policies(bob)).total;
    const refused = await postOrder(t.app, bob.token, { serial: await getSerial(t.app, bob.token), form, resubToken: token });
    expect(refused.body).toEqual({
      code: '4001',
      msg: `被保险人：${form.insureds[0]!.name} 已投保该产品，请您到个人中心查看是否有未支付、待起保或保障中的投保单。`,
      data: null,
    });
    // Nothing of the refused order was kept, and its token still orders once.
    expect((await policies(bob)).total).toBe(before);
    expectOk(await postOrder(t.app, bob.token, { serial: await getSerial(t.app, bob.token), form: validApplication(JINING), resubToken: token }));
    expect((await policies(bob)).total).toBe(before + 1);
  });

  it('refuses a reused, missing, foreign or made-up anti-resubmit token', async () => {
    const form = validApplication(JINING);
    const token = await getResubToken(t.app, alice.token);
    expectOk(await postOrder(t.app, alice.token, { serial: await getSerial(t.app, alice.token), form, resubToken: token }));
    const refused = { code: '4009', msg: '请勿重复提交', data: null };
    const reused = await postOrder(t.app, alice.token, { serial: await getSerial(t.app, alice.token), form: validApplication(JINING), resubToken: token });
    expect(reused.body).toEqual(refused);
    const bobs = await getResubToken(t.app, bob.token);
    expect((await postOrder(t.app, alice.token, { serial: await getSerial(t.app, alice.token), form: validApplication(JINING), resubToken: bobs })).body).toEqual(refused);
    expect((await postOrder(t.app, alice.token, { serial: await getSerial(t.app, alice.token), form: validApplication(JINING), resubToken: 'made-up' })).body).toEqual(refused);
    const missing = await call(t.app, {
      method: 'POST',
      url: orderCalls.submitOrder.path,
      token: alice.token,
      payload: { idempotentSerialNo: await getSerial(t.app, alice.token), applicationForms: [validApplication(JINING)] },
    });
    expect(missing.body).toEqual(refused);
  });

  it('ignores the premium the client claims and charges the manifest price', async () => {
    const order = await submitOrder(t.app, alice.token, validApplication(XUZHOU, { planCode: 'XZ25-HH', totalPremium: 0.01 }));
    expect(order.amount).toBe(160);
    expect(expectOk(await orderDetail(t.app, alice.token, order.orderCode)).amount).toBe(160);
    const payUrl = await payUrlOf(t.app, alice.token, order.applicationFormCode);
    expect((await t.app.inject({ method: 'GET', url: payUrl })).body).toContain('¥160.00');
  });

  it("prices a bound factor from the insured's own answer, not from the factor the client sends", async () => {
    const form = validApplication(XUZHOU, { planCode: 'XZ25-SJ', factors: { socialSecurity: 'Y' } });
    form.insureds[0]!.socialMedicalInsurance = 'N';
    const order = await submitOrder(t.app, alice.token, form);
    expect(order.amount).toBe(120);
  });

  it('refuses forms that break the product rules with the first message', async () => {
    const serial = await getSerial(t.app, alice.token);
    const badPhone = validApplication(XUZHOU, { policyHolder: { ...validApplication(XUZHOU).policyHolder, phone: '12345678901' } });
    expect((await postOrder(t.app, alice.token, { serial, form: badPhone })).body).toEqual({ code: '4001', msg: '请填写正确的手机号!', data: null });
    const badPlan = validApplication(XUZHOU, { planCode: 'JN-A' });
    expect((await postOrder(t.app, alice.token, { serial, form: badPlan })).body).toEqual({ code: '4001', msg: '请选择保障方案', data: null });
    const unknown = validApplication(XUZHOU, { productCode: '99PR000000' });
    expect((await postOrder(t.app, alice.token, { serial, form: unknown })).body.code).toBe('4004');
    // The serial was not spent by the refusals.
    expectOk(await postOrder(t.app, alice.token, { serial, form: validApplication(XUZHOU) }));
  });

  it('prices the guardian product for the copies bought and skips its repeat check', async () => {
    const form = validApplication(GUARDIAN, { copies: 2 });
    const first = await submitOrder(t.app, alice.token, form);
    expect(first.amount).toBe(60);
    // skipRepeatCheck: the same holder may buy again.
    expect((await submitOrder(t.app, alice.token, form)).amount).toBe(60);
  });

  it('accepts only serials it issued, to the user it issued them to', async () => {
    const form = validApplication(JINING);
    expect((await postOrder(t.app, alice.token, { serial: 'SN-NEVER-ISSUED', form })).body.code).toBe('4001');
    const bobsSerial = await getSerial(t.app, bob.token);
    expect((await postOrder(t.app, alice.token, { serial: bobsSerial, form })).body).toEqual({ code: '4003', msg: '无权访问该流水号', data: null });
  });

  it("keeps each user's orders to themselves", async () => {
    const order = await submitOrder(t.app, alice.token, validApplication(JINING));
    expect((await orderDetail(t.app, bob.token, order.orderCode)).body).toEqual({ code: '4003', msg: '无权访问该订单', data: null });
    expect((await orderDetail(t.app, bob.token, 'ED000000000000000000')).body.code).toBe('4004');
    const bobPays = await call(t.app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}`, token: bob.token });
    expect(bobPays.body.code).toBe('4003');
    const bobSaves = await call(t.app, {
      method: 'POST',
      url: paymentCalls.savePayOut.path,
      token: bob.token,
      payload: { applicationFormCode: order.applicationFormCode, productCode: JINING },
    });
    expect(bobSaves.body.code).toBe('4003');
    const bobsList = await policies(bob);
    expect(bobsList.list.map((p) => p.orderCode)).not.toContain(order.orderCode);
  });

  it('lists policies newest first, a page at a time, and by status', async () => {
    const session = await login(t.app);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await submitOrder(t.app, session.token, validApplication(JINING)));
    const page1 = await policies(session, { pageNum: 1, pageSize: 2 });
    const page2 = await policies(session, { pageNum: 2, pageSize: 2 });
    expect(page1.total).toBe(3);
    expect([...page1.list, ...page2.list].map((p) => p.orderCode)).toEqual(made.map((m) => m.orderCode).reverse());
    expect(page1.list[0]).toMatchObject({ status: 'toBePaid', statusName: '待支付', premium: 50, policyNo: null });
    expect((await policies(session, { status: 'toBePaid' })).total).toBe(3);
    expect((await policies(session, { status: 'guarantee' })).total).toBe(0);
  });
});

describe.each(backends)('payment timeout (%s)', (backend) => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => now });
  });
  afterAll(() => t.close());

  it('shows an unpaid order as 支付超时 after 30 minutes, refuses to pay it and frees the child', async () => {
    const session = await login(t.app);
    const form = validApplication(XUZHOU);
    const order = await submitOrder(t.app, session.token, form);
    now = new Date(now.getTime() + 31 * 60_000);
    const again = await login(t.app, session.phone); // the access token expired meanwhile
    // Statuses are stored: the lifecycle scheduler records the timeout (its timer is off in tests).
    expect(expectOk(await orderDetail(t.app, again.token, order.orderCode)).status).toBe('toBePaid');
    expect(await t.lifecycle.runOnce()).toEqual({ paymentTimeout: 1, start: 0, expire: 0 });
    const detail = expectOk(await orderDetail(t.app, again.token, order.orderCode));
    expect(detail.status).toBe('paymentTimeout');
    const list = expectOk(await call<PolicyList>(t.app, { method: 'POST', url: orderCalls.policyList.path, token: again.token, payload: {} }));
    expect(list.list[0]).toMatchObject({ status: 'paymentTimeout', statusName: '支付超时' });
    const pay = await call(t.app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}`, token: again.token });
    expect(pay.body).toEqual({ code: '4001', msg: '订单已超时未支付，请重新投保', data: null });
    // The timed-out order no longer blocks a new one for the same child.
    expect((await submitOrder(t.app, again.token, form)).amount).toBe(60);
  });
});
