import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { toServedManifest } from '../../src/server/catalogue/manifest-store.ts';
import { call, expectOk, GUARDIAN, JINING, makeTestApp, type TestApp, XUZHOU } from './helpers.ts';
import { productCalls } from '../../src/contract/product-calls.ts';

const manifests: ProductManifest[] = readdirSync('manifests')
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(`manifests/${f}`, 'utf8')) as ProductManifest);
/** The products on sale, with a plan builder's plans built, as the server sells them. */
const online = manifests.filter((m) => m.status !== 'offline').map((m) => toServedManifest(m));

type Quote = { productCode: string; buyCopies?: number; factorInfos?: { factorCode: string; factorValue: string }[]; insuranceVOS: { programCode: string }[] };

// Catalogue reads do not touch the database: PGlite is enough.
describe('catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  const quote = (q: Quote) => call<{ totalPremium: number }>(t.app, { method: 'POST', url: productCalls.calPremiums.path, payload: [q] });

  it('lists every manifest with its lowest premium and renewal label', async () => {
    const { list } = expectOk(
      await call<{ list: { productCode: string; fromPremium: number; renewalLabel: string; path: string }[] }>(t.app, {
        method: 'POST',
        url: productCalls.productList.path,
        payload: {},
      }),
    );
    expect(list.map((p) => p.productCode)).toEqual(online.map((m) => m.productCode));
    const byCode = Object.fromEntries(list.map((p) => [p.productCode, p]));
    expect(byCode[XUZHOU]).toMatchObject({ fromPremium: 60, renewalLabel: '再次购买', path: '/xuzhouStudentSafetyDetails' });
    expect(byCode[JINING]).toMatchObject({ fromPremium: 50, path: '/jiningDetails' });
    expect(byCode[GUARDIAN]).toMatchObject({ fromPremium: 30, path: '/guanAiBaoDetails' });
  });

  it('answers a list request without a body, and filters by category', async () => {
    const all = expectOk(await call<{ list: unknown[] }>(t.app, { method: 'POST', url: productCalls.productList.path }));
    expect(all.list).toHaveLength(online.length);
    const students = expectOk(
      await call<{ list: { productCode: string }[] }>(t.app, { method: 'POST', url: productCalls.productList.path, payload: { category: '学平险' } }),
    );
    expect(students.list.map((p) => p.productCode)).toEqual(
      online.filter((m) => Object.values(m.category).includes('学平险')).map((m) => m.productCode),
    );
    expect(students.list.map((p) => p.productCode)).toEqual(expect.arrayContaining([JINING, XUZHOU]));
  });

  it('displays plans as program items (duties heaviest first) and factors as factor items', async () => {
    const display = expectOk(
      await call<{ productName: string; list: { prodType: string; code: string; name: string; list: { limitName: string; showValue: string }[] }[] }>(
        t.app,
        { method: 'GET', url: `${productCalls.productDisplay.path}?productCode=${XUZHOU}` },
      ),
    );
    expect(display.productName).toBe('徐州市学生平安保险（2025版）');
    expect(display.list.map((i) => [i.prodType, i.code, i.name])).toEqual([
      ['program', 'XZ25-JC', '基础版'],
      ['program', 'XZ25-SJ', '升级版'],
      ['program', 'XZ25-HH', '豪华版'],
      ['factor', 'socialSecurity', '有无社保'],
    ]);
    expect(display.list[2]?.list.map((d) => d.limitName)).toEqual([
      '意外身故、伤残',
      '意外伤害医疗（含门急诊、住院）',
      '疾病住院医疗',
      '重大疾病保险金（首次确诊30种重大疾病）',
      '意外住院津贴',
    ]);
    expect(display.list[3]?.list.map((o) => o.limitName)).toEqual(['有社保', '无社保']);
  });

  it('serves the manifest as the product attributes', async () => {
    const manifest = expectOk(await call<ProductManifest>(t.app, { method: 'GET', url: `/prod-svc/api/v1/attr/${JINING}/edu` }));
    expect(manifest).toEqual(toServedManifest(manifests.find((m) => m.productCode === JINING)!));
  });

  it('serves every manifest as its attributes, with a plan builder\'s plans built', async () => {
    for (const file of manifests) {
      const served = expectOk(await call<ProductManifest>(t.app, { method: 'GET', url: `/prod-svc/api/v1/attr/${file.productCode}/edu` }));
      expect(served).toEqual(toServedManifest(file));
    }
  });

  it('answers unknown products with 4004', async () => {
    expect((await call(t.app, { method: 'GET', url: `${productCalls.productDisplay.path}?productCode=99PR000000` })).body).toEqual({
      code: '4004',
      msg: '商品不存在或已下架',
      data: null,
    });
    expect((await call(t.app, { method: 'GET', url: '/prod-svc/api/v1/attr/99PR000000/edu' })).body.code).toBe('4004');
    expect((await quote({ productCode: '99PR000000', insuranceVOS: [{ programCode: 'A' }] })).body.code).toBe('4004');
  });

  // Expected premiums are worked out here from the manifest's numbers, in fen, as the spec states the rule.
  const defaultMultiplier = (manifest: ProductManifest, except?: string) =>
    manifest.pricing.factors
      .filter((f) => f.code !== except)
      .reduce((product, f) => product * (f.options.find((o) => o.value === f.default)?.multiplier ?? Number.NaN), 1);
  const fenRound = (yuan: number) => Math.round(Number((yuan * 100).toPrecision(12))) / 100;
  for (const manifest of online) {
    for (const plan of manifest.plans) {
      it(`prices ${manifest.productCode} plan ${plan.code} at its manifest premium`, async () => {
        const data = expectOk(await quote({ productCode: manifest.productCode, buyCopies: 1, insuranceVOS: [{ programCode: plan.code }] }));
        expect(data.totalPremium).toBe(fenRound(plan.premium * defaultMultiplier(manifest)));
      });
      for (const factor of manifest.pricing.factors) {
        for (const option of factor.options) {
          it(`prices ${manifest.productCode} plan ${plan.code} with ${factor.code}=${option.value}`, async () => {
            const data = expectOk(
              await quote({
                productCode: manifest.productCode,
                factorInfos: [{ factorCode: factor.code, factorValue: option.value }],
                insuranceVOS: [{ programCode: plan.code }],
              }),
            );
            expect(data.totalPremium).toBe(fenRound(plan.premium * option.multiplier * defaultMultiplier(manifest, factor.code)));
          });
        }
      }
    }
  }

  it('gives the Xuzhou prices parents see', async () => {
    const price = async (programCode: string, socialSecurity: string) =>
      expectOk(await quote({ productCode: XUZHOU, factorInfos: [{ factorCode: 'socialSecurity', factorValue: socialSecurity }], insuranceVOS: [{ programCode }] }))
        .totalPremium;
    expect(await price('XZ25-JC', 'Y')).toBe(60);
    expect(await price('XZ25-JC', 'N')).toBe(72);
    expect(await price('XZ25-SJ', 'N')).toBe(120);
    expect(await price('XZ25-HH', 'N')).toBe(192);
  });

  it('multiplies by copies up to the product maximum', async () => {
    expect(expectOk(await quote({ productCode: GUARDIAN, buyCopies: 3, insuranceVOS: [{ programCode: 'GAB-A' }] })).totalPremium).toBe(90);
    expect((await quote({ productCode: GUARDIAN, buyCopies: 4, insuranceVOS: [{ programCode: 'GAB-A' }] })).body).toEqual({
      code: '4001',
      msg: '购买份数超出上限',
      data: null,
    });
  });

  it('refuses unknown plans and factor values with 4001 and the reason', async () => {
    expect((await quote({ productCode: XUZHOU, insuranceVOS: [{ programCode: 'NOPE' }] })).body).toEqual({
      code: '4001',
      msg: '请选择保障方案',
      data: null,
    });
    const badFactor = await quote({
      productCode: XUZHOU,
      factorInfos: [{ factorCode: 'socialSecurity', factorValue: 'maybe' }],
      insuranceVOS: [{ programCode: 'XZ25-JC' }],
    });
    expect(badFactor.body).toEqual({ code: '4001', msg: '保费因子取值无效', data: null });
  });
});
