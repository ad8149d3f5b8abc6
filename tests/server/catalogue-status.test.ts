import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../src/contract/define-call.ts';
import type { DevCatalogue, ProductDetail, ProductListItem, ProductTypeState } from '../../src/contract/product.ts';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { createManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { copyOfManifests, readManifest, writeManifest } from './catalogue-fixtures.ts';
import {
  backends,
  call,
  expectOk,
  getSerial,
  GUARDIAN,
  JINING,
  login,
  makeTestApp,
  orderDetail,
  postOrder,
  submitOrder,
  type TestApp,
  repeatCheck,
  validApplication,
  XUZHOU,
} from './helpers.ts';
import { productCalls } from '../../src/contract/product-calls.ts';

/** Codes no real manifest uses. */
const ALIAS = '98PR000001';
const ALIAS_2 = '98PR000002';
const UNAVAILABLE = { code: '4004', msg: '商品不存在或已下架', data: null };

/** Jining with two alias codes, the guardian product taken offline, Xuzhou as it is. */
function statusCatalogue() {
  const jining: ProductManifest = { ...readManifest('jining-student-accident'), aliasCodes: [ALIAS, ALIAS_2] };
  const guardian: ProductManifest = { ...readManifest('guanaibao-guardian'), status: 'offline' };
  return createManifestStore([jining, guardian, readManifest('xuzhou-student-accident-2025')]);
}

describe('alias codes and offline products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ manifests: statusCatalogue() });
  });
  afterAll(() => t.close());

  it('resolves alias codes on every product call', async () => {
    const manifest = expectOk(await call<ProductManifest>(t.app, { method: 'GET', url: fillPath(productCalls.productAttr.path, { code: ALIAS }) }));
    expect(manifest.productCode).toBe(JINING);
    const state = expectOk(
      await call<ProductTypeState>(t.app, { method: 'GET', url: `${fillPath(productCalls.productTypeState.path, { code: ALIAS_2 })}?attrMark=ClassOfEduInsure` }),
    );
    expect(state.productCode).toBe(JINING);
    const detail = expectOk(await call<ProductDetail>(t.app, { method: 'GET', url: `${productCalls.productDetail.path}?id=${ALIAS}` }));
    expect(detail).toMatchObject({ productCode: ALIAS, newProductCode: JINING });
    for (const url of [`${productCalls.productDisplay.path}?productCode=${ALIAS}`, `${productCalls.notificationInfo.path}?productCode=${ALIAS}`, `${productCalls.productFilePaths.path}?productCode=${ALIAS}`]) {
      expectOk(await call(t.app, { method: 'GET', url }));
    }
    expectOk(await call(t.app, { method: 'POST', url: productCalls.programDisplay.path, payload: { productCode: ALIAS } }));
    const quote = expectOk(
      await call<{ totalPremium: number }>(t.app, { method: 'POST', url: productCalls.calPremiums.path, payload: [{ productCode: ALIAS, insuranceVOS: [{ programCode: 'JN-A' }] }] }),
    );
    expect(quote.totalPremium).toBe(50);
  });

  it('lists products on sale only, and every valid code with the aliases', async () => {
    const { list } = expectOk(await call<{ list: ProductListItem[] }>(t.app, { method: 'POST', url: productCalls.productList.path, payload: {} }));
    expect(list.map((p) => p.productCode)).toEqual([JINING, XUZHOU]);
    const codes = expectOk(await call<string[]>(t.app, { method: 'GET', url: fillPath(productCalls.validProductCodes.path, { channel: 'edu' }) }));
    expect(codes).toEqual([JINING, ALIAS, ALIAS_2, XUZHOU]);
  });

  it('still answers the attributes of an offline product, with its status', async () => {
    const manifest = expectOk(await call<ProductManifest>(t.app, { method: 'GET', url: fillPath(productCalls.productAttr.path, { code: GUARDIAN }) }));
    expect(manifest).toMatchObject({ productCode: GUARDIAN, status: 'offline' });
    const state = expectOk(
      await call<ProductTypeState>(t.app, { method: 'GET', url: `${fillPath(productCalls.productTypeState.path, { code: GUARDIAN })}?attrMark=ClassOfEduInsure` }),
    );
    expect(state.status).toBe('offline');
  });

  it('resolves a detail route to the manifest of its product on sale in one call, the same answer as by code; any other path 4004', async () => {
    const byRoute = (path: string) => call<ProductManifest>(t.app, { method: 'GET', url: `${productCalls.productAttrByRoute.path}?path=${encodeURIComponent(path)}` });
    const { list } = expectOk(await call<{ list: ProductListItem[] }>(t.app, { method: 'POST', url: productCalls.productList.path, payload: {} }));
    expect(list.length).toBeGreaterThan(0);
    for (const product of list) {
      const answer = await byRoute(product.path);
      const byCode = await call<ProductManifest>(t.app, { method: 'GET', url: fillPath(productCalls.productAttr.path, { code: product.productCode }) });
      expect(expectOk(answer).productCode).toBe(product.productCode);
      expect(answer.body).toEqual(byCode.body);
      expect(answer.response.headers.etag).toBe(byCode.response.headers.etag);
    }
    // The offline product's route, no route, a table route, another case, no slash: as the product list, not found.
    const guardianRoute = readManifest('guanaibao-guardian').routes[0];
    for (const path of [guardianRoute, '/noSuchProductDetails', '/insure', list[0]!.path.toUpperCase(), list[0]!.path.slice(1)]) {
      const answer = await byRoute(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toEqual(UNAVAILABLE);
    }
    // Malformed requests are the client's to fix: 4000, never a server error.
    for (const url of [productCalls.productAttrByRoute.path, `${productCalls.productAttrByRoute.path}?path=${'a'.repeat(201)}`, `${productCalls.productAttrByRoute.path}?path=/a&code=1`]) {
      const answer = await call(t.app, { method: 'GET', url });
      expect(answer.status, url).toBe(400);
      expect(answer.body.code, url).toBe('4000');
    }
  });

  it('answers 4004 商品不存在或已下架 to display and quote calls of an offline product', async () => {
    const gets = [
      `${productCalls.productDisplay.path}?productCode=${GUARDIAN}`,
      `${productCalls.productDetail.path}?id=${GUARDIAN}`,
      `${productCalls.notificationInfo.path}?productCode=${GUARDIAN}`,
      `${productCalls.productFilePaths.path}?productCode=${GUARDIAN}`,
    ];
    for (const url of gets) expect((await call(t.app, { method: 'GET', url })).body).toEqual(UNAVAILABLE);
    expect((await call(t.app, { method: 'POST', url: productCalls.programDisplay.path, payload: { productCode: GUARDIAN } })).body).toEqual(UNAVAILABLE);
    const quote = await call(t.app, { method: 'POST', url: productCalls.calPremiums.path, payload: [{ productCode: GUARDIAN, insuranceVOS: [{ programCode: 'GAB-A' }] }] });
    expect(quote.body).toEqual(UNAVAILABLE);
    const file = await t.app.inject({ method: 'GET', url: `/_gw${fillPath(productCalls.productFile.path, { code: GUARDIAN, no: '1' })}` });
    expect(file.statusCode).toBe(404);
  });
});

describe.each(backends)('orders by alias code and for offline products (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ backend, manifests: statusCatalogue() });
  });
  afterAll(async () => t?.close());

  it('takes an order under an alias code for the manifest it resolves to', async () => {
    const { token } = await login(t.app);
    const order = await submitOrder(t.app, token, validApplication(JINING, { productCode: ALIAS }));
    expect(order.amount).toBe(50);
    expect(expectOk(await orderDetail(t.app, token, order.orderCode))).toMatchObject({ productCode: JINING });
  });

  it('refuses orders and the repeat-insurance check for an offline product', async () => {
    const { token } = await login(t.app);
    const form = validApplication(GUARDIAN);
    const refused = await postOrder(t.app, token, { serial: await getSerial(t.app, token), form });
    expect(refused.body).toEqual(UNAVAILABLE);
    const repeat = await repeatCheck(t.app, token, form);
    expect(repeat.body).toEqual(UNAVAILABLE);
  });
});

describe('development catalogue', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = copyOfManifests();
    t = await makeTestApp({ config: { manifestsDir: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const catalogue = async () => expectOk(await call<DevCatalogue>(t.app, { method: 'GET', url: productCalls.devCatalogue.path }));

  it('lists every manifest file with its codes, routes, status and validation', async () => {
    const { list } = await catalogue();
    const xuzhou = list.find((e) => e.productCode === XUZHOU);
    expect(xuzhou).toMatchObject({
      id: 'xuzhou-student-accident-2025',
      valid: true,
      problems: [],
      routes: ['/xuzhouStudentSafetyDetails'],
      status: 'online',
      served: true,
      loginRequired: false,
    });
    expect(xuzhou?.file).toMatch(/xuzhou-student-accident-2025\.json$/);
    expect(list.every((e) => e.valid && e.served)).toBe(true);
  });

  it('shows a manifest broken after start in red, with the readable problems', async () => {
    const broken = { ...readManifest('jining-student-accident'), id: 'broken-city', productCode: '97PR000001', routes: ['/brokenCityDetails'], plans: [] };
    writeManifest(dir, broken);
    writeManifest(dir, { id: 'zz-incomplete', productName: '未写完的产品' }, 'zz-incomplete.json');
    const { list } = await catalogue();
    const entry = list.find((e) => e.id === 'broken-city');
    expect(entry).toMatchObject({ valid: false, served: false, productCode: '97PR000001', routes: ['/brokenCityDetails'] });
    expect(entry?.problems.some((line) => /broken-city\.json {2}\/plans {2}\S/.test(line))).toBe(true);
    expect(list.find((e) => e.file.endsWith('zz-incomplete.json'))?.valid).toBe(false);
    expect(list.find((e) => e.productCode === JINING)).toMatchObject({ valid: true, served: true });
    rmSync(join(dir, 'broken-city.json'));
    rmSync(join(dir, 'zz-incomplete.json'));
  });

  it('does not exist when development endpoints are off', async () => {
    const prod = await makeTestApp({ config: { devEndpoints: false } });
    try {
      const response = await prod.app.inject({ method: 'GET', url: `/_gw${productCalls.devCatalogue.path}` });
      expect(response.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
