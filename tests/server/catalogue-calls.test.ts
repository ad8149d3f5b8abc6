import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Envelope } from '../../src/contract/envelope.ts';
import { fillPath } from '../../src/contract/define-call.ts';
import { NotificationInfo, ProductDetail, ProductFilePaths, ProductTypeState, ProgramDisplay, ValidProductCodes, type NotificationItem, type ProductFile } from '../../src/contract/product.ts';
import { productCalls } from '../../src/contract/product-calls.ts';
import { withBuiltPlans } from '../../src/engine/plans/build-plans.ts';
import { readManifest } from './catalogue-fixtures.ts';
import { call, expectOk, GUARDIAN, JINING, makeTestApp, type TestApp, XUZHOU } from './helpers.ts';

/** The data of a 0000 answer, after checking it against the contract's schema. */
function expectShape<T>(schema: TSchema, result: { status: number; body: unknown }): T {
  const errors = [...Value.Errors(Envelope(schema), result.body)].map((e) => `${e.path} ${e.message}`);
  expect(errors).toEqual([]);
  return expectOk(result as { status: number; body: { code: string; msg: string; data: T } });
}

const xuzhou = readManifest('xuzhou-student-accident-2025');
const jining = readManifest('jining-student-accident');
const guardian = readManifest('guanaibao-guardian');

describe('product calls of spec §7', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ config: { publicUrl: 'https://edu.example.cn' } });
  });
  afterAll(() => t.close());

  it('answers the product-type state from the manifest category', async () => {
    const url = `${fillPath(productCalls.productTypeState.path, { code: XUZHOU })}?attrMark=ClassOfEduInsure`;
    const state = expectShape<ProductTypeState>(ProductTypeState, await call(t.app, { method: 'GET', url }));
    expect(state).toEqual({
      productCode: XUZHOU,
      attrMark: 'ClassOfEduInsure',
      status: 'online',
      ...xuzhou.category,
      list: [
        { title: 'one', value: xuzhou.category.productCategory1 },
        { title: 'two', value: xuzhou.category.productCategory2 },
        { title: 'three', value: xuzhou.category.productCategory3 },
      ],
    });
    // attrMark is part of the contract.
    expect((await call(t.app, { method: 'GET', url: fillPath(productCalls.productTypeState.path, { code: XUZHOU }) })).body.code).toBe('4000');
    expect((await call(t.app, { method: 'GET', url: `${fillPath(productCalls.productTypeState.path, { code: XUZHOU })}?attrMark=Other` })).body.code).toBe('4000');
  });

  it('answers the detail attributes of spec §3', async () => {
    const detail = expectShape<ProductDetail>(
      ProductDetail,
      await call(t.app, { method: 'GET', url: `${productCalls.productDetail.path}?id=${JINING}&channelNo=edu` }),
    );
    expect(detail).toMatchObject({
      productCode: JINING,
      newProductCode: JINING,
      productName: jining.productName,
      status: 'online',
      banner: jining.detail.banner,
      features: jining.detail.features,
      onlineService: jining.detail.onlineService,
      faq: jining.detail.faq,
      claimProcess: jining.detail.claimProcess,
      insuranceNotice: jining.detail.notice,
      cooperationAuthorisation: jining.detail.cooperationAuthorisation,
      // Written from the manifest's insure.insured.ageBetween [3, 18].
      ageLimit: '3周岁-18周岁',
      salesArea: jining.detail.salesArea,
      insurancePeriod: jining.detail.insurancePeriod,
      securityObject: jining.detail.securityObject,
      configurable: jining.flags?.configurable ?? false,
      internetExclusive: jining.flags?.internetExclusive ?? false,
      customSchoolMode: jining.insure.customSchoolMode,
      guaranteeYears: jining.pricing.guaranteeYears ?? [1],
      Isshoufei: jining.order.feeCollection,
      fixedAgent: jining.order.fixedAgent ?? null,
      pageTemplate: jining.pageTemplate ?? 'standard',
    });
    expect(detail.guaranteeDetails.map((g) => g.planCode)).toEqual(jining.plans.map((p) => p.code));
    const weights = detail.guaranteeDetails[1]!.list.map((d) => d.weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    // channelNo defaults to edu.
    expectOk(await call(t.app, { method: 'GET', url: `${productCalls.productDetail.path}?id=${GUARDIAN}` }));
    expect((await call(t.app, { method: 'GET', url: `${productCalls.productDetail.path}?id=bad code` })).body.code).toBe('4000');
  });

  it('displays the plan combination as program items with risks and duties', async () => {
    const sold = withBuiltPlans(xuzhou);
    const display = expectShape<ProgramDisplay>(
      ProgramDisplay,
      await call(t.app, { method: 'POST', url: productCalls.programDisplay.path, payload: { productCode: XUZHOU } }),
    );
    expect(display).toMatchObject({ productCode: XUZHOU, productName: xuzhou.productName, projectCode: xuzhou.projectCode, projectName: xuzhou.projectName });
    expect(display.list.map((p) => [p.prodType, p.code, p.name])).toEqual(sold.plans.map((p) => ['program', p.code, p.name]));
    const top = display.list[2]!;
    const plan = sold.plans[2]!;
    expect(top.risk.map((r) => r.riskCode)).toEqual(plan.risks.map((r) => r.riskCode));
    expect(top.risk.flatMap((r) => r.list).length).toBe(plan.risks.flatMap((r) => r.duties).length);
    expect(top.riskCode).toBe(plan.risks[0].riskCode);
    expect(top.list.map((d) => d.weight)).toEqual([...top.list.map((d) => d.weight)].sort((a, b) => b - a));
    expect(display.list.map((p) => p.totalPremium)).toEqual(sold.plans.map((p) => p.premium));
    expect(display.factors).toEqual(
      xuzhou.pricing.factors.map((f) => ({
        prodType: 'factor',
        code: f.code,
        name: f.name,
        default: f.default,
        list: f.options.map((o) => ({ code: o.value, name: o.label })),
      })),
    );
    expect((await call(t.app, { method: 'POST', url: productCalls.programDisplay.path, payload: {} })).body.code).toBe('4000');
  });

  it('lists the protocols and notices with their groups, as escaped HTML', async () => {
    const list = expectShape<NotificationItem[]>(
      NotificationInfo,
      await call(t.app, { method: 'GET', url: `${productCalls.notificationInfo.path}?productCode=${GUARDIAN}` }),
    );
    expect(list.map((n) => [n.name, n.valueMark, n.order, n.displayNo, n.type, n.productCode])).toEqual(
      guardian.protocols.map((p, i) => [p.name, p.valueMark, i + 1, i + 1, 'html', GUARDIAN]),
    );
    expect(list.map((n) => n.notificationType)).toEqual(guardian.protocols.map((p) => p.notificationType ?? 1));
    for (const item of list) {
      expect(item.content).toMatch(/^<p>/);
      expect(item.content.replace(/<\/?p>|<br>/g, '')).not.toMatch(/[<>]/);
    }
  });

  it('gives the protocol documents as files, each served as an HTML page', async () => {
    const files = expectShape<ProductFile[]>(
      ProductFilePaths,
      await call(t.app, { method: 'GET', url: `${productCalls.productFilePaths.path}?productCode=${JINING}` }),
    );
    expect(files.map((f) => f.name)).toEqual(jining.protocols.map((p) => p.name));
    expect(files[0]!.url).toBe(`https://edu.example.cn/_gw/edu-svc/resNew/productFile/${JINING}/1`);
    for (const [i, file] of files.entries()) {
      const page = await t.app.inject({ method: 'GET', url: new URL(file.url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.body).toContain(`<h1>${jining.protocols[i]!.name}</h1>`);
      expect(page.body).not.toContain('<script');
    }
    const missing = await t.app.inject({ method: 'GET', url: `/_gw/edu-svc/resNew/productFile/${JINING}/99` });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('商品不存在或已下架');
  });

  it('lists every product code on sale for the edu channel', async () => {
    const codes = expectShape<string[]>(ValidProductCodes, await call(t.app, { method: 'GET', url: fillPath(productCalls.validProductCodes.path, { channel: 'edu' }) }));
    expect(codes).toEqual(expect.arrayContaining([XUZHOU, JINING, GUARDIAN]));
    expect(new Set(codes).size).toBe(codes.length);
    expect((await call(t.app, { method: 'GET', url: fillPath(productCalls.validProductCodes.path, { channel: 'web' }) })).body.code).toBe('4000');
  });

  it('answers 4004 商品不存在或已下架 for unknown products on every product call', async () => {
    const unknown = '99PR000000';
    const answers = [
      await call(t.app, { method: 'GET', url: `${productCalls.productDetail.path}?id=${unknown}` }),
      await call(t.app, { method: 'POST', url: productCalls.programDisplay.path, payload: { productCode: unknown } }),
      await call(t.app, { method: 'GET', url: `${productCalls.notificationInfo.path}?productCode=${unknown}` }),
      await call(t.app, { method: 'GET', url: `${productCalls.productFilePaths.path}?productCode=${unknown}` }),
      await call(t.app, { method: 'GET', url: `${fillPath(productCalls.productTypeState.path, { code: unknown })}?attrMark=ClassOfEduInsure` }),
    ];
    for (const answer of answers) expect(answer.body).toEqual({ code: '4004', msg: '商品不存在或已下架', data: null });
  });
});
