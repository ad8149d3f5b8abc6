import type { ProductManifest } from '../manifest/manifest-types.generated.ts';
import { ageInFullYears, parseIdCard } from '../rules/id-card.ts';
import { computePremium, fenToYuan, type PremiumInput } from './premium.ts';

/** Insure-form fields a pricing factor can be bound to. */
type InsuredField = NonNullable<ProductManifest['pricing']['factors'][number]['insuredField']>;

/**
 * An insured as far as pricing is concerned: their answers to bound fields,
 * and their ID document, from which an age-band factor reads the age.
 */
export type PricedInsured = Readonly<Partial<Record<InsuredField, string>>> & {
  readonly licenceType?: string;
  readonly licenceNo?: string;
};

/** The parts of an application that decide its price. */
export interface PricedApplication {
  planCode: string;
  copies?: number;
  factors?: Readonly<Record<string, string>>;
  /** Guarantee years; the product's first allowed value when absent. */
  insureYear?: number;
  insureds: readonly PricedInsured[];
}

export type ApplicationPrice =
  | { ok: true; totalFen: number; totalPremium: number; perInsuredFen: number[]; factors: Record<string, string>[] }
  | { ok: false; message: string };

/** Age in full years on `on` from a mainland ID number; null for other documents or an invalid number. */
function ageFromId(insured: PricedInsured | undefined, on: Date): number | null {
  if (insured?.licenceType !== '0' || !insured.licenceNo) return null;
  const parsed = parseIdCard(insured.licenceNo, on);
  return parsed.ok ? ageInFullYears(parsed.birthday, on) : null;
}

/**
 * Factor values for one insured. A factor bound to an insure-form field
 * (`insuredField`) takes the insured's answer when given; an age-band factor
 * (`insuredAge`) takes the band holding the insured's age on the cover start
 * day when a mainland ID number gives it; the others keep the choice made on
 * the detail page.
 */
export function factorsForInsured(
  manifest: ProductManifest,
  chosen: Readonly<Record<string, string>> | undefined,
  insured: PricedInsured | undefined,
  coverStart: Date,
): Record<string, string> {
  const factors: Record<string, string> = { ...chosen };
  for (const factor of manifest.pricing.factors) {
    const answer = factor.insuredField ? insured?.[factor.insuredField] : undefined;
    if (typeof answer === 'string' && answer !== '') factors[factor.code] = answer;
    if (factor.insuredAge) {
      const age = ageFromId(insured, coverStart);
      const band = age === null ? undefined : factor.options.find((o) => o.ageBetween && age >= o.ageBetween[0] && age <= o.ageBetween[1]);
      if (band) factors[factor.code] = band.value;
    }
  }
  return factors;
}

/**
 * Premium of a whole application: each insured is priced with the plan,
 * copies, guarantee years and their own factor values (answers and age band
 * on `coverStart`), and the premiums add up. The server charges this amount;
 * the insure and confirm pages show it.
 */
export function priceApplication(manifest: ProductManifest, form: PricedApplication, coverStart: Date = new Date()): ApplicationPrice {
  const perInsuredFen: number[] = [];
  const factors: Record<string, string>[] = [];
  const insureds = form.insureds.length > 0 ? form.insureds : [undefined];
  for (const insured of insureds) {
    const input: PremiumInput = {
      planCode: form.planCode,
      factors: factorsForInsured(manifest, form.factors, insured, coverStart),
      ...(form.copies !== undefined ? { copies: form.copies } : {}),
      ...(form.insureYear !== undefined ? { years: form.insureYear } : {}),
    };
    const result = computePremium(manifest, input);
    if (!result.ok) return result;
    perInsuredFen.push(result.totalFen);
    factors.push(result.factors);
  }
  const totalFen = perInsuredFen.reduce((sum, fen) => sum + fen, 0);
  return { ok: true, totalFen, totalPremium: fenToYuan(totalFen), perInsuredFen, factors };
}
