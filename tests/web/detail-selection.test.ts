import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import {
  buildQuoteRequest,
  guaranteeRows,
  initialSelection,
  localPremium,
  needsNoticeBar,
  scaleShowValue,
  toPlanMsg,
} from '../../src/web/features/insure/renderers/detail/selection.ts';

const load = (name: string) => JSON.parse(readFileSync(new URL(`../../manifests/${name}.json`, import.meta.url), 'utf8')) as ProductManifest;
const xuzhou = load('xuzhou-student-accident-2025');
const seriousIllness = load('huatai-serious-illness');

describe('initialSelection', () => {
  it('selects the first plan, default factors and one copy without a saved planMsg', () => {
    expect(initialSelection(xuzhou, null)).toEqual({ planIndex: 0, factors: { socialSecurity: 'Y' }, copies: 1, years: 1 });
  });

  it('restores the saved plan of the same product, found by code', () => {
    const saved = { ...toPlanMsg(xuzhou, { planIndex: 1, factors: { socialSecurity: 'N' }, copies: 1, years: 1 }, 120), planIndex: 0 };
    expect(initialSelection(xuzhou, saved)).toEqual({ planIndex: 1, factors: { socialSecurity: 'N' }, copies: 1, years: 1 });
  });

  it('ignores a planMsg of another product and drops factor values no longer offered', () => {
    const other = { ...toPlanMsg(xuzhou, { planIndex: 2, factors: {}, copies: 1, years: 1 }, null), productCode: 'OTHER' };
    expect(initialSelection(xuzhou, other).planIndex).toBe(0);
    const stale = { ...toPlanMsg(xuzhou, { planIndex: 2, factors: {}, copies: 5, years: 1 }, null), factors: { socialSecurity: 'X' } };
    expect(initialSelection(xuzhou, stale)).toEqual({ planIndex: 2, factors: { socialSecurity: 'Y' }, copies: 1, years: 1 });
  });
});

describe('premium and quote', () => {
  it('prices 升级版 at ¥100.00 with social security and applies the factor multiplier', () => {
    expect(localPremium(xuzhou, { planIndex: 1, factors: { socialSecurity: 'Y' }, copies: 1, years: 1 })).toBe(100);
    expect(localPremium(xuzhou, { planIndex: 1, factors: { socialSecurity: 'N' }, copies: 1, years: 1 })).toBe(120);
  });

  it('builds the getPrem request of the selected plan', () => {
    expect(buildQuoteRequest(xuzhou, { planIndex: 1, factors: { socialSecurity: 'N' }, copies: 1, years: 1 })).toEqual({
      productCode: '25PR320300',
      buyCopies: 1,
      channelNo: 'edu',
      renewalStatus: 1,
      factorInfos: [{ factorCode: 'socialSecurity', factorValue: 'N' }],
      insuranceVOS: [{ count: 1, programCode: 'XZ25-SJ', riskBeans: [{ riskCode: '2701' }, { riskCode: '2703' }, { riskCode: '2702' }] }],
    });
  });
});

describe('guarantee years', () => {
  const threeYears = { planIndex: 1, factors: { ageBand: '18-30' }, copies: 1, years: 3 };

  it('starts at the first allowed value and restores a saved choice the product still allows', () => {
    expect(initialSelection(seriousIllness, null).years).toBe(1);
    expect(toPlanMsg(seriousIllness, threeYears, 540)).toMatchObject({ planCode: 'HTZJ-30', years: 3, totalPremium: 540 });
    expect(initialSelection(seriousIllness, toPlanMsg(seriousIllness, threeYears, 540)).years).toBe(3);
    const stale = { ...toPlanMsg(seriousIllness, threeYears, null), years: 4 };
    expect(initialSelection(seriousIllness, stale).years).toBe(1);
    // A planMsg saved before the choice existed has no years.
    const { years: _years, ...old } = toPlanMsg(seriousIllness, threeYears, null);
    expect(initialSelection(seriousIllness, old).years).toBe(1);
  });

  it('prices the one-year premium × the years and sends insureYear when the product offers a choice', () => {
    expect(localPremium(seriousIllness, { ...threeYears, years: 1 })).toBe(180);
    expect(localPremium(seriousIllness, threeYears)).toBe(540);
    expect(buildQuoteRequest(seriousIllness, threeYears)).toMatchObject({ productCode: '20PR416508', insureYear: 3 });
  });

  it('leaves insureYear out of the quote of a one-term product', () => {
    expect(buildQuoteRequest(xuzhou, { planIndex: 0, factors: {}, copies: 1, years: 1 })).not.toHaveProperty('insureYear');
  });
});

describe('guarantee table', () => {
  it('lists every duty of the plan, heaviest weight first', () => {
    const rows = guaranteeRows(xuzhou.plans[2]!, 1);
    expect(rows.map((r) => r.limitName)).toEqual([
      '意外身故、伤残',
      '意外伤害医疗（含门急诊、住院）',
      '疾病住院医疗',
      '重大疾病保险金（首次确诊30种重大疾病）',
      '意外住院津贴',
    ]);
  });

  it('scales amounts in 万 and 元/天 by the copies and leaves other values alone', () => {
    expect(scaleShowValue('10万元', 2)).toBe('20万元');
    expect(scaleShowValue('1.5万', 3)).toBe('4.5万');
    expect(scaleShowValue('80元/天', 2)).toBe('160元/天');
    expect(scaleShowValue('100%', 2)).toBe('100%');
    expect(scaleShowValue('10万元', 1)).toBe('10万元');
  });

  it('scrolls limit names longer than 20 characters', () => {
    expect(needsNoticeBar('一二三四五六七八九十一二三四五六七八九十')).toBe(false);
    expect(needsNoticeBar('一二三四五六七八九十一二三四五六七八九十一')).toBe(true);
  });
});
