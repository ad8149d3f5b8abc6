/**
 * The 苏州-shaped million-medical product of the test fixtures
 * (tests/fixtures/suzhou-catalogue/suzhou-million-medical.json: two plans
 * priced by a table of age band × social security, 出生满28天-25周岁, school
 * asked from 3 years) quoted by calpremiums and bought by submitOrder on the
 * server. The expected amounts are the manifest's table cells: 基础版 3-5周岁
 * 无社保 49800 fen (¥498), 升级版 6-25周岁 有社保 21800 fen (¥218); the refusal
 * is the manifest's minAgeDays 28 in the clause's words, 被保人须出生满28天.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFormInput } from '../../src/contract/order.ts';
import { productCalls } from '../../src/contract/product-calls.ts';
import type { ProductManifest } from '../../src/engine/manifest/index.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { createManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { backends, call, expectOk, getSerial, login, makeTestApp, postOrder, type Session, type TestApp } from './helpers.ts';

const SUZHOU = JSON.parse(readFileSync(new URL('../fixtures/suzhou-catalogue/suzhou-million-medical.json', import.meta.url), 'utf8')) as ProductManifest;
const CODE = SUZHOU.productCode;
/** The same product with the school optional at every age (optionalFields), under a code of its own. */
const OPTIONAL_SCHOOL = '99PR320599';
const optionalSchool: ProductManifest = {
  ...SUZHOU,
  id: 'suzhou-million-medical-optional-school',
  productCode: OPTIONAL_SCHOOL,
  routes: ['/suzhouMedicalOptionalSchoolDetails'],
  insure: { ...SUZHOU.insure, insured: { ...SUZHOU.insure.insured, fieldsFromAge: undefined, optionalFields: ['school'] } },
};

/** The server's clock: 2026-03-10 10:00 in Beijing; the cover starts the next day, 2026-03-11. */
const NOW = new Date('2026-03-10T10:00:00+08:00');

let sequence = 100;
const serial = () => String(sequence++ % 1000).padStart(3, '0');

/** An application for a child born on `birthday`, with the school fields of `child` on top. */
function form(plan: 'SZ-A' | 'SZ-B', birthday: string, child: Partial<ApplicationFormInput['insureds'][number]> = {}, productCode = CODE): ApplicationFormInput {
  return {
    productCode,
    planCode: plan,
    policyHolder: { name: '陈建华', licenceType: '0', licenceNo: makeIdCard('320505', '1988-05-20', serial()), phone: '13800001111' },
    insureds: [
      {
        relaToHolder: '03',
        name: '陈小禾',
        licenceType: '0',
        licenceNo: makeIdCard('320505', birthday, serial()),
        provinceCode: '320000',
        cityCode: '320500',
        countyCode: '320505',
        socialMedicalInsurance: 'Y',
        ...child,
      },
    ],
  };
}

const kindergarten = { schoolName: '苏州市实验幼儿园', schoolKind: 'edu_06', grade: 'K3', classAndGrade: '大一班' };
const primary = { schoolName: '苏州市平江实验学校', schoolKind: 'edu_07', grade: 'P4', classAndGrade: '2班' };

describe.each(backends)('the 苏州-shaped price-table product on the server (%s)', (backend) => {
  let t: TestApp;
  let parent: Session;
  beforeAll(async () => {
    t = await makeTestApp({ backend, manifests: createManifestStore([SUZHOU, optionalSchool]), now: () => NOW });
    parent = await login(t.app);
  }, 120_000);
  afterAll(async () => t?.close());

  const order = async (application: ApplicationFormInput) => (await postOrder(t.app, parent.token, { serial: await getSerial(t.app, parent.token), form: application })).body;
  const quote = async (programCode: string, ageBand: string, socialSecurity: string) =>
    expectOk(
      await call<{ totalPremium: number }>(t.app, {
        method: 'POST',
        url: productCalls.calPremiums.path,
        payload: [{ productCode: CODE, factorInfos: [{ factorCode: 'ageBand', factorValue: ageBand }, { factorCode: 'socialSecurity', factorValue: socialSecurity }], insuranceVOS: [{ programCode }] }],
      }),
    ).totalPremium;

  it('quotes the table cells: 基础版 3-5周岁 无社保 ¥498, 升级版 6-25周岁 有社保 ¥218, the youngest band ¥598', async () => {
    expect(await quote('SZ-A', '3-5', 'N')).toBe(498);
    expect(await quote('SZ-B', '6-25', 'Y')).toBe(218);
    expect(await quote('SZ-A', '0-2', 'Y')).toBe(598);
  });

  it('charges a 5-year-old without social security on 基础版 the table’s ¥498', async () => {
    const answer = await order(form('SZ-A', '2021-01-10', { ...kindergarten, socialMedicalInsurance: 'N' }));
    expect({ code: answer.code, msg: answer.msg }).toEqual({ code: '0000', msg: expect.any(String) });
    expect(answer.data?.body.order.amount).toBe(498);
  });

  it('charges a 10-year-old with social security on 升级版 the table’s ¥218', async () => {
    const answer = await order(form('SZ-B', '2016-01-10', { ...primary, socialMedicalInsurance: 'Y' }));
    expect(answer.code).toBe('0000');
    expect(answer.data?.body.order.amount).toBe(218);
  });

  it('refuses a baby 27 days old on the cover start with 被保人须出生满28天 and takes one 28 days old', async () => {
    // 2026-02-12 to 2026-03-11 is 27 days; 2026-02-11 is 28.
    expect(await order(form('SZ-A', '2026-02-12'))).toEqual({ code: '4001', msg: '被保人须出生满28天', data: null });
    const taken = await order(form('SZ-A', '2026-02-11'));
    expect(taken.code).toBe('0000');
    // The youngest band with social security: 59800 fen.
    expect(taken.data?.body.order.amount).toBe(598);
  });

  it('accepts an empty optional school, and a 2-year-old asked no school', async () => {
    // Where the school is compulsory (the fixture, from 3 years), a 10-year-old's empty school is refused.
    const required = await order(form('SZ-B', '2016-01-10', { ...primary, schoolName: '' }));
    expect(required.code).toBe('4001');
    const noSchool = await order(form('SZ-B', '2016-01-10', { ...primary, schoolName: '' }, OPTIONAL_SCHOOL));
    expect(noSchool.code).toBe('0000');
    expect(noSchool.data?.body.order.amount).toBe(218);
    // The fixture asks the school from 3 years (fieldsFromAge): a 2-year-old's form carries none.
    const toddler = await order(form('SZ-A', '2024-01-10', { socialMedicalInsurance: 'N' }));
    expect(toddler.code).toBe('0000');
    expect(toddler.data?.body.order.amount).toBe(698);
  });
});
