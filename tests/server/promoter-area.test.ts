/**
 * The promoter area (docs/promoters.md "Promoter area"): who may call, who
 * sees what, masking, achievements gross/net, the reward ledger's statuses,
 * the renewal window on a moved clock, customer push with its daily SMS, paging.
 * Sales are made through the real calls (log in, order, pay); the attribution
 * the server made is then replaced by the one each case needs, set in the
 * database (attribution itself is tested in attribution.test.ts).
 */
import { renderSms } from '../../src/server/providers/sms/sms-templates.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../src/contract/define-call.ts';
import type { ApplicationFormInput } from '../../src/contract/order.ts';
import { policyCalls, type AppDetail } from '../../src/contract/policy.ts';
import {
  PROMOTER_PAGE_SIZE,
  PROMOTER_RENEWAL_WINDOW_DAYS,
  promoterAreaCalls as calls,
  type Achievements,
  type CustomerDetail,
  type CustomerPush,
  type PromoterCustomers,
  type PromoterRenewal,
  type PromoterRenewals,
  type PromoterSales,
  type Rewards,
} from '../../src/contract/promoter-area.ts';
import { shareTitle } from '../../src/contract/promoter.ts';
import { insertStaff } from '../../src/server/auth/people-repo.ts';
import { applyTransition } from '../../src/server/orders/lifecycle-repo.ts';
import { SandboxInsurerProvider } from '../../src/server/providers/insurer/sandbox-insurer-provider.ts';
import { bucketOfKey, bucketsOf, shanghaiDay } from '../../src/server/promoters/achievement-periods.ts';
import {
  backends,
  call,
  expectOk,
  getResubToken,
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

const DAY = 86_400_000;

describe.each(backends)('promoter area (%s)', (backend) => {
  let t: TestApp;
  let now = new Date();
  const insurer = new SandboxInsurerProvider({ delayMs: 5 });
  const sent: { phone: string; text: string }[] = [];
  let smsDown = false;
  /** The texts of customer pushes (log-in codes go through the same provider). */
  const pushTexts = () => sent.filter((s) => s.text.includes('/#/'));
  /** Every answer a promoter got, for the masking scan. */
  const answers: string[] = [];
  /** Full ID numbers, phones and names used in the data: none may appear in an answer. */
  const secrets = new Set<string>();

  let broker: Session;
  let other: Session;
  let outsider: Session;
  let alice: Session; // bound to broker (link), buys without attribution
  let bob: Session; // buys through broker (attributed), not bound
  let carol: Session; // bound to the other promoter, buys through them
  const forms = { alice: '', bob1: '', bob2: '', carol: '' };
  const premiums = { bob1: 0, bob2: 0 };

  const ids = async (userCode: string) => {
    const result = await t.database.db.execute(sql`select id from users where user_code = ${userCode}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows) as { id: string }[];
    return rows[0]!.id;
  };
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

  async function paidSale(session: Session, form: ApplicationFormInput) {
    for (const person of [form.policyHolder, ...form.insureds]) {
      secrets.add(person.licenceNo);
      secrets.add(person.name);
    }
    secrets.add(form.policyHolder.phone);
    const order = await submitOrder(t.app, session.token, form);
    // Start from no attribution: each case sets the one it needs.
    await exec(sql`update application_forms set promoter_user_id = null, reward_rate_bp = null, agent_source = null
      where application_form_code = ${order.applicationFormCode}`);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode)));
    await t.settled();
    await insurer.settled();
    return order;
  }

  async function attribute(applicationFormCode: string, promoter: Session, rateBp = 500) {
    await exec(sql`update application_forms set promoter_user_id = ${await ids(promoter.userCode)}, reward_rate_bp = ${rateBp}
      where application_form_code = ${applicationFormCode}`);
  }

  /** A promoter area call; the raw answer is kept for the masking scan. */
  async function area<T>(session: Session, spec: { method: 'GET' | 'POST'; path: string }, input: { params?: Record<string, string>; query?: Record<string, string>; body?: object } = {}) {
    const url = fillPath(spec.path, input.params ?? {}) + (input.query ? `?${new URLSearchParams(input.query)}` : '');
    const result = await call<T>(t.app, { method: spec.method, url, token: session.token, ...(spec.method === 'POST' ? { payload: input.body ?? {} } : {}) });
    expect(result.status).toBe(200);
    answers.push(result.response.body);
    return result;
  }
  const okArea = async <T>(...args: Parameters<typeof area>) => expectOk(await area<T>(...args));

  beforeAll(async () => {
    t = await makeTestApp({
      backend,
      now: () => now,
      insurer,
      sms: {
        send: async (phone, template, params) => {
          if (smsDown) throw new Error('vendor unreachable');
          sent.push({ phone, text: renderSms(template, params) });
        },
      },
    });
    [broker, other, outsider, alice, bob, carol] = [
      await login(t.app),
      await login(t.app),
      await login(t.app),
      await login(t.app),
      await login(t.app),
      await login(t.app),
    ];
    for (const s of [broker, other, outsider, alice, bob, carol]) secrets.add(s.phone);
    const db = t.database.db;
    await insertStaff(db, { employeeNum: 'E9001', userId: await ids(broker.userCode), name: '李经纪', licenseNumber: 'LIC9001', branchCode: 'B01', branchName: '徐州分公司' });
    await insertStaff(db, { employeeNum: 'E9002', userId: await ids(other.userCode), name: '周经纪', licenseNumber: 'LIC9002', branchCode: 'B01', branchName: '徐州分公司' });
    await exec(sql`insert into customer_managers (user_id, manager_user_code, source) values
      (${await ids(alice.userCode)}, ${broker.userCode}, 'link'), (${await ids(carol.userCode)}, ${other.userCode}, 'link')`);

    const aliceForm = validApplication(XUZHOU);
    forms.alice = (await paidSale(alice, aliceForm)).applicationFormCode;
    // Alice's verified identity: shown masked in her customer detail.
    secrets.add('赵小兰');
    await exec(sql`update users set actual_name = '赵小兰', id_no = ${aliceForm.policyHolder.licenceNo} where user_code = ${alice.userCode}`);
    const bob1 = await paidSale(bob, validApplication(XUZHOU));
    const bob2 = await paidSale(bob, validApplication(XUZHOU));
    forms.bob1 = bob1.applicationFormCode;
    forms.bob2 = bob2.applicationFormCode;
    premiums.bob1 = bob1.amount;
    premiums.bob2 = bob2.amount;
    await attribute(forms.bob1, broker);
    await attribute(forms.bob2, broker);
    forms.carol = (await paidSale(carol, validApplication(XUZHOU))).applicationFormCode;
    await attribute(forms.carol, other);
    // An unpaid order attributed to the broker: not a sale, not in the ledger.
    const unpaid = await submitOrder(t.app, bob.token, validApplication(XUZHOU));
    await attribute(unpaid.applicationFormCode, broker);
  });
  afterAll(() => t.close());

  it('refuses a caller who is not a promoter every call (4003)', async () => {
    const requests: [{ method: 'GET' | 'POST'; path: string }, Parameters<typeof area>[2]][] = [
      [calls.achievements, { query: { period: 'day' } }],
      [calls.achievementDetail, { body: { period: 'day', key: shanghaiDay(now) } }],
      [calls.validList, {}],
      [calls.customers, {}],
      [calls.customerDetail, { params: { customerId: alice.userCode } }],
      [calls.renewals, {}],
      [calls.renewalDetail, { params: { applicationFormCode: forms.alice } }],
      [calls.rewards, {}],
      [calls.customerPush, { body: { customerId: alice.userCode, kind: 'product', productCode: XUZHOU } }],
    ];
    expect(requests).toHaveLength(Object.keys(calls).length);
    for (const [spec, input] of requests) {
      const result = await area(outsider, spec, input);
      expect({ path: spec.path, code: result.body.code, data: result.body.data }).toEqual({ path: spec.path, code: '4003', data: null });
    }
    // Not logged in: the log-in answer.
    expect((await call(t.app, { method: 'GET', url: `${calls.achievements.path}?period=day` })).body.code).toBe('406');
  });

  it('counts paid attributed sales by day, month and term with gross and net premium', async () => {
    const gross = Math.round((premiums.bob1 + premiums.bob2) * 100) / 100;
    for (const period of ['day', 'month', 'term'] as const) {
      const data = await okArea<Achievements>(broker, calls.achievements, { query: { period } });
      expect(data.period).toBe(period);
      expect(data.buckets).toHaveLength({ day: 30, month: 12, term: 6 }[period]);
      expect(data.totals).toEqual({ orders: 2, premium: gross, netPremium: gross, reversed: 0 });
      expect(data.buckets[0]).toMatchObject({ orders: 2, premium: gross });
      const labels = { day: /^\d{1,2}月\d{1,2}日$/, month: /^\d{4}年\d{1,2}月$/, term: /^\d{4}年(春季|秋季)学期$/ }[period];
      for (const bucket of data.buckets) expect(bucket.label).toMatch(labels);
    }
    const days = await okArea<Achievements>(broker, calls.achievements, { query: { period: 'day' } });
    expect(days.buckets[0]!.key).toBe(shanghaiDay(now));
    expect(days.buckets[1]!.key).toBe(shanghaiDay(new Date(now.getTime() - DAY)));

    const detail = await okArea<PromoterSales>(broker, calls.achievementDetail, { body: { period: 'day', key: shanghaiDay(now) } });
    expect(detail.total).toBe(2);
    expect(detail.list.map((s) => s.applicationFormCode).sort()).toEqual([forms.bob1, forms.bob2].sort());
    expect(detail.list[0]).toMatchObject({ customerId: bob.userCode, holderName: '**国', insuredNames: ['**明'], productCode: XUZHOU });
    // The other promoter sees only their own sale.
    expect((await okArea<Achievements>(other, calls.achievements, { query: { period: 'month' } })).totals.orders).toBe(1);
    // A malformed key is refused, never a 500.
    expect((await area(broker, calls.achievementDetail, { body: { period: 'month', key: '2026-13' } })).body.code).toBe('4001');
    expect((await area(broker, calls.achievementDetail, { body: { period: 'term', key: '2026-summer' } })).body.code).toBe('4001');
    expect((await area(broker, calls.achievementDetail, { body: { period: 'day', key: '2026-02-30' } })).body.code).toBe('4001');
  });

  it('lists the customers (bound or buyers), masked, with keyword and detail; another promoter’s customer is 4003', async () => {
    const list = await okArea<PromoterCustomers>(broker, calls.customers, {});
    expect(list.total).toBe(2);
    const byId = new Map(list.list.map((c) => [c.customerId, c]));
    expect(byId.get(alice.userCode)).toMatchObject({ name: '**兰', source: 'link', policyCount: 1 });
    expect(byId.get(bob.userCode)).toMatchObject({ name: `${bob.phone.slice(0, 3)}****${bob.phone.slice(-4)}`, source: 'order', policyCount: 2, liveCount: 2 });
    expect(byId.has(carol.userCode)).toBe(false);

    const found = await okArea<PromoterCustomers>(broker, calls.customers, { body: { keyword: bob.phone.slice(-4) } });
    expect(found.list.map((c) => c.customerId)).toContain(bob.userCode);
    expect((await okArea<PromoterCustomers>(broker, calls.customers, { body: { keyword: '兰' } })).list.map((c) => c.customerId)).toEqual([alice.userCode]);
    // The full name is not searchable (it would be an oracle for the unmasked name).
    expect((await okArea<PromoterCustomers>(broker, calls.customers, { body: { keyword: '赵小兰' } })).total).toBe(0);

    const detail = await okArea<CustomerDetail>(broker, calls.customerDetail, { params: { customerId: alice.userCode } });
    expect(detail.customer.customerId).toBe(alice.userCode);
    expect(detail.idNo).toMatch(/^\d{3}\*{11}[\dX]{4}$/);
    expect(detail.sales.map((s) => s.applicationFormCode)).toEqual([forms.alice]);

    for (const customerId of [carol.userCode, 'NOSUCHUSER', outsider.userCode]) {
      const refused = await area(broker, calls.customerDetail, { params: { customerId } });
      expect(refused.body).toEqual({ code: '4003', msg: '无权访问该客户', data: null });
    }
    expect((await area(other, calls.customerDetail, { params: { customerId: alice.userCode } })).body.code).toBe('4003');
    expect((await area(other, calls.renewalDetail, { params: { applicationFormCode: forms.bob1 } })).body.code).toBe('4003');
    expect((await area(broker, calls.renewalDetail, { params: { applicationFormCode: forms.carol } })).body.code).toBe('4003');
    expect((await area(broker, calls.renewalDetail, { params: { applicationFormCode: 'NOSUCHFORM' } })).body.code).toBe('4003');
  });

  it('derives the reward ledger: pending → confirmed → clawedBack, with gross/net after a surrender', async () => {
    const rewardOf = (premium: number) => Math.round(premium * 100 * 0.05) / 100;
    let rewards = await okArea<Rewards>(broker, calls.rewards, {});
    expect(rewards.total).toBe(2);
    expect(rewards.list.map((r) => [r.status, r.statusName, r.rate])).toEqual([
      ['pending', '待确认', 0.05],
      ['pending', '待确认', 0.05],
    ]);
    expect(rewards.summary.pending).toBeCloseTo(rewardOf(premiums.bob1) + rewardOf(premiums.bob2), 2);
    expect(rewards.list.find((r) => r.applicationFormCode === forms.bob1)).toMatchObject({ premium: premiums.bob1, amount: rewardOf(premiums.bob1), holderName: '**国' });

    // bob1 comes into force: confirmed.
    const orderIdOf = async (code: string) => {
      const result = await exec(sql`select order_id from application_forms where application_form_code = ${code}`);
      const rows = (Array.isArray(result) ? result : (result as { rows: { order_id: string | number }[] }).rows) as { order_id: string | number }[];
      return Number(rows[0]!.order_id);
    };
    // (Refused when the policy was issued already in force: it is confirmed either way.)
    await applyTransition(t.database.db, { orderId: await orderIdOf(forms.bob1), event: 'start', at: now, actor: 'scheduler' });
    rewards = await okArea<Rewards>(broker, calls.rewards, { body: { status: 'confirmed' } });
    expect(rewards.list.map((r) => r.applicationFormCode)).toEqual([forms.bob1]);
    expect(rewards.total).toBe(1);

    // bob surrenders bob1: clawed back, and the net premium drops.
    const detail = expectOk(await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: bob.token, payload: { applicationFormCode: forms.bob1 } }));
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: policyCalls.submitEndors.path,
        token: bob.token,
        payload: { policyNo: detail.policyNo, endorType: 'surrender' },
        headers: { 'x-resub-token': await getResubToken(t.app, bob.token) },
      }),
    );
    rewards = await okArea<Rewards>(broker, calls.rewards, {});
    const bob1 = rewards.list.find((r) => r.applicationFormCode === forms.bob1)!;
    expect([bob1.status, bob1.statusName]).toEqual(['clawedBack', '已追回']);
    expect(rewards.summary).toEqual({ pending: rewardOf(premiums.bob2), confirmed: 0, paid: 0, clawedBack: rewardOf(premiums.bob1) });

    // Paid out: bob2's reward is paid.
    await exec(sql`update application_forms set reward_paid_at = now() where application_form_code = ${forms.bob2}`);
    rewards = await okArea<Rewards>(broker, calls.rewards, { body: { status: 'paid' } });
    expect(rewards.list.map((r) => [r.applicationFormCode, r.statusName])).toEqual([[forms.bob2, '已发放']]);

    const gross = Math.round((premiums.bob1 + premiums.bob2) * 100) / 100;
    const achievements = await okArea<Achievements>(broker, calls.achievements, { query: { period: 'month' } });
    expect(achievements.totals).toEqual({ orders: 2, premium: gross, netPremium: premiums.bob2, reversed: 1 });
    expect(achievements.buckets[0]).toMatchObject({ orders: 2, premium: gross, netPremium: premiums.bob2, reversed: 1 });

    const valid = await okArea<PromoterSales>(broker, calls.validList, {});
    expect(valid.list.map((s) => s.applicationFormCode)).toEqual([forms.bob2]);
  });

  it('pushes a product link or renewal reminder with the promo code, texting at most once a day', async () => {
    const push = await okArea<CustomerPush>(broker, calls.customerPush, { body: { customerId: alice.userCode, kind: 'product', productCode: XUZHOU, sms: true } });
    expect(push.link).toMatch(new RegExp(`^/#/[A-Za-z0-9/_-]+\\?productCode=${XUZHOU}&promoCode=[0-9A-Z]{8}$`));
    const [sale] = (await okArea<CustomerDetail>(broker, calls.customerDetail, { params: { customerId: alice.userCode } })).sales;
    expect(push.title).toBe(shareTitle(sale!.productName));
    expect(push.sms).toBe('sent');
    expect(pushTexts()).toHaveLength(1);
    expect(pushTexts()[0]!.phone).toBe(alice.phone);
    expect(pushTexts()[0]!.text).toContain(push.link);

    const again = await okArea<CustomerPush>(broker, calls.customerPush, { body: { customerId: alice.userCode, kind: 'renewal', productCode: XUZHOU, sms: true } });
    expect(again.sms).toBe('alreadySent');
    expect(again.link).toMatch(new RegExp(`^/#/insurerenew\\?productCode=${XUZHOU}&promoCode=[0-9A-Z]{8}$`));
    expect(pushTexts()).toHaveLength(1);
    // Another promoter may text their own customer the same day; without sms nothing is sent.
    expect((await okArea<CustomerPush>(other, calls.customerPush, { body: { customerId: carol.userCode, kind: 'product', productCode: XUZHOU } })).sms).toBe('notAsked');
    expect((await area(broker, calls.customerPush, { body: { customerId: carol.userCode, kind: 'product', productCode: XUZHOU, sms: true } })).body.code).toBe('4003');
    expect((await area(broker, calls.customerPush, { body: { customerId: alice.userCode, kind: 'product', productCode: 'ZZZZZZ99' } })).body.code).toBe('4004');
    expect(pushTexts()).toHaveLength(1);

    // A vendor failure is told as a failure, and the day's mark is given back so a retry texts.
    smsDown = true;
    const failed = await okArea<CustomerPush>(other, calls.customerPush, { body: { customerId: carol.userCode, kind: 'product', productCode: XUZHOU, sms: true } });
    smsDown = false;
    expect(failed.sms).toBe('failed');
    expect(pushTexts()).toHaveLength(1);
    expect((await okArea<CustomerPush>(other, calls.customerPush, { body: { customerId: carol.userCode, kind: 'product', productCode: XUZHOU, sms: true } })).sms).toBe('sent');
    expect(pushTexts().map((text) => text.phone)).toEqual([alice.phone, carol.phone]);
  });

  it('pages by 15 with the total', async () => {
    // 20 more valid sales of the broker, copied from bob2 (bulk insert).
    await exec(sql`insert into application_forms (application_form_code, order_id, product_code, product_name, plan_code, plan_name, premium_fen,
        start_date, end_date, holder, insureds, promoter_user_id, reward_rate_bp, status, created_at)
      select af.application_form_code || '-' || g, af.order_id, af.product_code, af.product_name, af.plan_code, af.plan_name, af.premium_fen,
        af.start_date, af.end_date, af.holder, af.insureds, af.promoter_user_id, af.reward_rate_bp, 'guarantee', af.created_at - g * interval '1 minute'
      from application_forms af, generate_series(1, 20) g where af.application_form_code = ${forms.bob2}`);
    const first = await okArea<PromoterSales>(broker, calls.validList, {});
    expect(first.total).toBe(21);
    expect(first.list).toHaveLength(PROMOTER_PAGE_SIZE);
    const second = await okArea<PromoterSales>(broker, calls.validList, { body: { pageNum: 2 } });
    expect(second.list).toHaveLength(21 - PROMOTER_PAGE_SIZE);
    expect(new Set([...first.list, ...second.list].map((s) => s.applicationFormCode)).size).toBe(21);
    const rewards = await okArea<Rewards>(broker, calls.rewards, { body: { pageNum: 2, pageSize: 15 } });
    expect(rewards.total).toBe(22);
    expect(rewards.list).toHaveLength(7);
    expect((await okArea<PromoterSales>(broker, calls.validList, { body: { pageNum: 9 } })).list).toEqual([]);
  });

  it('lists a customer’s policy for renewal once the clock enters the window, not before', async () => {
    expect((await okArea<PromoterRenewals>(broker, calls.renewals, {})).total).toBe(0);
    const detail = expectOk(await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: alice.token, payload: { applicationFormCode: forms.alice } }));
    const end = new Date(`${detail.endDate.replace(' ', 'T')}+08:00`);
    // Just outside the window: still not listed.
    now = new Date(end.getTime() - (PROMOTER_RENEWAL_WINDOW_DAYS + 1) * DAY);
    Object.assign(broker, await login(t.app, broker.phone));
    expect((await okArea<PromoterRenewals>(broker, calls.renewals, {})).list.map((r) => r.applicationFormCode)).not.toContain(forms.alice);
    // 30 days before the end: listed, with the manifest's label and detail route.
    now = new Date(end.getTime() - 30 * DAY);
    Object.assign(broker, await login(t.app, broker.phone));
    Object.assign(other, await login(t.app, other.phone));
    const renewals = await okArea<PromoterRenewals>(broker, calls.renewals, {});
    expect(renewals.windowDays).toBe(PROMOTER_RENEWAL_WINDOW_DAYS);
    const alices = renewals.list.find((r) => r.applicationFormCode === forms.alice);
    expect(alices).toMatchObject({ customerId: alice.userCode, daysLeft: 30, holderName: '**国' });
    expect(alices!.renewalLabel).toMatch(/续保|再次购买/);
    expect(alices!.detailRoute).toMatch(/^\//);
    expect(renewals.list.map((r) => r.applicationFormCode)).not.toContain(forms.carol);
    expect(renewals.list.map((r) => r.applicationFormCode)).not.toContain(forms.bob1); // surrendered
    const one = await okArea<PromoterRenewal>(broker, calls.renewalDetail, { params: { applicationFormCode: forms.alice } });
    expect(one).toEqual(alices);
    expect((await okArea<PromoterRenewals>(other, calls.renewals, {})).list.map((r) => r.applicationFormCode)).toEqual([forms.carol]);
  });

  it('never answers a full ID number, phone or name', () => {
    expect(answers.length).toBeGreaterThan(30);
    for (const answer of answers) for (const secret of secrets) expect(answer.includes(secret), secret).toBe(false);
  });
});

describe('achievement periods (Asia/Shanghai)', () => {
  const at = (shanghai: string) => new Date(`${shanghai}+08:00`);

  it('buckets days and months by the Shanghai calendar, newest first', () => {
    // 00:30 in Shanghai is still the previous day in UTC.
    const now = at('2026-11-24T00:30:00');
    const days = bucketsOf('day', now);
    expect(days).toHaveLength(30);
    expect(days[0]).toMatchObject({ key: '2026-11-24', label: '11月24日', from: at('2026-11-24T00:00:00'), to: at('2026-11-25T00:00:00') });
    expect(days[29]!.key).toBe('2026-10-26');
    const months = bucketsOf('month', now);
    expect(months.map((m) => m.key)).toEqual(['2026-11', '2026-10', '2026-09', '2026-08', '2026-07', '2026-06', '2026-05', '2026-04', '2026-03', '2026-02', '2026-01', '2025-12']);
    expect(months[0]).toMatchObject({ label: '2026年11月', from: at('2026-11-01T00:00:00'), to: at('2026-12-01T00:00:00') });
  });

  it('puts January in the previous year’s autumn term', () => {
    const terms = bucketsOf('term', at('2027-01-15T12:00:00'));
    expect(terms.map((term) => term.key)).toEqual(['2026-autumn', '2026-spring', '2025-autumn', '2025-spring', '2024-autumn', '2024-spring']);
    expect(terms[0]).toMatchObject({ label: '2026年秋季学期', from: at('2026-08-01T00:00:00'), to: at('2027-02-01T00:00:00') });
    expect(terms[1]).toMatchObject({ label: '2026年春季学期', from: at('2026-02-01T00:00:00'), to: at('2026-08-01T00:00:00') });
    expect(bucketsOf('term', at('2027-02-01T00:00:00'))[0]!.key).toBe('2027-spring');
    expect(bucketsOf('term', at('2026-07-31T23:59:59'))[0]!.key).toBe('2026-spring');
  });

  it('reads the keys achievementDetail takes, refusing malformed ones', () => {
    expect(bucketOfKey('term', '2026-autumn')).toMatchObject({ from: at('2026-08-01T00:00:00'), to: at('2027-02-01T00:00:00') });
    expect(bucketOfKey('month', '2026-12')).toMatchObject({ from: at('2026-12-01T00:00:00'), to: at('2027-01-01T00:00:00') });
    expect(bucketOfKey('day', '2028-02-29')).toMatchObject({ label: '2月29日' });
    for (const [period, key] of [['day', '2027-02-29'], ['day', '2026-11'], ['month', '2026-00'], ['term', '2026-winter'], ['term', '1999-spring']] as const) {
      expect(bucketOfKey(period, key), `${period} ${key}`).toBeNull();
    }
  });
});
