/**
 * The confirm page's model (spec §2 "Insure and confirm", §5 confirm
 * messages): what the parent reads before 确认投保, masked, and the premium
 * the server will charge.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { regionChildren } from '../../../src/engine/regions/region-table.ts';
import { loadRegionLabels } from '../../../src/web/shared/api/regions.ts';
import type { InsureDraftLike, PlanChoice } from '../../../src/engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { makeIdCard } from '../../../src/engine/rules/id-card.ts';
import { buildConfirmModel, confirmBlocker, type ConfirmRow } from '../../../src/web/features/insure/renderers/confirm/confirm-model.ts';
import { guardian, guardianDraft, jining, jiningDraft, NOW, seriousIllness, seriousIllnessDraft, xuzhou, xuzhouDraft } from './fixtures.ts';

const XUZHOU_UPGRADE: PlanChoice = { planCode: 'XZ25-SJ', copies: 1, factors: { socialSecurity: 'Y' } };
const JINING_STANDARD: PlanChoice = { planCode: 'JN-A', copies: 1, factors: {} };
const GUARDIAN_PLAN: PlanChoice = { planCode: 'GAB-A', copies: 1, factors: {} };

const CONFIRM_FIRST = '请您先确认投保信息!';
const CONFIRM_INSURED_ID = '请您先确认被保人证件号信息!';

/** The value shown next to `label`, or undefined when the row is not shown. */
function shown(rows: readonly ConfirmRow[], label: string): string | undefined {
  return rows.find((row) => row.label === label)?.value;
}

/** Region names reach the page through getArea (here answered from the national table, as the server does); the confirm screen loads them first. */
beforeAll(async () => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const code = new URL(String(input), 'http://localhost').pathname.split('/').pop()!;
    const data = regionChildren(code).map((n) => ({ ...n, isLeaf: n.level === 'county' }));
    return new Response(JSON.stringify({ code: '0000', msg: '', data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  await loadRegionLabels(['320302', '370811']);
  vi.unstubAllGlobals();
});

describe('buildConfirmModel: what the confirm page shows', () => {
  it('shows the holder with the ID number masked to its first 3 and last 4 characters and the phone masked', () => {
    const model = buildConfirmModel(xuzhou, xuzhouDraft(), XUZHOU_UPGRADE, 100, NOW);
    expect(model.holder.title).toBe('投保人信息');
    expect(model.holder.rows).toEqual([
      { label: '姓名', value: '张伟' },
      { label: '证件类型', value: '身份证' },
      { label: '证件号码', value: '320***********0312' },
      { label: '手机号码', value: '138****5678' },
      { label: '性别', value: '男' },
      { label: '出生日期', value: '1985-03-12' },
    ]);
  });

  it('shows every field of the Xuzhou student with labels, not codes, in page order', () => {
    const model = buildConfirmModel(xuzhou, xuzhouDraft('N'), XUZHOU_UPGRADE, 100, NOW);
    expect(model.productName).toBe('徐州市学生平安保险（2025版）');
    expect(model.plan.name).toBe('升级版');
    expect(model.insureds).toHaveLength(1);
    expect(model.insureds[0]?.title).toBe('被保人信息');
    expect(model.insureds[0]?.rows).toEqual([
      { label: '与投保人关系', value: '子女' },
      { label: '姓名', value: '张小雨' },
      { label: '证件类型', value: '身份证' },
      { label: '证件号码', value: '320***********042X' },
      { label: '手机号码', value: '139****5678' },
      { label: '性别', value: '女' },
      { label: '出生日期', value: '2014-06-20' },
      { label: '学校名称', value: '徐州市青年路小学' },
      { label: '学校类型', value: '小学' },
      { label: '年级', value: '五年级' },
      { label: '班级', value: '3班' },
      { label: '有无社保', value: '否' },
      { label: '所在地区', value: '江苏省 徐州市 鼓楼区' },
    ]);
    expect(model.wards).toEqual([]);
  });

  it('never shows a full ID number or phone anywhere on the page', () => {
    const model = buildConfirmModel(xuzhou, xuzhouDraft(), XUZHOU_UPGRADE, 100, NOW);
    const everything = JSON.stringify([model.holder, model.insureds, model.wards]);
    expect(everything).not.toContain('320302198503120312');
    expect(everything).not.toContain('32030220140620042X');
    expect(everything).not.toContain('13812345678');
    expect(everything).not.toContain('13912345678');
  });

  it('shows the statutory beneficiary, one copy and the cover period from the manifest (Beijing dates)', () => {
    const model = buildConfirmModel(xuzhou, xuzhouDraft(), XUZHOU_UPGRADE, 100, NOW);
    expect(model.beneficiary).toBe('法定');
    expect(model.copies).toBe(1);
    expect(model.startDate).toBe('2025-06-02 00:00:00');
    expect(model.endDate).toBe('2026-06-01 23:59:59');

    // Jining's cover ends at 00:00:00 of the day after the last day.
    const jn = buildConfirmModel(jining, jiningDraft(), JINING_STANDARD, 50, NOW);
    expect(jn.startDate).toBe('2025-06-02 00:00:00');
    expect(jn.endDate).toBe('2026-06-02 00:00:00');
  });

  it('takes the order day in Beijing time: 00:30 Beijing on 2 June starts cover on 3 June', () => {
    const lateUtc = new Date('2025-06-01T16:30:00Z');
    const model = buildConfirmModel(xuzhou, xuzhouDraft(), XUZHOU_UPGRADE, 100, lateUtc);
    expect(model.startDate).toBe('2025-06-03 00:00:00');
    expect(model.endDate).toBe('2026-06-02 23:59:59');
    const beforeMidnight = buildConfirmModel(xuzhou, xuzhouDraft(), XUZHOU_UPGRADE, 100, new Date('2025-06-01T15:59:59Z'));
    expect(beforeMidnight.startDate).toBe('2025-06-02 00:00:00');
  });

  it('charges Xuzhou 升级版 ¥120 for an insured without social insurance, whatever the detail page quoted', () => {
    // The detail page quoted 100 with the default 有社保; the insured answered 无社保 on the form.
    expect(buildConfirmModel(xuzhou, xuzhouDraft('N'), XUZHOU_UPGRADE, 100, NOW).premium).toBe(120);
    expect(buildConfirmModel(xuzhou, xuzhouDraft('Y'), XUZHOU_UPGRADE, 100, NOW).premium).toBe(100);
    expect(buildConfirmModel(xuzhou, xuzhouDraft('Y'), { planCode: 'XZ25-HH', copies: 1, factors: { socialSecurity: 'Y' } }, null, NOW).premium).toBe(160);
  });

  it('keeps the quoted premium when the application cannot be priced, and blocks the order', () => {
    const model = buildConfirmModel(xuzhou, xuzhouDraft(), { planCode: 'NO-SUCH-PLAN', copies: 1, factors: {} }, 88, NOW);
    expect(model.premium).toBe(88);
    expect(model.blocker).toBe(CONFIRM_FIRST);
    // The page falls back to the first plan's name.
    expect(model.plan.name).toBe('基础版');
  });

  it('has no blocker for a complete, valid application', () => {
    expect(buildConfirmModel(xuzhou, xuzhouDraft(), XUZHOU_UPGRADE, 100, NOW).blocker).toBeNull();
    expect(buildConfirmModel(jining, jiningDraft(), JINING_STANDARD, 50, NOW).blocker).toBeNull();
    expect(buildConfirmModel(guardian, guardianDraft(), GUARDIAN_PLAN, 30, NOW).blocker).toBeNull();
  });

  it('shows the insured mobile when the product does not hide it, and hides it when manifest.confirm.hideInsuredMobile', () => {
    const withMobile = buildConfirmModel(xuzhou, xuzhouDraft(), XUZHOU_UPGRADE, 100, NOW);
    expect(shown(withMobile.insureds[0]?.rows ?? [], '手机号码')).toBe('139****5678');

    const hiding: ProductManifest = { ...xuzhou, confirm: { ...xuzhou.confirm, hideInsuredMobile: true } };
    const hidden = buildConfirmModel(hiding, xuzhouDraft(), XUZHOU_UPGRADE, 100, NOW);
    const rows = hidden.insureds[0]?.rows ?? [];
    expect(shown(rows, '手机号码')).toBeUndefined();
    expect(JSON.stringify(rows)).not.toContain('5678');
    // The holder's mobile is still shown.
    expect(shown(hidden.holder.rows, '手机号码')).toBe('138****5678');
  });

  it('leaves out fields the product does not ask (Jining: no school type, no social insurance, no insured phone given)', () => {
    const model = buildConfirmModel(jining, jiningDraft(), JINING_STANDARD, 50, NOW);
    expect(model.insureds[0]?.rows.map((r) => r.label)).toEqual([
      '与投保人关系',
      '姓名',
      '证件类型',
      '证件号码',
      '性别',
      '出生日期',
      '学校名称',
      '年级',
      '班级',
      '所在地区',
    ]);
    expect(shown(model.insureds[0]?.rows ?? [], '证件号码')).toBe('370***********0648');
    expect(shown(model.insureds[0]?.rows ?? [], '所在地区')).toBe('山东省 济宁市 任城区');
    expect(model.premium).toBe(50);
  });

  it('numbers the titles when several people are listed', () => {
    const draft = xuzhouDraft();
    const second = { ...draft.insureds[0], name: '张小雪', licenceNo: makeIdCard('320302', '2016-09-01', '028') };
    const model = buildConfirmModel(xuzhou, { ...draft, insureds: [...draft.insureds, second] }, XUZHOU_UPGRADE, 100, NOW);
    expect(model.insureds.map((p) => p.title)).toEqual(['被保人信息（1）', '被保人信息（2）']);
  });

  it('shows a mainland ID card only: no sex or birth date is derived from another document', () => {
    const draft = xuzhouDraft();
    const passportHolder = { ...draft, policyHolder: { ...draft.policyHolder, licenceType: '1', licenceNo: 'E12345678' } };
    const model = buildConfirmModel(xuzhou, passportHolder, XUZHOU_UPGRADE, 100, NOW);
    expect(model.holder.rows).toEqual([
      { label: '姓名', value: '张伟' },
      { label: '证件类型', value: '护照' },
      { label: '证件号码', value: 'E12**5678' },
      { label: '手机号码', value: '138****5678' },
    ]);
  });
});

describe('buildConfirmModel: the 关爱宝 guardian product', () => {
  const model = buildConfirmModel(guardian, guardianDraft(), GUARDIAN_PLAN, 30, NOW);

  it('insures the holder themself, without showing an insured mobile', () => {
    expect(model.insureds).toHaveLength(1);
    expect(model.insureds[0]?.rows).toEqual([
      { label: '与投保人关系', value: '本人' },
      { label: '姓名', value: '张伟' },
      { label: '证件类型', value: '身份证' },
      { label: '证件号码', value: '320***********0312' },
      { label: '性别', value: '男' },
      { label: '出生日期', value: '1985-03-12' },
    ]);
  });

  it('shows the ward (监护对象) masked', () => {
    expect(model.wards).toEqual([
      {
        title: '监护对象信息',
        rows: [
          { label: '与投保人关系', value: '子女' },
          { label: '姓名', value: '张小雨' },
          { label: '证件类型', value: '身份证' },
          { label: '证件号码', value: '320***********042X' },
          { label: '手机号码', value: '139****5678' },
          { label: '性别', value: '女' },
          { label: '出生日期', value: '2014-06-20' },
        ],
      },
    ]);
  });

  it('costs ¥30 and covers one year from tomorrow to 23:59:59', () => {
    expect(model.premium).toBe(30);
    expect(model.productName).toBe('关爱宝监护人责任保险');
    expect(model.startDate).toBe('2025-06-02 00:00:00');
    expect(model.endDate).toBe('2026-06-01 23:59:59');
  });

  it('orders the holder as the only insured (isHolder Y, relation 本人) with the child in wards', () => {
    expect(model.application.insureds).toEqual([
      { relaToHolder: '00', isHolder: 'Y', name: '张伟', licenceType: '0', licenceNo: '320302198503120312' },
    ]);
    expect(model.application.wards).toEqual([
      { relaToHolder: '03', name: '张小雨', licenceType: '0', licenceNo: '32030220140620042X', phone: '13912345678' },
    ]);
  });

  it('blocks a 17-year-old holder', () => {
    const minor = makeIdCard('320302', '2008-01-15', '031');
    expect(buildConfirmModel(guardian, guardianDraft(minor), GUARDIAN_PLAN, 30, NOW).blocker).toBe(CONFIRM_FIRST);
  });
});

describe('confirmBlocker: spec §5 confirm messages', () => {
  const application = (m: ProductManifest, draft: InsureDraftLike | null, choice: PlanChoice) =>
    buildConfirmModel(m, draft, choice, null, NOW).application;

  it('asks to confirm the application when nothing is stored', () => {
    expect(confirmBlocker(xuzhou, null, application(xuzhou, null, XUZHOU_UPGRADE), NOW)).toBe(CONFIRM_FIRST);
    expect(buildConfirmModel(xuzhou, null, XUZHOU_UPGRADE, 100, NOW).blocker).toBe(CONFIRM_FIRST);
  });

  it('asks to confirm the application when nobody is insured', () => {
    const draft = { ...xuzhouDraft(), insureds: [] };
    expect(buildConfirmModel(xuzhou, draft, XUZHOU_UPGRADE, 100, NOW).blocker).toBe(CONFIRM_FIRST);
  });

  it('asks to confirm the insured ID number when an insured has none (blank counts as none)', () => {
    for (const licenceNo of ['', '   ']) {
      const draft = xuzhouDraft();
      const insureds = [{ ...draft.insureds[0], licenceNo }];
      expect(buildConfirmModel(xuzhou, { ...draft, insureds }, XUZHOU_UPGRADE, 100, NOW).blocker).toBe(CONFIRM_INSURED_ID);
    }
    const noNumber = { ...xuzhouDraft(), insureds: [{ ...xuzhouDraft().insureds[0], licenceNo: undefined }] };
    expect(buildConfirmModel(xuzhou, noNumber, XUZHOU_UPGRADE, 100, NOW).blocker).toBe(CONFIRM_INSURED_ID);
  });

  it('asks to confirm the application for any other problem (a wrong phone, a missing school)', () => {
    const draft = xuzhouDraft();
    const badPhone = { ...draft, policyHolder: { ...draft.policyHolder, phone: '12345678901' } };
    expect(buildConfirmModel(xuzhou, badPhone, XUZHOU_UPGRADE, 100, NOW).blocker).toBe(CONFIRM_FIRST);
    const noSchool = { ...draft, insureds: [{ ...draft.insureds[0], schoolName: '' }] };
    expect(buildConfirmModel(xuzhou, noSchool, XUZHOU_UPGRADE, 100, NOW).blocker).toBe(CONFIRM_FIRST);
  });

  it('guardian template: the insured is the holder, so a holder without ID number lacks the insured ID', () => {
    expect(buildConfirmModel(guardian, guardianDraft(''), GUARDIAN_PLAN, 30, NOW).blocker).toBe(CONFIRM_INSURED_ID);
  });
});

describe('buildConfirmModel: guarantee years', () => {
  /** HTZJ-20 (¥120) × ageBand 31-40 (1.8): ¥216.00 a year. */
  const choice = (insureYear?: number): PlanChoice => ({
    planCode: 'HTZJ-20',
    copies: 1,
    factors: { ageBand: '31-40' },
    ...(insureYear !== undefined ? { insureYear } : {}),
  });

  it('shows 3 years, a cover ending three years on and 3 × the one-year premium', () => {
    const model = buildConfirmModel(seriousIllness, seriousIllnessDraft(), choice(3), 216, NOW);
    expect(model.blocker).toBeNull();
    expect(model.years).toBe(3);
    expect(model.startDate).toBe('2025-06-02 00:00:00');
    expect(model.endDate).toBe('2028-06-02 00:00:00');
    expect(model.premium).toBe(648);
    expect(model.application.insureYear).toBe(3);
  });

  it('shows the first allowed value when the choice carries none', () => {
    const model = buildConfirmModel(seriousIllness, seriousIllnessDraft(), choice(), null, NOW);
    expect(model).toMatchObject({ years: 1, endDate: '2026-06-02 00:00:00', premium: 216 });
    expect(model.application).not.toHaveProperty('insureYear');
  });

  it('blocks years the product does not allow', () => {
    const model = buildConfirmModel(seriousIllness, seriousIllnessDraft(), choice(4), 216, NOW);
    expect(model.blocker).toBe(CONFIRM_FIRST);
    expect(model.premium).toBe(216); // the quote: the engine refuses to price it
    expect(model.endDate).toBe('2026-06-02 00:00:00');
  });

  it('shows no years for a product with one term', () => {
    expect(buildConfirmModel(xuzhou, xuzhouDraft(), XUZHOU_UPGRADE, 100, NOW).years).toBeNull();
  });
});

describe('buildConfirmModel: the cover start the product states', () => {
  // NOW is 2025-06-01 10:00 Beijing.
  const withCover = (cover: Partial<ProductManifest['cover']>): ProductManifest => ({ ...jining, cover: { ...jining.cover, ...cover } });

  it('offers a picked start from tomorrow to 30 days ahead, opening on tomorrow', () => {
    const picked = withCover({ pickedStart: { fromDays: 1, toDays: 30 } });
    const model = buildConfirmModel(picked, jiningDraft(), JINING_STANDARD, null, NOW);
    expect(model.pick).toEqual({ first: '2025-06-02', last: '2025-07-01', day: '2025-06-02' });
    expect(model).toMatchObject({ startDate: '2025-06-02 00:00:00', endDate: '2026-06-02 00:00:00', coverNotes: null });
  });

  it('dates the cover from the picked day, and keeps a day outside the window on the first day', () => {
    const picked = withCover({ pickedStart: { fromDays: 1, toDays: 30 } });
    const last = buildConfirmModel(picked, jiningDraft(), JINING_STANDARD, null, NOW, '2025-07-01');
    expect(last).toMatchObject({ startDate: '2025-07-01 00:00:00', endDate: '2026-07-01 00:00:00', blocker: null });
    expect(last.pick?.day).toBe('2025-07-01');
    expect(buildConfirmModel(picked, jiningDraft(), JINING_STANDARD, null, NOW, '2025-07-02').pick?.day).toBe('2025-06-02');
  });

  it('says 支付成功次日零时起保 for a start the day after the payment, and has no picker', () => {
    const model = buildConfirmModel(withCover({ startFrom: 'paymentDay' }), jiningDraft(), JINING_STANDARD, null, NOW);
    expect(model.coverNotes).toEqual({ start: '支付成功次日零时起保', end: '自起保日起1年' });
    expect(model.pick).toBeNull();
  });

  it('shows the dates of a start the order fixes', () => {
    const model = buildConfirmModel(jining, jiningDraft(), JINING_STANDARD, null, NOW);
    expect(model).toMatchObject({ startDate: '2025-06-02 00:00:00', coverNotes: null, pick: null });
  });
});
