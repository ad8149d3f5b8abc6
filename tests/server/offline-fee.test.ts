import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../src/engine/manifest/index.ts';
import { createManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { backends, call, expectOk, JINING, login, makeTestApp, orderDetail, type Session, submitOrder, type TestApp, validApplication } from './helpers.ts';
import { paymentCalls } from '../../src/contract/payment.ts';

const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../manifests/${name}.json`, import.meta.url), 'utf8')) as ProductManifest;

describe.each(backends)('premium collected offline, Isshoufei N (%s)', (backend) => {
  let t: TestApp;
  let parent: Session;
  beforeAll(async () => {
    const jining = { ...load('jining-student-accident'), order: { ...load('jining-student-accident').order, feeCollection: 'N' as const } };
    t = await makeTestApp({ backend, manifests: createManifestStore([jining, load('xuzhou-student-accident-2025')]) });
    parent = await login(t.app);
  });
  afterAll(async () => t?.close());

  it('issues the policy at submission, without a payment', async () => {
    const order = await submitOrder(t.app, parent.token, validApplication(JINING));
    await t.settled(); // the insurer sandbox answers asynchronously
    const detail = expectOk(await orderDetail(t.app, parent.token, order.orderCode));
    expect(detail.status).toBe('waitInsurance');
    expect(detail.policyNo).toMatch(/\S/);
    // Nothing is left to pay for.
    const payUrl = await call(t.app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}`, token: parent.token });
    expect(payUrl.body.code).not.toBe('0000');
    expect(payUrl.body.msg).toMatch(/\S/);
  });
});
