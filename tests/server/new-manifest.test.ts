/**
 * An operations person adds a product by adding one manifest
 * file, with no other change. A copy of a manifest under a new id, product
 * code and route, in a copy of the manifests folder the server is pointed at
 * (config.manifestsDir, i.e. MANIFESTS_DIR), appears in the list, is priced
 * from its own numbers and can be bought end to end.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../src/contract/define-call.ts';
import type { ProductListItem } from '../../src/contract/product.ts';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { copyOfManifests, readManifest, writeManifest } from './catalogue-fixtures.ts';
import {
  backends,
  call,
  expectOk,
  getResubToken,
  getSerial,
  JINING,
  login,
  makeTestApp,
  orderDetail,
  type TestApp,
  validApplication,
} from './helpers.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { productCalls } from '../../src/contract/product-calls.ts';

const NEW_CODE = '26PR370900';
const NEW_ROUTE = '/taianStudentSafetyDetails';

/** Jining's manifest copied for a new city, priced differently so the price can only come from the new file. */
function newCityManifest(): ProductManifest {
  const jining = readManifest('jining-student-accident');
  const [first, ...rest] = jining.plans;
  return {
    ...jining,
    id: 'taian-student-accident',
    productCode: NEW_CODE,
    productName: '泰安市学生平安保险',
    routes: [NEW_ROUTE],
    aliasCodes: undefined,
    status: 'online',
    plans: [{ ...first, premium: 66 }, ...rest],
  };
}

describe.each(backends)('a product added as one manifest file (%s)', (backend) => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = copyOfManifests();
    writeManifest(dir, JSON.parse(JSON.stringify(newCityManifest())) as ProductManifest);
    t = await makeTestApp({ backend, config: { manifestsDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appears in the product list and resolves by code', async () => {
    const { list } = expectOk(await call<{ list: ProductListItem[] }>(t.app, { method: 'POST', url: productCalls.productList.path, payload: {} }));
    expect(list.find((p) => p.productCode === NEW_CODE)).toMatchObject({
      productName: '泰安市学生平安保险',
      path: NEW_ROUTE,
      fromPremium: 66,
    });
    const codes = expectOk(await call<string[]>(t.app, { method: 'GET', url: fillPath(productCalls.validProductCodes.path, { channel: 'edu' }) }));
    expect(codes).toContain(NEW_CODE);
    const manifest = expectOk(await call<ProductManifest>(t.app, { method: 'GET', url: fillPath(productCalls.productAttr.path, { code: NEW_CODE }) }));
    expect(manifest.routes).toEqual([NEW_ROUTE]);
  });

  it('is priced by calpremiums from its own manifest', async () => {
    const quote = async (programCode: string) =>
      expectOk(await call<{ totalPremium: number }>(t.app, { method: 'POST', url: productCalls.calPremiums.path, payload: [{ productCode: NEW_CODE, insuranceVOS: [{ programCode }] }] }))
        .totalPremium;
    expect(await quote('JN-A')).toBe(66);
    expect(await quote('JN-B')).toBe(90);
  });

  it('is purchasable end to end: log-in, serial, resubmit token, submitOrder → 0000 at the manifest price', async () => {
    const { token } = await login(t.app);
    const serial = await getSerial(t.app, token);
    const resubToken = await getResubToken(t.app, token);
    const form = validApplication(JINING, { productCode: NEW_CODE, planCode: 'JN-A' });
    const submitted = await call<{ body: { order: { amount: number; code: string } } }>(t.app, {
      method: 'POST',
      url: orderCalls.submitOrder.path,
      token,
      headers: { 'x-resub-token': resubToken },
      payload: { source: '01', entryType: '00', idempotentSerialNo: serial, applicationForms: [form] },
    });
    expect(submitted.body.code).toBe('0000');
    const order = submitted.body.data!.body.order;
    expect(order.amount).toBe(66);
    const detail = expectOk(await orderDetail(t.app, token, order.code));
    expect(detail).toMatchObject({ productCode: NEW_CODE, productName: '泰安市学生平安保险', amount: 66, status: 'toBePaid' });
  });
});
