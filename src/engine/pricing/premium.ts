import type { Plan, ProductManifest } from '../manifest/manifest-types.generated.ts';
import { MSG_GUARANTEE_YEARS } from '../rules/messages.ts';
import { fenToYuan, yuanToFen } from './money.ts';

/** What a quote or an order asks to price. */
export interface PremiumInput {
  /** Plan by code; wins over planIndex. */
  planCode?: string;
  /** Plan by position; the first plan when neither is given. */
  planIndex?: number;
  /** Copies bought, 1 by default (spec §9). */
  copies?: number;
  /** Factor code → chosen option value; missing factors take their default. */
  factors?: Readonly<Record<string, string>>;
  /**
   * Guarantee years (保障年限, spec §3 Insured.insureYear), one of
   * `pricing.guaranteeYears`; the first allowed value by default.
   */
  years?: number;
}

export type PremiumResult =
  | { ok: true; plan: Plan; copies: number; years: number; factors: Record<string, string>; totalFen: number; totalPremium: number }
  | { ok: false; message: string };

/** Spec §9: the guarantee years a product allows when its manifest lists none. */
export const DEFAULT_GUARANTEE_YEARS: readonly number[] = [1];

/** The guarantee years a product allows, ascending (spec §9: [1] by default); the first is the default choice. */
export function guaranteeYearsOf(manifest: ProductManifest): readonly number[] {
  const years = manifest.pricing.guaranteeYears;
  return years && years.length > 0 ? years : DEFAULT_GUARANTEE_YEARS;
}

/**
 * Whether the parent chooses the guarantee years: more than one is allowed.
 * Only then does the detail page show the 保障年限 picker, the confirm page
 * its 保障年限 row, and the quote and the order carry `insureYear`.
 */
export function offersGuaranteeYears(manifest: ProductManifest): boolean {
  return guaranteeYearsOf(manifest).length > 1;
}

/** The guarantee years asked for (the first allowed value when none is), or null when the product does not allow them. */
export function resolveGuaranteeYears(manifest: ProductManifest, years?: number): number | null {
  const allowed = guaranteeYearsOf(manifest);
  const asked = years ?? allowed[0]!;
  return allowed.includes(asked) ? asked : null;
}

export { fenToYuan, yuanToFen } from './money.ts';

/**
 * Fen rounded to a whole fen, binary noise stripped first (6000 × 1.2 = 7200.000000000001; 0.5 written as
 * 0.49999999999999994): the value to 12 significant digits, then `Math.round`. That differs from `Math.round`
 * of the raw value only next to a half fen, where the 12-digit value may land on the other side, so only there
 * is the decimal round trip (the number printed and parsed back, on every quote and order) made.
 */
export function roundFen(fen: number): number {
  const fraction = fen - Math.floor(fen);
  // 12 significant digits move a value by at most half a unit of its 12th digit: |fen| × 5e-12.
  if (Math.abs(fraction - 0.5) > Math.abs(fen) * 1e-11 + 1e-12) return Math.round(fen);
  return Math.round(Number(fen.toPrecision(12)));
}

/**
 * Plan selection (spec §4): the plan at `index`, else the first plan.
 * An index out of range falls back to the first plan, as the picker does.
 */
export function selectPlan(manifest: ProductManifest, index?: number): { plan: Plan; index: number } {
  const i = index !== undefined && Number.isInteger(index) && index >= 0 && index < manifest.plans.length ? index : 0;
  // plans has minItems 1 in the schema.
  return { plan: manifest.plans[i]!, index: i };
}

/** A table cell's key: the plan, then each factor's value in the manifest's factor order. */
function cellKey(manifest: ProductManifest, planCode: string, when: Readonly<Record<string, string>>): string {
  return JSON.stringify([planCode, ...manifest.pricing.factors.map((f) => when[f.code] ?? null)]);
}

const tables = new WeakMap<ProductManifest, Map<string, number>>();

/** The manifest's price table by cell key (built once per manifest; the first cell of a repeated key wins). */
function tableOf(manifest: ProductManifest): Map<string, number> {
  let table = tables.get(manifest);
  if (!table) {
    table = new Map();
    for (const cell of manifest.pricing.table ?? []) {
      const key = cellKey(manifest, cell.plan, cell.when);
      if (!table.has(key)) table.set(key, cell.premiumFen);
    }
    tables.set(manifest, table);
  }
  return table;
}

/** The lowest one-copy premium of a plan, in fen: its lowest table cell, or its premium with every factor (and the guarantee years) at its default. */
export function lowestPremiumFen(manifest: ProductManifest, planCode: string): number | null {
  if (manifest.pricing.table) {
    const cells = manifest.pricing.table.filter((c) => c.plan === planCode).map((c) => c.premiumFen);
    return cells.length > 0 ? Math.min(...cells) : null;
  }
  const priced = computePremium(manifest, { planCode });
  return priced.ok ? priced.totalFen : null;
}

/**
 * Computes the premium from the manifest: plan premium x every factor's
 * multiplier x copies, rounded to the fen (2 decimals, spec §9), or the
 * price table's cell of the plan and options x copies; times the
 * guarantee years (the one-year premium for each year of cover). Both the
 * server (which never trusts a client amount) and the web app call this.
 */
export function computePremium(manifest: ProductManifest, input: PremiumInput = {}): PremiumResult {
  let plan: Plan | undefined;
  if (input.planCode !== undefined) {
    plan = manifest.plans.find((p) => p.code === input.planCode);
    if (!plan) return { ok: false, message: '请选择保障方案' };
  } else if (input.planIndex !== undefined) {
    plan = manifest.plans[input.planIndex];
    if (!plan) return { ok: false, message: '请选择保障方案' };
  } else {
    plan = selectPlan(manifest).plan;
  }
  const copies = input.copies ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || copies > manifest.pricing.maxCopies) {
    return { ok: false, message: '购买份数超出上限' };
  }
  const years = resolveGuaranteeYears(manifest, input.years);
  if (years === null) return { ok: false, message: MSG_GUARANTEE_YEARS };
  const given = input.factors ?? {};
  for (const code of Object.keys(given)) {
    if (!manifest.pricing.factors.some((f) => f.code === code)) return { ok: false, message: '保费因子取值无效' };
  }
  let multiplier = 1;
  const factors: Record<string, string> = {};
  for (const factor of manifest.pricing.factors) {
    const value = given[factor.code] ?? factor.default;
    const option = factor.options.find((o) => o.value === value);
    if (!option) return { ok: false, message: '保费因子取值无效' };
    factors[factor.code] = value;
    multiplier *= option.multiplier;
  }
  let oneYearFen: number;
  if (manifest.pricing.table) {
    // A price table: the cell of the plan and the chosen options (the checker makes sure there is exactly one).
    const cellFen = tableOf(manifest).get(cellKey(manifest, plan.code, factors));
    if (cellFen === undefined) return { ok: false, message: '保费因子取值无效' };
    oneYearFen = cellFen * copies;
  } else {
    oneYearFen = roundFen(yuanToFen(plan.premium) * multiplier * copies);
  }
  // Each year costs exactly the one-year premium, so N years is N times what a one-year quote shows.
  const totalFen = oneYearFen * years;
  return { ok: true, plan, copies, years, factors, totalFen, totalPremium: fenToYuan(totalFen) };
}
