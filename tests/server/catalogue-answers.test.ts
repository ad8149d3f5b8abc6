import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RouteOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GW } from '../../src/contract/define-call.ts';
import { type ProductListItem } from '../../src/contract/product.ts';
import { productCalls } from '../../src/contract/product-calls.ts';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { createManifestStore, type ManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { chooseEncoding } from '../../src/server/catalogue/prepared-answers.ts';
import { call, expectOk, makeTestApp, type TestApp, XUZHOU } from './helpers.ts';

const raw: ProductManifest[] = readdirSync('manifests')
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(`manifests/${f}`, 'utf8')) as ProductManifest);

type List = { list: ProductListItem[]; total: number };
const list = async (t: TestApp, payload: object) => expectOk(await call<List>(t.app, { method: 'POST', url: productCalls.productList.path, payload }));
const codes = (l: List) => l.list.map((p) => p.productCode);

describe('the product list, paged on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('answers the whole list when no page is asked for (the web app), with the total', async () => {
    const all = await list(t, {});
    expect(all.list.length).toBeGreaterThan(20);
    expect(all.total).toBe(all.list.length);
  });

  it('answers the page asked for, 15 products by default, and an empty page past the end', async () => {
    const all = codes(await list(t, {}));
    const second = await list(t, { pageNum: 2, pageSize: 5 });
    expect(codes(second)).toEqual(all.slice(5, 10));
    expect(second.total).toBe(all.length);
    expect(codes(await list(t, { pageNum: 1 }))).toEqual(all.slice(0, 15));
    expect(codes(await list(t, { pageSize: 4 }))).toEqual(all.slice(0, 4));
    expect(await list(t, { pageNum: 1000, pageSize: 50 })).toEqual({ list: [], total: all.length });
  });

  it('pages within a category, and gives an unknown category an empty list', async () => {
    const students = codes(await list(t, { category: '学平险' }));
    expect(students.length).toBeGreaterThan(3);
    expect(await list(t, { category: '学平险', pageNum: 2, pageSize: 2 })).toEqual({
      list: expect.any(Array),
      total: students.length,
    });
    expect(codes(await list(t, { category: '学平险', pageNum: 2, pageSize: 2 }))).toEqual(students.slice(2, 4));
    expect(await list(t, { category: '不存在的类别' })).toEqual({ list: [], total: 0 });
  });

  it('refuses a page size over 50 as a bad request, not a server error', async () => {
    const response = await t.app.inject({ method: 'POST', url: GW + productCalls.productList.path, payload: { pageSize: 51 } });
    expect(response.statusCode).toBe(400);
  });

  it('sends the same bytes compressed as the client accepts them', async () => {
    const url = GW + productCalls.productList.path;
    const plain = await t.app.inject({ method: 'POST', url, payload: {} });
    const br = await t.app.inject({ method: 'POST', url, payload: {}, headers: { 'accept-encoding': 'gzip, br' } });
    const gzip = await t.app.inject({ method: 'POST', url, payload: {}, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('prepared answers follow the manifests', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers from the manifests it runs on: a changed manifest is listed as changed, never from an earlier answer', { timeout: 180_000 }, async () => {
    const changed = raw.map((m) => (m.productCode === XUZHOU ? { ...m, productName: `${m.productName}（新版）` } : m));
    const before = await makeTestApp({ manifests: createManifestStore(raw) });
    const name = (l: List) => l.list.find((p) => p.productCode === XUZHOU)?.productName;
    const original = name(await list(before, {}));
    const originalPage = codes(await list(before, { pageSize: 50 }));
    await before.close();
    t = await makeTestApp({ manifests: createManifestStore(changed) });
    expect(name(await list(t, {}))).toBe(`${original}（新版）`);
    expect(codes(await list(t, { pageSize: 50 }))).toEqual(originalPage);
    expect((await list(t, { pageSize: 50 })).list.find((p) => p.productCode === XUZHOU)?.productName).toBe(`${original}（新版）`);
  });

  it('the valid product codes follow the manifests too', { timeout: 120_000 }, async () => {
    const withoutXuzhou = raw.map((m) => (m.productCode === XUZHOU ? { ...m, status: 'offline' as const } : m));
    t = await makeTestApp({ manifests: createManifestStore(withoutXuzhou) });
    const valid = expectOk(await call<string[]>(t.app, { method: 'GET', url: productCalls.validProductCodes.path.replace(':channel', 'edu') }));
    expect(valid).not.toContain(XUZHOU);
    expect(valid.length).toBeGreaterThan(10);
  });
});

describe('per request, no walk through the catalogue', () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it('answers a category, known or not, without reading the products on sale again once its answer is made, and no compression hook runs', { timeout: 120_000 }, async () => {
    const store = createManifestStore(raw);
    let reads = 0;
    // The same store, counting every read of its products on sale.
    const counted: ManifestStore = {
      all: store.all,
      get online() {
        reads++;
        return store.online;
      },
      byProductCode: (code) => store.byProductCode(code),
      byRoute: (route) => store.byRoute(route),
      hotlineOf: (code) => store.hotlineOf(code),
    };
    const routes = new Map<string, RouteOptions>();
    t = await makeTestApp({ manifests: counted, onRoute: (route: RouteOptions) => void routes.set(`${String(route.method)} ${route.url}`, route) });
    // Sent as bytes encoded once per manifest set: no compression hook looks at each answer.
    for (const { method, path } of [productCalls.productList, productCalls.validProductCodes]) {
      const route = routes.get(`${method} ${GW}${path}`);
      expect(route).toBeDefined();
      expect([route?.onSend ?? []].flat()).toEqual([]);
    }
    const students = await list(t, { category: '学平险' });
    expect(students.list.length).toBeGreaterThan(3);
    await list(t, { category: '不存在的类别' });
    await list(t, {});
    const before = reads;
    for (let i = 0; i < 20; i++) {
      expect(await list(t, { category: '学平险' })).toEqual(students);
      expect(await list(t, { category: `不存在的类别${i}` })).toEqual({ list: [], total: 0 });
    }
    // A 10x catalogue costs each of these requests what the catalogue does: the work is done once per manifest set.
    expect(reads).toBe(before);
    // An empty category is no filter, as before.
    expect(await list(t, { category: '' })).toEqual(await list(t, {}));
  });
});

describe('accept-encoding', () => {
  it('prefers br, then gzip, and respects q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('*')).toBe('gzip');
  });

  it('reads a value it has seen before the same way, and any number of made-up values correctly', () => {
    for (let round = 0; round < 2; round++) {
      expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
      expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
      expect(chooseEncoding('deflate, gzip;q=1.0, *;q=0.5')).toBe('gzip');
    }
    for (let i = 0; i < 200; i++) {
      expect(chooseEncoding(`x-${i}, br`)).toBe('br');
      expect(chooseEncoding(`x-${i}`)).toBeUndefined();
    }
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
  });
});
