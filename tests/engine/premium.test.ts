import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../src/engine/manifest/index.ts';
import { computePremium, guaranteeYearsOf, offersGuaranteeYears, resolveGuaranteeYears, roundFen, selectPlan, yuanToFen } from '../../src/engine/pricing/premium.ts';
import { priceApplication } from '../../src/engine/pricing/price-application.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { MSG_AGE_BAND } from '../../src/engine/rules/messages.ts';

const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../manifests/${name}.json`, import.meta.url), 'utf8')) as ProductManifest;
const xuzhou = load('xuzhou-student-accident-2025');
const guardian = load('guanaibao-guardian');
const seriousIllness = load('huatai-serious-illness');

describe('computePremium', () => {
  it('prices the first plan with one copy and default factors by default', () => {
    const r = computePremium(xuzhou);
    expect(r).toMatchObject({ ok: true, totalPremium: 60, totalFen: 6000, copies: 1, factors: { socialSecurity: 'Y' } });
  });

  it('prices each Xuzhou 2025 plan by code and by index', () => {
    expect(computePremium(xuzhou, { planCode: 'XZ25-SJ' })).toMatchObject({ ok: true, totalPremium: 100 });
    expect(computePremium(xuzhou, { planIndex: 2 })).toMatchObject({ ok: true, totalPremium: 160 });
  });

  it('applies the social-security factor and rounds to 2 decimals', () => {
    expect(computePremium(xuzhou, { planCode: 'XZ25-JC', factors: { socialSecurity: 'N' } })).toMatchObject({
      ok: true,
      totalPremium: 72,
      totalFen: 7200,
    });
    const odd = structuredClone(xuzhou);
    odd.plans[0]!.premium = 33.33;
    expect(computePremium(odd, { factors: { socialSecurity: 'N' } })).toMatchObject({ totalPremium: 40, totalFen: 4000 });
  });

  it('multiplies by copies up to the manifest maximum', () => {
    expect(computePremium(guardian, { copies: 3 })).toMatchObject({ ok: true, totalPremium: 90 });
    expect(computePremium(guardian, { copies: 4 })).toEqual({ ok: false, message: '购买份数超出上限' });
    expect(computePremium(guardian, { copies: 0 })).toEqual({ ok: false, message: '购买份数超出上限' });
  });

  it('refuses unknown plans and factor values', () => {
    expect(computePremium(xuzhou, { planCode: 'NOPE' })).toEqual({ ok: false, message: '请选择保障方案' });
    expect(computePremium(xuzhou, { planIndex: 3 })).toEqual({ ok: false, message: '请选择保障方案' });
    expect(computePremium(xuzhou, { factors: { socialSecurity: 'X' } })).toEqual({ ok: false, message: '保费因子取值无效' });
    expect(computePremium(xuzhou, { factors: { age: '3' } })).toEqual({ ok: false, message: '保费因子取值无效' });
  });

  it('always yields a whole number of fen equal to 100 x the yuan amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 1, max: 3 }), (fen, copies) => {
        const m = structuredClone(guardian);
        m.plans[0]!.premium = fen / 100;
        const r = computePremium(m, { copies });
        if (!r.ok) return false;
        return Number.isInteger(r.totalFen) && r.totalFen === fen * copies && (r.totalFen / 100).toFixed(2) === r.totalPremium.toFixed(2);
      }),
    );
  });
});

describe('roundFen', () => {
  /** The rule as written before the fast path: 12 significant digits, then Math.round. */
  const decimalRound = (fen: number) => Math.round(Number(fen.toPrecision(12)));

  it('strips binary noise before rounding, at a half fen too', () => {
    expect(roundFen(6000 * 1.2)).toBe(7200);
    expect(roundFen(0.49999999999999994)).toBe(1);
    expect(roundFen(2.4999999999999996)).toBe(3);
    expect(roundFen(1.005 * 1000)).toBe(1005);
    expect(roundFen(12.5)).toBe(13);
    expect(roundFen(12.49)).toBe(12);
    expect(roundFen(3333 * 1.2)).toBe(4000);
  });

  it('equals the decimal rounding for every premium × multiplier × copies', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 10 }),
        (premiumFen, multiplierBp, copies) => {
          const fen = yuanToFen(premiumFen / 100) * (multiplierBp / 10_000) * copies;
          return roundFen(fen) === decimalRound(fen);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('equals the decimal rounding next to a half fen, where the fast path steps aside', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: -2_000, max: 2_000 }), (whole, ulps) => {
        const fen = whole + 0.5 + ulps * Number.EPSILON * Math.max(1, whole);
        return roundFen(fen) === decimalRound(fen);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('guarantee years', () => {
  it('reads the allowed years, [1] when the manifest lists none, the first being the default', () => {
    expect(guaranteeYearsOf(seriousIllness)).toEqual([1, 2, 3]);
    expect(offersGuaranteeYears(seriousIllness)).toBe(true);
    expect(offersGuaranteeYears(xuzhou)).toBe(false);
    const { guaranteeYears: _years, ...pricing } = xuzhou.pricing;
    const unlisted = { ...xuzhou, pricing };
    expect(guaranteeYearsOf(unlisted)).toEqual([1]);
    expect(resolveGuaranteeYears(seriousIllness)).toBe(1);
    expect(resolveGuaranteeYears(seriousIllness, 2)).toBe(2);
    expect(resolveGuaranteeYears(seriousIllness, 4)).toBeNull();
  });

  it('prices the one-year premium times the years', () => {
    const oneYear = computePremium(seriousIllness, { planCode: 'HTZJ-30', factors: { ageBand: '41-50' } });
    expect(oneYear).toMatchObject({ ok: true, years: 1, totalFen: 64800, totalPremium: 648 });
    expect(computePremium(seriousIllness, { planCode: 'HTZJ-30', factors: { ageBand: '41-50' }, years: 1 })).toEqual(oneYear);
    expect(computePremium(seriousIllness, { planCode: 'HTZJ-30', factors: { ageBand: '41-50' }, years: 2 })).toMatchObject({
      ok: true,
      years: 2,
      totalFen: 129600,
      totalPremium: 1296,
    });
    expect(computePremium(seriousIllness, { planCode: 'HTZJ-20', years: 3 })).toMatchObject({ ok: true, years: 3, totalPremium: 648 }); // 120 × 1.8 × 3
  });

  it('multiplies the one-year premium already rounded to the fen, so N years is exactly N one-year quotes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), fc.constantFrom('18-30', '31-40', '41-50', '51-55'), fc.constantFrom(1, 2, 3), (fen, ageBand, years) => {
        const m = structuredClone(seriousIllness);
        m.plans[0]!.premium = fen / 100;
        const one = computePremium(m, { factors: { ageBand } });
        const many = computePremium(m, { factors: { ageBand }, years });
        return one.ok && many.ok && many.totalFen === one.totalFen * years;
      }),
    );
  });

  it('refuses years the product does not allow with 保障年限无效', () => {
    for (const years of [0, 4, 1.5, -1]) {
      expect(computePremium(seriousIllness, { years })).toEqual({ ok: false, message: '保障年限无效' });
    }
    expect(computePremium(xuzhou, { years: 2 })).toEqual({ ok: false, message: '保障年限无效' });
    expect(priceApplication(seriousIllness, { planCode: 'HTZJ-20', insureYear: 5, insureds: [{}] })).toEqual({ ok: false, message: '保障年限无效' });
  });

  it('prices a whole application for the years of each insured', () => {
    expect(priceApplication(seriousIllness, { planCode: 'HTZJ-20', factors: { ageBand: '18-30' }, insureYear: 3, insureds: [{}] })).toMatchObject({
      ok: true,
      perInsuredFen: [36000],
      totalPremium: 360,
    });
  });
});

describe('selectPlan', () => {
  it('selects the first plan, or the given index when it exists', () => {
    expect(selectPlan(xuzhou).plan.name).toBe('基础版');
    expect(selectPlan(xuzhou, 1)).toMatchObject({ index: 1, plan: { name: '升级版' } });
    expect(selectPlan(xuzhou, 7).index).toBe(0);
  });
});

describe('priceApplication', () => {
  const student = { socialMedicalInsurance: 'N' };
  it('prices a factor bound to an insured field from the insured answer, not the detail-page choice', () => {
    const r = priceApplication(xuzhou, { planCode: 'XZ25-SJ', factors: { socialSecurity: 'Y' }, insureds: [student] });
    expect(r).toMatchObject({ ok: true, totalPremium: 120, factors: [{ socialSecurity: 'N' }] });
  });

  it('keeps the chosen value when the insured has not answered, and adds up several insureds', () => {
    const r = priceApplication(xuzhou, {
      planCode: 'XZ25-JC',
      factors: { socialSecurity: 'Y' },
      insureds: [{}, student],
    });
    expect(r).toMatchObject({ ok: true, perInsuredFen: [6000, 7200], totalFen: 13200, totalPremium: 132 });
  });

  it('refuses an answer that is not an option of the factor', () => {
    const r = priceApplication(xuzhou, { planCode: 'XZ25-JC', insureds: [{ socialMedicalInsurance: 'maybe' }] });
    expect(r).toEqual({ ok: false, message: '保费因子取值无效' });
  });

  it('prices a product without bound factors from the plan and copies alone', () => {
    expect(priceApplication(guardian, { planCode: 'GAB-A', copies: 2, insureds: [{}] })).toMatchObject({ totalPremium: 60 });
  });
});

describe('age-band factor (insuredAge)', () => {
  const serious = load('huatai-serious-illness');
  const coverStart = new Date('2026-03-10T16:00:00Z'); // 2026-03-11 00:00 Beijing
  const adult = (birthday: string) => ({ licenceType: '0', licenceNo: makeIdCard('320302', birthday, '031') });
  const multiplierOf = (value: string) => serious.pricing.factors.find((f) => f.code === 'ageBand')!.options.find((o) => o.value === value)!.multiplier;

  it("prices each insured in the band of their age on the cover start day, not the band chosen on the detail page", () => {
    const chosenYoung = { planCode: serious.plans[0]!.code, factors: { ageBand: '18-30' } };
    const fortyFive = priceApplication(serious, { ...chosenYoung, insureds: [adult('1980-06-01')] }, coverStart);
    const asChosen = priceApplication(serious, { ...chosenYoung, insureds: [{}] }, coverStart);
    expect(fortyFive).toMatchObject({ ok: true, factors: [{ ageBand: '41-50' }] });
    if (!fortyFive.ok || !asChosen.ok) throw new Error('priced');
    expect(fortyFive.totalFen / asChosen.totalFen).toBeCloseTo(multiplierOf('41-50') / multiplierOf('18-30'), 2);
  });

  it('moves to the next band on the birthday itself (Beijing day), and keeps the choice without a mainland ID', () => {
    const plan = { planCode: serious.plans[0]!.code, factors: { ageBand: '18-30' } };
    expect(priceApplication(serious, { ...plan, insureds: [adult('1995-03-11')] }, coverStart)).toMatchObject({ factors: [{ ageBand: '31-40' }] });
    expect(priceApplication(serious, { ...plan, insureds: [adult('1995-03-12')] }, coverStart)).toMatchObject({ factors: [{ ageBand: '18-30' }] });
    expect(priceApplication(serious, { ...plan, insureds: [{ licenceType: '1', licenceNo: 'E12345678' }] }, coverStart)).toMatchObject({
      factors: [{ ageBand: '18-30' }],
    });
  });

  it('reads the age from a mainland number under any type, and from the birthday given for other documents', () => {
    const plan = { planCode: serious.plans[0]!.code, factors: { ageBand: '18-30' } };
    const household = { ...adult('1980-06-01'), licenceType: '4' };
    expect(priceApplication(serious, { ...plan, insureds: [household] }, coverStart)).toMatchObject({ factors: [{ ageBand: '41-50' }] });
    const passport = { licenceType: '1', licenceNo: 'E12345678', birthday: '1980-06-01' };
    expect(priceApplication(serious, { ...plan, insureds: [passport] }, coverStart)).toMatchObject({ factors: [{ ageBand: '41-50' }] });
  });

  it('for an order, never keeps the chosen band: an unknown age or one in no band is refused', () => {
    const plan = { planCode: serious.plans[0]!.code, factors: { ageBand: '18-30' } };
    const orderPrice = (insured: object) => priceApplication(serious, { ...plan, insureds: [insured] }, coverStart, { agesFromPeople: true });
    expect(orderPrice({ licenceType: '1', licenceNo: 'E12345678' })).toEqual({ ok: false, message: MSG_AGE_BAND });
    expect(orderPrice({ licenceType: '1', licenceNo: 'E12345678', birthday: '1930-01-01' })).toEqual({ ok: false, message: MSG_AGE_BAND });
    expect(orderPrice({ licenceType: '1', licenceNo: 'E12345678', birthday: '1980-06-01' })).toMatchObject({ ok: true, factors: [{ ageBand: '41-50' }] });
  });
});
