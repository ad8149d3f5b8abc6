import { describe, expect, it } from 'vitest';
import type { PolicyList } from '../../src/contract/order.ts';
import { buildApp } from '../../src/server/app.ts';
import { DEMO_PHONE } from '../../src/server/seed/seed-demo.ts';
import { call, expectOk, login, openTestDb, testConfig } from './helpers.ts';
import { orderCalls } from '../../src/contract/order.ts';

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
