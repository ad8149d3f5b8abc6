/**
 * The spec §7 calls of no other issue (docs/other-calls.md): for each, a
 * success, a refusal, another user's id refused 4003 with nothing of it in
 * the answer, and a bad request answered 4000 (never 500).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDetail } from '../../src/contract/policy.ts';
import { MSG_CHANNEL_CLOSED, otherCalls, type IdCardCheck, type TradeList } from '../../src/contract/other-calls.ts';
import { MSG_NOT_OWN_INSURED } from '../../src/server/orders/repeat-insurance.ts';
import { makeIdCard } from '../../src/engine/rules/index.ts';
import { clientEvents } from '../../src/server/db/schema.ts';
import { SandboxIdentityProvider } from '../../src/server/providers/identity/sandbox-identity-provider.ts';
import { MSG_BENEFIT_NOT_IN_FORCE, MSG_NO_BENEFIT } from '../../src/server/orders/policy-service-routes.ts';
import {
  call,
  expectOk,
  GUARDIAN,
  login,
  makeTestApp,
  payUrlOf,
  pressCashier,
  submitOrder,
  type Session,
  type TestApp,
  tradeNoOf,
  validApplication,
  XUZHOU,
} from './helpers.ts';
import { policyCalls } from '../../src/contract/policy.ts';

const identity = new SandboxIdentityProvider();
const REFUSED_ID = makeIdCard('320302', '1985-06-15', '123');

describe('other calls', () => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  /** A's paid policy and A's unpaid order. */
  const a = { orderCode: '', applicationFormCode: '', policyNo: '', unpaidOrderCode: '', unpaidAppCode: '', unpaidInsuredNo: '', tradeNo: '', secrets: [] as string[] };

  beforeAll(async () => {
    identity.refuse(REFUSED_ID);
    t = await makeTestApp({ identity });
    alice = await login(t.app);
    bob = await login(t.app);
    const form = validApplication(GUARDIAN);
    a.secrets.push(form.policyHolder.name, form.policyHolder.licenceNo, form.policyHolder.phone, ...form.insureds.map((i) => i.licenceNo));
    const order = await submitOrder(t.app, alice.token, form);
    a.tradeNo = tradeNoOf(await payUrlOf(t.app, alice.token, order.applicationFormCode));
    await pressCashier(t.app, a.tradeNo);
    await t.settled();
    const detail = expectOk(
      await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: alice.token, payload: { applicationFormCode: order.applicationFormCode } }),
    );
    expect(detail.policyNo).toBeTruthy();
    Object.assign(a, { orderCode: order.orderCode, applicationFormCode: order.applicationFormCode, policyNo: detail.policyNo });
    const unpaidForm = validApplication(XUZHOU);
    a.unpaidInsuredNo = unpaidForm.insureds[0]!.licenceNo;
    const unpaid = await submitOrder(t.app, alice.token, unpaidForm);
    a.unpaidOrderCode = unpaid.orderCode;
    a.unpaidAppCode = unpaid.applicationFormCode;
  });
  afterAll(() => t.close());

  /** B asks for A's thing: 4003, data null, nothing of A in the answer. */
  const expectForbidden = (result: Awaited<ReturnType<typeof call>>) => {
    expect({ status: result.status, code: result.body.code, data: result.body.data }).toEqual({ status: 200, code: '4003', data: null });
    for (const secret of a.secrets) expect(result.response.body).not.toContain(secret);
  };
  const expectBadRequest = (result: Awaited<ReturnType<typeof call>>) => {
    expect(result.status).toBeLessThan(500);
    expect(result.body.code).toBe('4000');
  };

  describe('GET pay-svc/api/v1/trades', () => {
    const url = otherCalls.trades.path;
    it('lists the caller’s trades, newest first, and those of one order', async () => {
      const all = expectOk(await call<TradeList>(t.app, { method: 'GET', url, token: alice.token }));
      expect(all.total).toBeGreaterThanOrEqual(1);
      const paid = all.list.find((trade) => trade.tradeNo === a.tradeNo);
      expect(paid).toMatchObject({ orderCode: a.orderCode, applicationFormCode: a.applicationFormCode, status: 'succeeded', statusName: '支付成功' });
      expect(paid?.paidAt).toBeTruthy();
      const one = expectOk(await call<TradeList>(t.app, { method: 'GET', url: `${url}?orderCode=${a.orderCode}`, token: alice.token }));
      expect(one.list.map((trade) => trade.orderCode)).toEqual(one.list.map(() => a.orderCode));
      // Another user sees none of them.
      expect(expectOk(await call<TradeList>(t.app, { method: 'GET', url, token: bob.token }))).toEqual({ list: [], total: 0 });
    });
    it('refuses a visitor (406) and another user’s order (4003)', async () => {
      expect((await call(t.app, { method: 'GET', url })).body.code).toBe('406');
      expectForbidden(await call(t.app, { method: 'GET', url: `${url}?orderCode=${a.orderCode}`, token: bob.token }));
    });
    it('answers a bad page 4000', async () => {
      expectBadRequest(await call(t.app, { method: 'GET', url: `${url}?pageSize=1000`, token: alice.token }));
      expectBadRequest(await call(t.app, { method: 'GET', url: `${url}?pageNum=abc`, token: alice.token }));
    });
  });

  describe('GET edu-svc/application/v1/searchAppDetailPro3', () => {
    const url = otherCalls.appDetail3.path;
    it('answers the caller’s application, masked', async () => {
      const detail = expectOk(await call<AppDetail>(t.app, { method: 'GET', url: `${url}?appCode=${a.applicationFormCode}`, token: alice.token }));
      expect(detail).toMatchObject({ orderCode: a.orderCode, policyNo: a.policyNo });
      for (const secret of a.secrets) expect(JSON.stringify(detail)).not.toContain(secret);
    });
    it('refuses an unknown code (4004) and another user’s (4003)', async () => {
      expect((await call(t.app, { method: 'GET', url: `${url}?appCode=NOPE123`, token: alice.token })).body.code).toBe('4004');
      expectForbidden(await call(t.app, { method: 'GET', url: `${url}?appCode=${a.applicationFormCode}`, token: bob.token }));
    });
    it('answers a missing code 4000', async () => {
      expectBadRequest(await call(t.app, { method: 'GET', url, token: alice.token }));
    });
  });

  describe('POST edu-svc/wxb/v1/repeatInsurance', () => {
    const url = otherCalls.repeatInsuranceV1.path;
    it('answers for an insured of one of the caller’s drafts of the product, and for no one else', async () => {
      const ask = { cardType: '0', productCode: XUZHOU };
      const child = validApplication(XUZHOU).insureds[0]!;
      const other = validApplication(XUZHOU).insureds[0]!;
      // Before Bob has entered anyone, the check answers for no one: it is not an ID-number oracle.
      const unentered = await call(t.app, { method: 'POST', url, token: bob.token, payload: { ...ask, cardId: a.unpaidInsuredNo } });
      expect(unentered.body).toEqual({ code: '4001', msg: MSG_NOT_OWN_INSURED, data: null });
      const draft = (insureds: object[]) => ({ productCode: XUZHOU, form: { policyHolder: {}, insureds } });
      expectOk(await call(t.app, { method: 'POST', url: policyCalls.saveTempForm.path, token: bob.token, payload: draft([{ name: child.name, licenceType: '0', licenceNo: a.unpaidInsuredNo }, other]) }));
      // A's unpaid Xuzhou order holds its insured (the answer says only yes or no).
      const taken = expectOk(await call<{ repeat: boolean }>(t.app, { method: 'POST', url, token: bob.token, payload: { ...ask, cardId: a.unpaidInsuredNo } }));
      expect(taken.repeat).toBe(true);
      const free = expectOk(await call<{ repeat: boolean }>(t.app, { method: 'POST', url, token: bob.token, payload: { ...ask, cardId: other.licenceNo } }));
      expect(free.repeat).toBe(false);
      // Alice has no draft naming them: refused, whatever the answer would be.
      expect((await call(t.app, { method: 'POST', url, token: alice.token, payload: { ...ask, cardId: other.licenceNo } })).body.code).toBe('4001');
    });
    it('refuses an offline or unknown product and a visitor', async () => {
      const result = await call(t.app, { method: 'POST', url, token: bob.token, payload: { cardId: '1', cardType: '0', productCode: 'NOSUCH999' } });
      expect(result.body.code).toBe('4004');
      expect((await call(t.app, { method: 'POST', url, payload: { cardId: '1', cardType: '0', productCode: XUZHOU } })).body.code).toBe('406');
    });
    it('answers a bad body 4000', async () => {
      expectBadRequest(await call(t.app, { method: 'POST', url, token: bob.token, payload: { cardId: '1' } }));
      expectBadRequest(await call(t.app, { method: 'POST', url, token: bob.token, payload: { cardId: '1', cardType: '0', productCode: XUZHOU, startDate: '2026-01-01' } }));
    });
  });

  describe('GET edu-svc/thirdParty/api/checkByIdCard', () => {
    const url = otherCalls.checkByIdCard.path;
    const good = makeIdCard('320302', '2012-03-04', '124');
    const q = (query: Record<string, string>) => `${url}?${new URLSearchParams(query)}`;
    it('checks the number and, with a name, the real-name match', async () => {
      const id = expectOk(await call<IdCardCheck>(t.app, { method: 'GET', url: q({ idNo: good }), token: alice.token }));
      expect(id).toEqual({ valid: true, nameMatched: null, birthday: '2012-03-04', sex: '1', msg: '' });
      const named = expectOk(await call<IdCardCheck>(t.app, { method: 'GET', url: q({ idNo: good, name: '张小明' }), token: alice.token }));
      expect(named).toMatchObject({ valid: true, nameMatched: true, msg: '' });
    });
    it('says why a number or a name fails', async () => {
      const wrong = `${good.slice(0, 17)}${good.endsWith('0') ? '1' : '0'}`;
      expect(expectOk(await call<IdCardCheck>(t.app, { method: 'GET', url: q({ idNo: wrong }), token: alice.token }))).toMatchObject({
        valid: false,
        msg: '身份证号码校验错误!',
      });
      expect(expectOk(await call<IdCardCheck>(t.app, { method: 'GET', url: q({ idNo: '123' }), token: alice.token })).valid).toBe(false);
      const mismatch = expectOk(await call<IdCardCheck>(t.app, { method: 'GET', url: q({ idNo: REFUSED_ID, name: '李四' }), token: alice.token }));
      expect(mismatch).toMatchObject({ valid: true, nameMatched: false, msg: '姓名与身份证号码不一致' });
    });
    it('limits real-name checks to 10 an hour per user (4029), and refuses visitors', async () => {
      const user = await login(t.app);
      for (let i = 0; i < 10; i++) expectOk(await call(t.app, { method: 'GET', url: q({ idNo: good, name: '张小明' }), token: user.token }));
      const limited = await call(t.app, { method: 'GET', url: q({ idNo: good, name: '张小明' }), token: user.token });
      expect(limited.body.code).toBe('4029');
      // The format check alone is not limited.
      expectOk(await call(t.app, { method: 'GET', url: q({ idNo: good }), token: user.token }));
      expect((await call(t.app, { method: 'GET', url: q({ idNo: good }) })).body.code).toBe('406');
    });
    it('answers a missing or oversized number 4000', async () => {
      expectBadRequest(await call(t.app, { method: 'GET', url, token: alice.token }));
      expectBadRequest(await call(t.app, { method: 'GET', url: q({ idNo: '1'.repeat(40) }), token: alice.token }));
    });
  });

  describe('POST edu-svc/useBenefits', () => {
    const url = otherCalls.useBenefits.path;
    it('refuses with the reason: not in force, or no benefit offered', async () => {
      const result = await call(t.app, { method: 'POST', url, token: alice.token, payload: { policyNo: a.policyNo, benefitCode: 'B01' } });
      expect(result.body.code).toBe('4001');
      expect([MSG_BENEFIT_NOT_IN_FORCE, MSG_NO_BENEFIT]).toContain(result.body.msg);
    });
    it('refuses another user’s policy (4003) and an unknown one (4004)', async () => {
      expectForbidden(await call(t.app, { method: 'POST', url, token: bob.token, payload: { policyNo: a.policyNo, benefitCode: 'B01' } }));
      expect((await call(t.app, { method: 'POST', url, token: bob.token, payload: { policyNo: 'P000', benefitCode: 'B01' } })).body.code).toBe('4004');
    });
    it('answers a bad body 4000', async () => {
      expectBadRequest(await call(t.app, { method: 'POST', url, token: alice.token, payload: { policyNo: a.policyNo, benefitCode: '<script>' } }));
      expectBadRequest(await call(t.app, { method: 'POST', url, token: alice.token, payload: { policyNo: a.policyNo } }));
    });
  });

  describe('GET edu-svc/yj/api/getToken', () => {
    const url = otherCalls.yjToken.path;
    it('refuses the caller’s own policy with 渠道未开通 until a partner is configured', async () => {
      for (const query of [`appCode=${a.applicationFormCode}`, `policyNo=${a.policyNo}`, `appCode=${a.applicationFormCode}&policyNo=${a.policyNo}`]) {
        const result = await call(t.app, { method: 'GET', url: `${url}?${query}`, token: alice.token });
        expect({ code: result.body.code, msg: result.body.msg }).toEqual({ code: '4001', msg: MSG_CHANNEL_CLOSED });
      }
    });
    it('refuses another user’s application or policy (4003)', async () => {
      expectForbidden(await call(t.app, { method: 'GET', url: `${url}?appCode=${a.applicationFormCode}`, token: bob.token }));
      expectForbidden(await call(t.app, { method: 'GET', url: `${url}?policyNo=${a.policyNo}`, token: bob.token }));
    });
    it('answers no id, or two that do not match, 4000', async () => {
      expectBadRequest(await call(t.app, { method: 'GET', url, token: alice.token }));
      const result = await call(t.app, { method: 'GET', url: `${url}?appCode=${a.unpaidAppCode}&policyNo=${a.policyNo}`, token: alice.token });
      expectBadRequest(result);
    });
  });

  describe('POST edu-svc/mail/sendEmail?type=99', () => {
    const url = `${otherCalls.sendEmail.path}?type=99`;
    it('mails the e-policy of the caller’s issued policy, masked, to the sandbox outbox', async () => {
      const sent = expectOk(await call<{ email: string }>(t.app, { method: 'POST', url, token: alice.token, payload: { policyNo: a.policyNo, email: 'parent.li@example.com' } }));
      expect(sent.email).toBe('p***@example.com');
      const mail = expectOk(
        await call<{ subject: string; text: string; attachments: { filename: string; contentType: string; bytes: number }[] }>(t.app, {
          method: 'GET',
          url: `${otherCalls.devMailLatest.path}?to=parent.li@example.com`,
        }),
      );
      expect(mail.subject).toContain(a.policyNo);
      expect(mail.text).toContain(`保单号：${a.policyNo}`);
      expect(mail.attachments).toEqual([{ filename: `e-policy-${a.policyNo}.pdf`, contentType: 'application/pdf', bytes: expect.any(Number) }]);
      expect(mail.attachments[0]!.bytes).toBeGreaterThan(10_000);
      for (const secret of a.secrets) expect(mail.text).not.toContain(secret);
    });
    it('refuses an unissued policy, another user’s policy and a visitor', async () => {
      expectForbidden(await call(t.app, { method: 'POST', url, token: bob.token, payload: { policyNo: a.policyNo, email: 'bob@example.com' } }));
      expect((await call(t.app, { method: 'POST', url, payload: { policyNo: a.policyNo, email: 'a@example.com' } })).body.code).toBe('406');
      // An unpaid order has no policy number: there is nothing to address.
      const unpaid = await call(t.app, { method: 'POST', url, token: alice.token, payload: { policyNo: a.unpaidOrderCode, email: 'a@example.com' } });
      expect(unpaid.body.code).toBe('4004');
    });
    it('limits mails to 3 a day per policy and 5 an hour per user (4029)', async () => {
      const mail = (policyNo: string, email: string) => call(t.app, { method: 'POST', url, token: alice.token, payload: { policyNo, email } });
      for (let i = 0; i < 2; i++) expectOk(await mail(a.policyNo, `p${i}@example.com`));
      const policyLimited = await mail(a.policyNo, 'late@example.com');
      expect([policyLimited.body.code, policyLimited.body.msg]).toEqual(['4029', '该保单今日发送次数已达上限，请明天再试']);
      // A second policy of hers: two more mails reach the user's five an hour.
      const second = await submitOrder(t.app, alice.token, validApplication(GUARDIAN));
      await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, alice.token, second.applicationFormCode)));
      await t.settled();
      const detail = expectOk(
        await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: alice.token, payload: { applicationFormCode: second.applicationFormCode } }),
      );
      for (let i = 0; i < 2; i++) expectOk(await mail(detail.policyNo ?? '', `q${i}@example.com`));
      const userLimited = await mail(detail.policyNo ?? '', 'later@example.com');
      expect([userLimited.body.code, userLimited.body.msg]).toEqual(['4029', '发送过于频繁，请稍后再试']);
    });
    it('answers a bad address, a bad type or no body 4000', async () => {
      const bad = await call(t.app, { method: 'POST', url, token: alice.token, payload: { policyNo: a.policyNo, email: 'not-an-address' } });
      expectBadRequest(bad);
      expect(bad.body.msg).toBe('请填写正确的邮箱');
      expectBadRequest(await call(t.app, { method: 'POST', url: `${otherCalls.sendEmail.path}?type=1`, token: alice.token, payload: { policyNo: a.policyNo, email: 'a@example.com' } }));
      expectBadRequest(await call(t.app, { method: 'POST', url, token: alice.token }));
    });
  });

  describe('POST op-log/api/v1/op/raw/json', () => {
    const url = otherCalls.opLog.path;
    it('records an event with personal data masked, with or without a user', async () => {
      const idNo = makeIdCard('320302', '2012-03-04', '124');
      const recorded = expectOk(
        await call<{ id: string }>(t.app, {
          method: 'POST',
          url,
          token: alice.token,
          payload: { event: 'confirm.submit', page: '/confirm', at: Date.now(), data: { name: '张三丰', licenceNo: idNo, note: `call 13812345678 or ${idNo}`, email: 'x@y.com', n: 3 } },
        }),
      );
      expect(recorded.id).toMatch(/^\d+$/);
      const rows = await t.database.db.select().from(clientEvents).where(eq(clientEvents.id, Number(recorded.id)));
      expect(rows[0]?.userId).toBeTruthy();
      const stored = JSON.stringify(rows);
      for (const secret of ['张三丰', idNo, '13812345678', 'x@y.com']) expect(stored).not.toContain(secret);
      expect(stored).toContain('**丰');
      expectOk(await call(t.app, { method: 'POST', url, payload: { event: 'home.view' } }));
    });
    it('answers a bad or oversized event 4000, not 500', async () => {
      expectBadRequest(await call(t.app, { method: 'POST', url, payload: { event: 'bad event!' } }));
      expectBadRequest(await call(t.app, { method: 'POST', url, payload: { event: 'x', extra: 1 } }));
      const big = await call(t.app, { method: 'POST', url, payload: { event: 'x', data: { blob: 'a'.repeat(5000) } } });
      expect(big.status).toBeLessThan(500);
      expect(big.body.code).not.toBe('0000');
    });
    it('limits an address to 60 events a minute (4029)', async () => {
      const ip = '203.0.113.9';
      for (let i = 0; i < 60; i++) expectOk(await call(t.app, { method: 'POST', url, remoteAddress: ip, payload: { event: 'tick' } }));
      expect((await call(t.app, { method: 'POST', url, remoteAddress: ip, payload: { event: 'tick' } })).body.code).toBe('4029');
    });
  });

  describe('POST med-pc-api/userLogin/wyb/channelLogin', () => {
    const url = otherCalls.channelLogin.path;
    it('refuses every partner with 渠道未开通 until one is configured', async () => {
      const result = await call(t.app, { method: 'POST', url, payload: { channelCode: 'wyb', token: 'partner-ticket' } });
      expect({ status: result.status, code: result.body.code, msg: result.body.msg, data: result.body.data }).toEqual({
        status: 200,
        code: '4001',
        msg: MSG_CHANNEL_CLOSED,
        data: null,
      });
    });
    it('answers a bad body 4000', async () => {
      expectBadRequest(await call(t.app, { method: 'POST', url, payload: { channelCode: 'wyb' } }));
      expectBadRequest(await call(t.app, { method: 'POST', url, payload: { channelCode: '../x', token: 't' } }));
    });
  });
});
