import type { QuoteRequest } from '../../../../../contract/product.ts';
import type { Plan, ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { computePremium, guaranteeYearsOf, offersGuaranteeYears, selectPlan } from '../../../../../engine/pricing/premium.ts';
import { CHANNEL_NO } from '../../../../../engine/rules/enums.ts';
import type { PlanMsg } from '../../state/insure-draft.ts';
import { scaleShowValue } from './show-value.ts';

export { scaleShowValue } from './show-value.ts';

/** What the parent has chosen on the detail page. */
export interface PlanSelection {
  planIndex: number;
  /** Factor code → option value, one entry per pricing factor. */
  factors: Record<string, string>;
  copies: number;
  /** Guarantee years (保障年限), one of the product's guaranteeYears; the first unless the parent chose another. */
  years: number;
}

/** Every factor at its saved value when that value is still offered, else at its default. */
function factorsFrom(manifest: ProductManifest, saved: Readonly<Record<string, string>> = {}): Record<string, string> {
  const factors: Record<string, string> = {};
  for (const factor of manifest.pricing.factors) {
    const value = saved[factor.code];
    factors[factor.code] = value !== undefined && factor.options.some((o) => o.value === value) ? value : factor.default;
  }
  return factors;
}

/** The saved guarantee years when the product still allows them, else its first allowed value. */
function yearsFrom(manifest: ProductManifest, saved?: number): number {
  const allowed = guaranteeYearsOf(manifest);
  return saved !== undefined && allowed.includes(saved) ? saved : allowed[0]!;
}

/**
 * The selection on creation (spec §4 Plan selection): the saved planMsg when
 * it is for this product (its plan found by code, else by index), otherwise
 * the first plan, default factors, one copy and the first allowed guarantee years.
 */
export function initialSelection(manifest: ProductManifest, saved: PlanMsg | null): PlanSelection {
  if (!saved || saved.productCode !== manifest.productCode) {
    return { planIndex: 0, factors: factorsFrom(manifest), copies: 1, years: yearsFrom(manifest) };
  }
  const byCode = manifest.plans.findIndex((p) => p.code === saved.planCode);
  const { index } = selectPlan(manifest, byCode >= 0 ? byCode : saved.planIndex);
  const copies = Number.isInteger(saved.copies) ? Math.min(Math.max(saved.copies, 1), manifest.pricing.maxCopies) : 1;
  return { planIndex: index, factors: factorsFrom(manifest, saved.factors), copies, years: yearsFrom(manifest, saved.years) };
}

/**
 * The guarantee years as requests carry them (`insureYear` of the quote and
 * the order): only for a product that lets the parent choose, so that a
 * one-term product's requests stay as they were.
 */
export function insureYearOf(manifest: ProductManifest, selection: Pick<PlanSelection, 'years'>): { insureYear?: number } {
  return offersGuaranteeYears(manifest) ? { insureYear: selection.years } : {};
}

/** The premium computed locally by the engine (the same code the server runs); null if the selection is invalid. */
export function localPremium(manifest: ProductManifest, selection: PlanSelection): number | null {
  const result = computePremium(manifest, {
    planIndex: selection.planIndex,
    factors: selection.factors,
    copies: selection.copies,
    years: selection.years,
  });
  return result.ok ? result.totalPremium : null;
}

/** The getPrem request of spec §3 for a selection. */
export function buildQuoteRequest(manifest: ProductManifest, selection: PlanSelection): QuoteRequest {
  const { plan } = selectPlan(manifest, selection.planIndex);
  return {
    productCode: manifest.productCode,
    buyCopies: selection.copies,
    channelNo: CHANNEL_NO,
    renewalStatus: 1,
    ...insureYearOf(manifest, selection),
    factorInfos: Object.entries(selection.factors).map(([factorCode, factorValue]) => ({ factorCode, factorValue })),
    insuranceVOS: [{ count: 1, programCode: plan.code, riskBeans: plan.risks.map((r) => ({ riskCode: r.riskCode })) }],
  };
}

/** The planMsg saved for the insure and confirm pages. */
export function toPlanMsg(manifest: ProductManifest, selection: PlanSelection, quoted: number | null): PlanMsg {
  const { plan, index } = selectPlan(manifest, selection.planIndex);
  return {
    productCode: manifest.productCode,
    planIndex: index,
    planCode: plan.code,
    planName: plan.name,
    copies: selection.copies,
    factors: { ...selection.factors },
    years: selection.years,
    totalPremium: quoted,
  };
}

export interface GuaranteeRow {
  key: string;
  limitName: string;
  showValue: string;
  riskName: string;
}

/** The guarantee table of a plan: every duty of every risk, heaviest weight first. */
export function guaranteeRows(plan: Plan, copies: number): GuaranteeRow[] {
  return plan.risks
    .flatMap((risk) =>
      risk.duties.map((duty) => ({
        key: `${risk.riskCode}-${duty.code}`,
        limitName: duty.limitName,
        showValue: scaleShowValue(duty.showValue, copies),
        riskName: risk.riskName,
        weight: duty.weight,
      })),
    )
    .sort((a, b) => b.weight - a.weight)
    .map(({ weight: _weight, ...row }) => row);
}

/** Spec §9: a limit name over 20 characters scrolls in a notice bar. */
export function needsNoticeBar(limitName: string): boolean {
  return Array.from(limitName).length > 20;
}
