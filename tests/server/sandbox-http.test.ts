import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, GW } from '../../src/contract/define-call.ts';
import { expectOk, login, makeTestApp, orderDetail, payUrlOf, submitOrder, type TestApp, validApplication, XUZHOU } from './helpers.ts';
import { paymentCalls } from '../../src/contract/payment.ts';

// The sandbox's own delivery path: a listening server notifying itself over real HTTP.
describe('payment sandbox over HTTP', () => {
  let t: TestApp;
  let base: string;
  const notifyAgents: string[] = [];

  beforeAll(async () => {
    t = await makeTestApp({ config: { sandboxNotifyDelayMs: 50 } });
    const notifyPath = GW + fillPath(paymentCalls.payNotify.path, { provider: 'sandbox' });
    t.app.addHook('onRequest', async (request) => {
      if (request.url === notifyPath) notifyAgents.push(String(request.headers['user-agent']));
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('pays through the cashier page and delivers the signed notification to the listening server', async () => {
    const user = await login(t.app);
    const form = validApplication(XUZHOU, { factors: { socialSecurity: 'N' } });
    form.insureds[0]!.socialMedicalInsurance = 'N'; // 基础版 60 × 无社保 1.2
    const order = await submitOrder(t.app, user.token, form);
    const payUrl = await payUrlOf(t.app, user.token, order.applicationFormCode);

    const page = await fetch(base + payUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('¥72.00');
    const action = /<form method="post" action="([^"]+\/confirm)">/.exec(html)?.[1];
    expect(action).toBeDefined();

    const confirm = await fetch(base + action!, {
      method: 'POST',
      body: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(
      `/#/paySuccess?orderCode=${order.orderCode}&productCode=${XUZHOU}&applicationFormCode=${order.applicationFormCode}`,
    );
    // Asynchronous, like a real provider: not paid at the moment of the redirect.
    expect(expectOk(await orderDetail(t.app, user.token, order.orderCode)).status).toBe('toBePaid');

    await t.settled();
    expect(expectOk(await orderDetail(t.app, user.token, order.orderCode)).status).toBe('waitInsurance');
    // Delivered by fetch over the socket (undici says "node"), not by inject.
    expect(notifyAgents).toEqual(['node']);
  });
});
