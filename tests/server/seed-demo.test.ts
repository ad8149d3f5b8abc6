import { describe, expect, it } from 'vitest';
import type { PolicyList } from '../../src/contract/order.ts';
import { buildApp } from '../../src/server/app.ts';
import { DEMO_PHONE } from '../../src/server/seed/seed-demo.ts';
import { call, expectOk, login, openTestDb, testConfig } from './helpers.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { eq } from 'drizzle-orm';
import { promoterCalls, type PromoterCard } from '../../src/contract/promoter.ts';
import { getUserByCode } from '../../src/server/auth/users-repo.ts';
import { applicationForms } from '../../src/server/db/schema.ts';
import { DEMO_BROKER_PHONE } from '../../src/server/seed/seed-promoters.ts';

describe('demo data', () => {
  it('gives the demo user one paid Xuzhou policy, once, however often the server starts', async () => {
    const database = await openTestDb('pglite');
    try {
      const start = () => buildApp({ db: database.db, config: testConfig(), logger: false, sms: { send: async () => undefined }, seed: true });
      const first = await start();
      await first.close();
      const app = await start();
      const session = await login(app, DEMO_PHONE);
      const { list, total } = expectOk(await call<PolicyList>(app, { method: 'POST', url: orderCalls.policyList.path, token: session.token, payload: {} }));
      expect(total).toBe(1);
      expect(list[0]).toMatchObject({
        productCode: '25PR320300',
        planName: '升级版',
        premium: 100,
        status: 'waitInsurance',
        statusName: '待起保',
        holderName: '*明',
        insuredName: '**雨',
      });
      expect(list[0]!.policyNo).toMatch(/^P25PR320300/);
      await app.close();
    } finally {
      await database.close();
    }
    // Two starts with the seed (every migration and the demo sales) in one test.
  }, 90_000);

  it('gives the demo broker five customers whose sales are attributed to him, at several statuses', async () => {
    const database = await openTestDb('pglite');
    try {
      const start = () => buildApp({ db: database.db, config: testConfig(), logger: false, sms: { send: async () => undefined }, seed: true });
      await (await start()).close();
      const app = await start();
      const broker = await login(app, DEMO_BROKER_PHONE);
      const card = expectOk(await call<PromoterCard>(app, { method: 'GET', url: promoterCalls.myCard.path, token: broker.token }));
      expect(card).toMatchObject({ isStaff: true, roleLabel: '经纪人', name: '王经纪', channelCode: '05' });
      const brokerUser = await getUserByCode(database.db, broker.userCode);
      const sales = await database.db
        .select({ status: applicationForms.status, agentSource: applicationForms.agentSource, formTerms: applicationForms.formTerms, rate: applicationForms.rewardRateBp })
        .from(applicationForms)
        .where(eq(applicationForms.promoterUserId, brokerUser!.id));
      // Seeded twice, sold once each.
      expect(sales).toHaveLength(5);
      // Issued ones are in force or about to start (the lifecycle moves the back-dated ones on), one surrendered, one unpaid.
      expect(sales.filter((s) => s.status === 'surrender')).toHaveLength(1);
      expect(sales.filter((s) => s.status === 'toBePaid')).toHaveLength(1);
      expect(sales.filter((s) => ['waitIssue', 'waitInsurance', 'guarantee'].includes(s.status))).toHaveLength(3);
      for (const sale of sales) {
        expect(sale.agentSource).toBe('promoCode');
        expect(sale.rate).toBe(800);
        expect(sale.formTerms).toMatchObject({ schanelCode: '05', agents: [{ agentCode: 'E1001', agentName: '王经纪', branchCode: 'JT0144001' }] });
      }
      await app.close();
    } finally {
      await database.close();
    }
  });

  it('is not created for tests unless asked', async () => {
    const database = await openTestDb('pglite');
    try {
      const app = await buildApp({ db: database.db, config: testConfig(), logger: false, sms: { send: async () => undefined } });
      const session = await login(app, DEMO_PHONE);
      const { total } = expectOk(await call<PolicyList>(app, { method: 'POST', url: orderCalls.policyList.path, token: session.token, payload: {} }));
      expect(total).toBe(0);
      await app.close();
    } finally {
      await database.close();
    }
  });
});
