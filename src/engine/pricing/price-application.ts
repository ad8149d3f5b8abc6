import type { ProductManifest } from '../manifest/manifest-types.generated.ts';

/** Insure-form fields a pricing factor can be bound to. */
type InsuredField = NonNullable<ProductManifest['pricing']['factors'][number]['insuredField']>;
/** An insured as far as pricing is concerned: their answers to bound fields. */
export type PricedInsured = Readonly<Partial<Record<InsuredField, string>>>;
import { computePremium, fenToYuan, type PremiumInput } from './premium.ts';

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

/**
 * Factor values for one insured: a factor bound to an insure-form field
 * (`insuredField`) takes the insured's answer when given; the others keep the
 * choice made on the detail page.
 */
export function factorsForInsured(
  manifest: ProductManifest,
  chosen: Readonly<Record<string, string>> | undefined,
  insured: PricedInsured | undefined,
): Record<string, string> {
  const factors: Record<string, string> = { ...chosen };
  for (const factor of manifest.pricing.factors) {
    const answer = factor.insuredField ? insured?.[factor.insuredField] : undefined;
    if (typeof answer === 'string' && answer !== '') factors[factor.code] = answer;
  }
  return factors;
}

/**
 * Premium of a whole application: each insured is priced with the plan,
 * copies, guarantee years and their own factor values, and the premiums add up. The server
 * charges this amount; the confirm page shows it.
 */
export function priceApplication(manifest: ProductManifest, form: PricedApplication): ApplicationPrice {
  const perInsuredFen: number[] = [];
  const factors: Record<string, string>[] = [];
  const insureds = form.insureds.length > 0 ? form.insureds : [undefined];
  for (const insured of insureds) {
    const input: PremiumInput = {
      planCode: form.planCode,
      factors: factorsForInsured(manifest, form.factors, insured),
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
