import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFormInput, PolicyList } from '../../src/contract/order.ts';
import type { ProductDetail } from '../../src/contract/product.ts';
import { coverPeriod } from '../../src/engine/cover/cover-period.ts';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { readManifest } from './catalogue-fixtures.ts';
import {
  backends,
  call,
  expectOk,
  getSerial,
  login,
  makeTestApp,
  orderDetail,
  postOrder,
  type Session,
  submitOrder,
  type TestApp,
  XUZHOU,
} from './helpers.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { productCalls } from '../../src/contract/product-calls.ts';

/** 华泰安康家长重大疾病保险: guaranteeYears [1, 2, 3], cover 12 months ending 00:00:00. */
const SERIOUS_ILLNESS = '20PR416508';
const seriousIllness: ProductManifest = readManifest('huatai-serious-illness');
/** 2025-03-10 10:00 in Beijing: cover starts 2025-03-11. */
const NOW = new Date('2025-03-10T02:00:00Z');
/** HTZJ-20 (¥120) × ageBand 31-40 (1.8, the default): ¥216.00 a year. */
const ONE_YEAR = 216;

let sequence = 0;
/** An adult application (the holder insures their spouse), fresh ID numbers on every call. */
function application(overrides: Partial<ApplicationFormInput> = {}): ApplicationFormInput {
  sequence += 1;
  const serial = String(sequence).padStart(3, '0');
  return {
    productCode: SERIOUS_ILLNESS,
    planCode: 'HTZJ-20',
    factors: { ageBand: '31-40' },
    policyHolder: { name: '王建国', licenceType: '0', licenceNo: makeIdCard('110105', '1986-04-12', serial), phone: '13800001111' },
    insureds: [{ relaToHolder: '01', name: '李芳', licenceType: '0', licenceNo: makeIdCard('110105', '1988-05-01', serial), email: 'lifang@example.com' }],
    // The product's health notice, every answer 否.
    healthAnswers: { disease: 'N', hypertension: 'N', hospital: 'N' },
    ...overrides,
  };
}

describe.each(backends)('guarantee years (%s)', (backend) => {
  let t: TestApp;
  let parent: Session;

  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => NOW });
    parent = await login(t.app);
  });
  afterAll(() => t.close());

  const quote = (extra: Record<string, unknown>, productCode = SERIOUS_ILLNESS, programCode = 'HTZJ-20') =>
    call<{ totalPremium: number }>(t.app, {
      method: 'POST',
      url: productCalls.calPremiums.path,
      payload: [{ productCode, insuranceVOS: [{ programCode }], ...extra }],
    });
  const policies = async () => expectOk(await call<PolicyList>(t.app, { method: 'POST', url: orderCalls.policyList.path, token: parent.token, payload: {} }));

  it('lists the allowed years on the detail attributes', async () => {
    const detail = expectOk(await call<ProductDetail>(t.app, { method: 'GET', url: `${productCalls.productDetail.path}?id=${SERIOUS_ILLNESS}` }));
    expect(detail.guaranteeYears).toEqual([1, 2, 3]);
  });

  it('quotes the one-year premium × insureYear, the first allowed value when absent', async () => {
    expect(expectOk(await quote({})).totalPremium).toBe(ONE_YEAR);
    expect(expectOk(await quote({ insureYear: 1 })).totalPremium).toBe(ONE_YEAR);
    expect(expectOk(await quote({ insureYear: 2 })).totalPremium).toBe(2 * ONE_YEAR);
    expect(expectOk(await quote({ insureYear: 3 })).totalPremium).toBe(3 * ONE_YEAR);
  });

  it('refuses years the product does not allow with 4001 保障年限无效, and years outside the contract with 4000', async () => {
    expect((await quote({ insureYear: 4 })).body).toEqual({ code: '4001', msg: '保障年限无效', data: null });
    // A one-term product allows 1 year only.
    expect((await quote({ insureYear: 2 }, XUZHOU, 'XZ25-JC')).body).toEqual({ code: '4001', msg: '保障年限无效', data: null });
    expect(expectOk(await quote({ insureYear: 1 }, XUZHOU, 'XZ25-JC')).totalPremium).toBe(60);
    expect((await quote({ insureYear: 31 })).body.code).toBe('4000');
    expect((await quote({ insureYear: 0 })).body.code).toBe('4000');
  });

  it('orders insureYear 3 at 3 × the one-year premium with a 3-year cover, whatever amount the client sends', async () => {
    const order = await submitOrder(t.app, parent.token, application({ insureYear: 3, totalPremium: ONE_YEAR }));
    expect(order.amount).toBe(3 * ONE_YEAR);
    expect(expectOk(await orderDetail(t.app, parent.token, order.orderCode)).amount).toBe(3 * ONE_YEAR);

    const three = coverPeriod(seriousIllness, NOW, 3);
    expect(three).toMatchObject({ startDate: '2025-03-11 00:00:00', endDate: '2028-03-11 00:00:00' });
    const listed = (await policies()).list.find((p) => p.orderCode === order.orderCode);
    expect(listed).toMatchObject({ premium: 3 * ONE_YEAR, startDate: three.startDate, endDate: three.endDate, status: 'toBePaid' });
  });

  it('orders one year when insureYear is absent, as before', async () => {
    const order = await submitOrder(t.app, parent.token, application());
    expect(order.amount).toBe(ONE_YEAR);
    const listed = (await policies()).list.find((p) => p.orderCode === order.orderCode);
    expect(listed).toMatchObject({ premium: ONE_YEAR, startDate: '2025-03-11 00:00:00', endDate: '2026-03-11 00:00:00' });
  });

  it('refuses an order for insureYear 4 with 4001 保障年限无效 and creates nothing', async () => {
    const before = (await policies()).total;
    const serial = await getSerial(t.app, parent.token);
    const refused = await postOrder(t.app, parent.token, { serial, form: application({ insureYear: 4 }) });
    expect(refused.body).toEqual({ code: '4001', msg: '保障年限无效', data: null });
    expect((await policies()).total).toBe(before);
  });

  it('charges the age band of the insured on the cover start day, whatever band the client sends', async () => {
    // 李芳 (born 1988-05-01) is 36 on 2025-03-11: band 31-40 (×1.8), even when the client claims 18-30.
    const cheaper = await submitOrder(t.app, parent.token, application({ factors: { ageBand: '18-30' } }));
    expect(cheaper.amount).toBe(ONE_YEAR);
    // A 45-year-old spouse is priced in band 41-50.
    const older = application({ factors: { ageBand: '18-30' } });
    older.insureds[0]!.licenceNo = makeIdCard('110105', '1979-05-01', String(900 + sequence));
    const band = seriousIllness.pricing.factors[0]!.options.find((o) => o.value === '41-50')!;
    expect((await submitOrder(t.app, parent.token, older)).amount).toBe(Math.round(120 * band.multiplier * 100) / 100);
  });
});
