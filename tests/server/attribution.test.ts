/**
 * The promoter channel's attribution (spec §6, docs/promoters.md):
 * first touch binds a customer, the agent on an order is decided by the server
 * (promo code, employee number, fixed agent always wins, else the manager),
 * channel 05 sets schanelCode, and nothing the client sends about agents counts.
 * Also the WeChat JSSDK signature and staff moving a customer (setManager).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCalls } from '../../src/contract/accounts.ts';
import { promoterCalls, type PromoterCard, type WeChatShareConfig } from '../../src/contract/promoter.ts';
import { promoterAreaCalls } from '../../src/contract/promoter-area.ts';
import { getUserByCode } from '../../src/server/auth/users-repo.ts';
import { applicationForms, customerManagers } from '../../src/server/db/schema.ts';
import { attributeSale } from '../../src/server/promoters/attribution.ts';
import { upsertStaff } from '../../src/server/promoters/staff-admin.ts';
import type { WeChatJssdkProvider } from '../../src/server/providers/wechat/wechat-jssdk-provider.ts';
import { backends, call, expectOk, login, makeTestApp, submitOrder, validApplication, XUZHOU, type Session, type TestApp } from './helpers.ts';

const TICKET = 'sandbox-ticket-for-the-test';
class CountingTickets implements WeChatJssdkProvider {
  readonly appId = 'wxtest0000000001';
  fetches = 0;
  async fetchTicket() {
    this.fetches += 1;
    return { ticket: TICKET, expiresInSeconds: 7200 };
  }
}

describe.each(backends)('attribution and the agent on an order (%s)', (backend) => {
  let t: TestApp;
  const tickets = new CountingTickets();
  let brokerA: Session;
  let brokerB: Session;
  let cardA: PromoterCard;
  let cardB: PromoterCard;

  const card = async (session: Session) => expectOk(await call<PromoterCard>(t.app, { method: 'GET', url: promoterCalls.myCard.path, token: session.token }));
  const addCustomer = (session: Session, code: string) =>
    call(t.app, { method: 'POST', url: accountCalls.addCustomer.path, token: session.token, payload: { managerUserCode: code } });
  const managerOf = async (session: Session) => {
    const user = await getUserByCode(t.database.db, session.userCode);
    const [row] = await t.database.db.select().from(customerManagers).where(eq(customerManagers.userId, user!.id));
    return row;
  };
  const formOf = async (applicationFormCode: string) => {
    const [row] = await t.database.db.select().from(applicationForms).where(eq(applicationForms.applicationFormCode, applicationFormCode));
    return row!;
  };
  const userIdOf = async (session: Session) => (await getUserByCode(t.database.db, session.userCode))!.id;

  beforeAll(async () => {
    t = await makeTestApp({ backend, wechat: tickets });
    brokerA = await login(t.app);
    brokerB = await login(t.app);
    const now = new Date();
    await upsertStaff(t.database.db, { phone: brokerA.phone, employeeNum: 'E2001', name: '周经纪', licenseNumber: '02000132000080002019000201', branchCode: 'JT0144001', branchName: '徐州分公司', channelCode: '05' }, now);
    await upsertStaff(t.database.db, { phone: brokerB.phone, employeeNum: 'E2002', name: '吴经纪', licenseNumber: '02000132000080002019000202', branchCode: 'JT0000', branchName: '总公司', channelCode: '' }, now);
    cardA = await card(brokerA);
    cardB = await card(brokerB);
  }, 60_000);
  afterAll(async () => t?.close());

  it('gives each promoter stable codes that are not derived from one another', async () => {
    expect(cardA.promoCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(cardA.managerCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await card(brokerA)).toEqual(cardA);
    expect(new Set([cardA.promoCode, cardA.managerCode, cardB.promoCode, cardB.managerCode]).size).toBe(4);
    expect(cardA).toMatchObject({ isStaff: true, roleLabel: '经纪人', name: '周经纪', licenseNumber: '02000132000080002019000201', channelCode: '05' });
    const customer = await login(t.app);
    expect(await card(customer)).toMatchObject({ isStaff: false, roleLabel: '推荐人', licenseNumber: '', name: expect.stringContaining('****') });
  });

  it('binds a customer to the first link’s promoter; a later link does not take them', async () => {
    const customer = await login(t.app);
    expectOk(await addCustomer(customer, cardA.promoCode));
    expectOk(await addCustomer(customer, cardB.promoCode));
    expect(await managerOf(customer)).toMatchObject({ managerUserCode: brokerA.userCode, source: 'link', schanelCode: '05' });
  });

  it('credits the promo code of the order, sets channel 05 from the agent, and ignores agents and channels sent by the client', async () => {
    const customer = await login(t.app);
    const order = await submitOrder(
      t.app,
      customer.token,
      validApplication(XUZHOU, {
        promoCode: cardA.promoCode,
        schanelCode: '99',
        agents: [{ agentCode: 'FAKE01', agentName: '冒名', branchCode: 'JT9999' }],
      }),
    );
    const form = await formOf(order.applicationFormCode);
    expect(form).toMatchObject({ promoterUserId: await userIdOf(brokerA), agentSource: 'promoCode', rewardRateBp: 800 });
    expect(form.formTerms).toMatchObject({ schanelCode: '05', agents: [{ agentCode: 'E2001', agentName: '周经纪', branchCode: 'JT0144001', portion: 1 }] });
    expect(JSON.stringify(form.formTerms)).not.toContain('FAKE01');
    // First touch at the first order: the buyer had no manager, so the link's promoter is now theirs.
    expect(await managerOf(customer)).toMatchObject({ managerUserCode: brokerA.userCode, source: 'order' });
  });

  it('falls back to the buyer’s manager without a promo code, and keeps the manager when a later order carries another code', async () => {
    const customer = await login(t.app);
    expectOk(await addCustomer(customer, cardB.managerCode));
    const plain = await submitOrder(t.app, customer.token, validApplication(XUZHOU));
    expect(await formOf(plain.applicationFormCode)).toMatchObject({ promoterUserId: await userIdOf(brokerB), agentSource: 'manager' });
    expect((await formOf(plain.applicationFormCode)).formTerms).toMatchObject({ schanelCode: null, agents: [{ agentCode: 'E2002' }] });
    const viaA = await submitOrder(t.app, customer.token, validApplication(XUZHOU, { promoCode: cardA.promoCode }));
    expect(await formOf(viaA.applicationFormCode)).toMatchObject({ promoterUserId: await userIdOf(brokerA), agentSource: 'promoCode' });
    expect(await managerOf(customer)).toMatchObject({ managerUserCode: brokerB.userCode, source: 'link' });
  });

  it('credits a staff member buying without a code to themselves (employee number), and ignores the buyer’s own code', async () => {
    const own = await submitOrder(t.app, brokerB.token, validApplication(XUZHOU, { promoCode: cardB.promoCode }));
    expect(await formOf(own.applicationFormCode)).toMatchObject({ promoterUserId: await userIdOf(brokerB), agentSource: 'employeeNum' });
    const stranger = await login(t.app);
    const none = await submitOrder(t.app, stranger.token, validApplication(XUZHOU, { promoCode: 'NOTACODE' }));
    expect(await formOf(none.applicationFormCode)).toMatchObject({ promoterUserId: null, agentSource: null, rewardRateBp: null });
    expect((await formOf(none.applicationFormCode)).formTerms).toMatchObject({ agents: [], schanelCode: null });
  });

  it('lets the product’s fixed agent win as agent of record while the promoter keeps the sale', async () => {
    const { loadManifestStore } = await import('../../src/server/catalogue/manifest-store.ts');
    const store = loadManifestStore(t.config.manifestsDir);
    const base = store.byProductCode(XUZHOU)!;
    const fixed = { ...base, order: { ...base.order, fixedAgent: { agentCode: 'JT0137080026', agentName: '孔祥瑞' } } };
    const customer = await login(t.app);
    const result = await attributeSale(t.database.db, { manifest: fixed, buyerUserId: await userIdOf(customer), promoCode: cardA.promoCode });
    expect(result).toMatchObject({
      promoterUserId: await userIdOf(brokerA),
      agentSource: 'fixedAgent',
      agents: [{ agentCode: 'JT0137080026', agentName: '孔祥瑞', branchCode: base.order.defaultBranch }],
      schanelCode: null,
    });
  });

  it('refuses setManager to customers and lets staff hand over only their own customers', async () => {
    const customer = await login(t.app);
    expectOk(await addCustomer(customer, cardA.promoCode));
    const setManager = (session: Session, body: object) =>
      call(t.app, { method: 'POST', url: `${promoterCalls.setManager.path}?level=1`, token: session.token, payload: body });
    expect((await setManager(customer, { customerId: customer.userCode, managerCode: cardB.managerCode })).body.code).toBe('4003');
    expect((await setManager(brokerB, { customerId: customer.userCode, managerCode: cardB.managerCode })).body.code).toBe('4003');
    expect((await setManager(brokerA, { customerId: 'U000000000000', managerCode: cardB.managerCode })).body.code).toBe('4003');
    expectOk(await setManager(brokerA, { customerId: customer.userCode, managerCode: cardB.managerCode }));
    expect(await managerOf(customer)).toMatchObject({ managerUserCode: brokerB.userCode, source: 'staff' });
  });

  it('answers hostile input to the promoter calls with 4000, never a 500', async () => {
    const hostile = ['ED\u0000', '\u0000', '%', "' or 1=1 --", 'Ｕ０００', 'x'.repeat(200)];
    const statuses: number[] = [];
    for (const value of hostile) {
      const q = encodeURIComponent(value);
      const results = await Promise.all([
        call(t.app, { method: 'POST', url: promoterAreaCalls.customers.path, token: brokerA.token, payload: { keyword: value } }),
        call(t.app, { method: 'GET', url: `/edu-svc/promoter/v1/customers/${q}`, token: brokerA.token }),
        call(t.app, { method: 'GET', url: `/edu-svc/promoter/v1/renewals/${q}`, token: brokerA.token }),
        call(t.app, { method: 'POST', url: promoterAreaCalls.achievementDetail.path, token: brokerA.token, payload: { period: 'day', key: value } }),
        call(t.app, { method: 'POST', url: `${promoterCalls.setManager.path}?level=1`, token: brokerA.token, payload: { customerId: value, managerCode: value } }),
        call(t.app, { method: 'POST', url: `${promoterCalls.weChatShare.path}?shareUrl=${q}` }),
        call(t.app, { method: 'POST', url: accountCalls.addCustomer.path, token: brokerB.token, payload: { managerUserCode: value } }),
      ]);
      statuses.push(...results.map((r) => r.status));
      for (const r of results) expect(r.body.code, value).not.toBe('5000');
    }
    expect(statuses.every((status) => status < 500)).toBe(true);
  });

  it('signs the WeChat share configuration like WeChat, over the address without its hash, with one ticket fetch', async () => {
    const url = 'https://insure.example.com/?from=groupmessage';
    const share = async (shareUrl: string) =>
      expectOk(await call<WeChatShareConfig>(t.app, { method: 'POST', url: `${promoterCalls.weChatShare.path}?shareUrl=${encodeURIComponent(shareUrl)}` }));
    const first = await share(`${url}#/xuzhouStudentSafetyDetails?productCode=25PR320300`);
    const expected = createHash('sha1').update(`jsapi_ticket=${TICKET}&noncestr=${first.nonceStr}&timestamp=${first.timestamp}&url=${url}`).digest('hex');
    expect(first).toMatchObject({ appId: 'wxtest0000000001', signature: expected });
    await share(url);
    expect(tickets.fetches).toBe(1);
    expect((await call(t.app, { method: 'POST', url: `${promoterCalls.weChatShare.path}?shareUrl=javascript:alert(1)` })).body.code).toBe('4001');
  });
});

describe('promo codes', () => {
  it('are not guessable from one another: 1,000 drawn codes, all distinct, consecutive ones alike in few places', async () => {
    const { randomPromoCode, normalisePromoCode } = await import('../../src/server/promoters/promoters-repo.ts');
    const codes = Array.from({ length: 1000 }, randomPromoCode);
    expect(new Set(codes).size).toBe(1000);
    // Consecutive codes differ in most positions (no counter behind them).
    const sameSpots = codes.slice(1).map((c, i) => [...c].filter((ch, j) => ch === codes[i]![j]).length);
    expect(Math.max(...sameSpots)).toBeLessThan(5);
    expect(normalisePromoCode(' abcd-1234 ')).toBeNull();
    expect(normalisePromoCode('abcdoi12')).toBe('ABCD0112');
  });
});
