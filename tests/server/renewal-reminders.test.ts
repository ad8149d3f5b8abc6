/**
 * Renewal reminders (docs/policy-lifecycle.md, "Renewal reminders"): the
 * manifest's days before a policy's end, each texted once per policy, the
 * latest day only when several are due, none to a holder who switched them
 * off or renewed, and once only when two jobs (two instances) run at the same
 * time. PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCalls } from '../../src/contract/accounts.ts';
import { policyCalls, type AppDetail } from '../../src/contract/policy.ts';
import { loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { applicationForms, renewalReminders } from '../../src/server/db/schema.ts';
import { RenewalReminders } from '../../src/server/orders/renewal-reminders.ts';
import type { SmsProvider } from '../../src/server/providers/sms/sms-provider.ts';
import { backends, call, expectOk, GUARDIAN, login, makeTestApp, payUrlOf, pressCashier, submitOrder, tradeNoOf, validApplication, type Session, type TestApp } from './helpers.ts';

const DAY_MS = 24 * 3600_000;
const manifests = loadManifestStore('manifests');

describe.each(backends)('renewal reminders (%s)', (backend) => {
  let t: TestApp;
  let now = new Date();
  const texts: { phone: string; template: string; params: Record<string, string> }[] = [];
  const sms: SmsProvider = {
    name: 'recording',
    send: async (phone, template, params) => {
      // Log-in codes go through the same provider; only the reminders are counted here.
      if (template === 'renewalReminder') texts.push({ phone, template, params: params as Record<string, string> });
    },
  } as SmsProvider;

  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => now, sms });
  }, 60_000);
  afterAll(() => t?.close());

  /** A paid policy of the guardian product (renewalReminderDays [30, 7]) in force, ending `daysLeft` days from now. */
  async function policyEnding(session: Session, daysLeft: number) {
    const form = validApplication(GUARDIAN);
    const order = await submitOrder(t.app, session.token, form);
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode)));
    await t.settled();
    const detail = expectOk(
      await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: session.token, payload: { applicationFormCode: order.applicationFormCode } }),
    );
    await t.database.db
      .update(applicationForms)
      .set({ status: 'guarantee', startDate: new Date(now.getTime() - 300 * DAY_MS), endDate: new Date(now.getTime() + daysLeft * DAY_MS) })
      .where(eq(applicationForms.applicationFormCode, order.applicationFormCode));
    return { ...order, policyNo: detail.policyNo!, phone: form.policyHolder.phone };
  }
  /** Another instance's job: its own object on the same database. */
  const job = () => new RenewalReminders({ db: t.database.db, now: () => now, manifests, sms, config: t.config }, t.app.log);
  const reminders = () => t.handles.renewalReminders;
  const rowsOf = async (applicationFormCode: string) =>
    t.database.db
      .select({ daysBefore: renewalReminders.daysBefore, status: renewalReminders.status, reason: renewalReminders.reason })
      .from(renewalReminders)
      .innerJoin(applicationForms, eq(applicationForms.id, renewalReminders.applicationFormId))
      .where(eq(applicationForms.applicationFormCode, applicationFormCode));

  it('texts the 30-day reminder once, then the 7-day one once, with a link that opens the renewal of that policy', async () => {
    texts.length = 0;
    const parent = await login(t.app);
    const policy = await policyEnding(parent, 20);
    expect((await reminders().runOnce()).sent).toBe(1);
    expect(await reminders().runOnce()).toMatchObject({ planned: 0, sent: 0 });
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ phone: policy.phone, template: 'renewalReminder' });
    expect(texts[0]!.params.product).toBe(manifests.byProductCode(GUARDIAN)!.productName);
    expect(texts[0]!.params.link).toContain(`/#/insurerenew?productCode=${GUARDIAN}&applicationFormCode=${policy.applicationFormCode}`);
    // Thirteen days later the policy has 7 days left: the 7-day reminder, once.
    now = new Date(now.getTime() + 13 * DAY_MS + 3600_000);
    expect((await reminders().runOnce()).sent).toBe(1);
    expect((await reminders().runOnce()).sent).toBe(0);
    expect(texts.map((m) => m.phone)).toEqual([policy.phone, policy.phone]);
    expect((await rowsOf(policy.applicationFormCode)).map((r) => [r.daysBefore, r.status]).sort()).toEqual([[30, 'sent'], [7, 'sent']]);
  });

  it('sends only the latest reminder due when the job first sees a policy late', async () => {
    texts.length = 0;
    const policy = await policyEnding(await login(t.app), 5);
    expect((await reminders().runOnce()).sent).toBe(1);
    expect((await rowsOf(policy.applicationFormCode)).map((r) => r.daysBefore)).toEqual([7]);
  });

  it('texts nobody who switched reminders off in 个人中心, nor a holder who has renewed', async () => {
    texts.length = 0;
    const quiet = await login(t.app);
    const saved = expectOk(await call<{ renewalReminders: boolean }>(t.app, { method: 'POST', url: accountCalls.saveReminderSettings.path, token: quiet.token, payload: { renewalReminders: false } }));
    expect(saved).toEqual({ renewalReminders: false });
    expect(expectOk(await call(t.app, { method: 'GET', url: accountCalls.reminderSettings.path, token: quiet.token }))).toEqual({ renewalReminders: false });
    const optedOut = await policyEnding(quiet, 20);

    const renewer = await login(t.app);
    const renewed = await policyEnding(renewer, 20);
    const renewal = await submitOrder(t.app, renewer.token, { ...validApplication(GUARDIAN), renewal: { renewalTimes: 0, renewalLastPolicyNo: renewed.policyNo } });
    await pressCashier(t.app, tradeNoOf(await payUrlOf(t.app, renewer.token, renewal.applicationFormCode)));
    await t.settled();

    const run = await reminders().runOnce();
    expect(run).toMatchObject({ sent: 0, skipped: 2 });
    expect(texts).toEqual([]);
    expect(await rowsOf(optedOut.applicationFormCode)).toEqual([{ daysBefore: 30, status: 'skipped', reason: 'opted out' }]);
    expect(await rowsOf(renewed.applicationFormCode)).toEqual([{ daysBefore: 30, status: 'skipped', reason: 'renewed' }]);
  });

  it('texts each holder once when two jobs (two instances) run at the same time', async () => {
    texts.length = 0;
    const policies = [];
    for (let i = 0; i < 6; i++) policies.push(await policyEnding(await login(t.app), 20));
    const [a, b] = [job(), job()];
    const runs = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
    expect(texts.map((m) => /applicationFormCode=(\w+)/.exec(m.params.link ?? '')?.[1] ?? '').sort()).toEqual(policies.map((p) => p.applicationFormCode).sort());
    for (const policy of policies) expect(await rowsOf(policy.applicationFormCode)).toEqual([{ daysBefore: 30, status: 'sent', reason: null }]);
  });
});
