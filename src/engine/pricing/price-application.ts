import type { ProductManifest } from '../manifest/manifest-types.generated.ts';
import { MSG_AGE_BAND } from '../rules/messages.ts';
import { personAge } from '../rules/person.ts';
import { computePremium, fenToYuan, type PremiumInput } from './premium.ts';

/** Insure-form fields a pricing factor can be bound to. */
type InsuredField = NonNullable<ProductManifest['pricing']['factors'][number]['insuredField']>;

/**
 * An insured as far as pricing is concerned: their answers to bound fields,
 * and their document (a mainland number, or another document with the
 * birthday given), from which an age-band factor reads the age.
 */
export type PricedInsured = Readonly<Partial<Record<InsuredField, string>>> & {
  readonly licenceType?: string;
  readonly licenceNo?: string;
  readonly birthday?: string;
};

/** The parts of an application that decide its price. */
export interface PricedApplication {
  planCode: string;
  copies?: number;
  factors?: Readonly<Record<string, string>>;
  /** Guarantee years; the product's first allowed value when absent. */
  insureYear?: number;
  insureds: readonly PricedInsured[];
  /** Guardian products: the wards, whose age a `wardAge` factor reads. */
  wards?: readonly PricedInsured[];
}

export type ApplicationPrice =
  | { ok: true; totalFen: number; totalPremium: number; perInsuredFen: number[]; factors: Record<string, string>[] }
  | { ok: false; message: string };

/** Age in full years on `on`: from a mainland number under any type, else from the birthday given; null when unknown. */
function ageOf(insured: PricedInsured | undefined, on: Date): number | null {
  if (!insured?.licenceType || !insured.licenceNo) return null;
  return personAge({ licenceType: insured.licenceType, licenceNo: insured.licenceNo, birthday: insured.birthday }, on);
}

/** The age band of `factor` holding the insured's age on `coverStart`: its value, null when no band holds it, undefined when the age is unknown. */
function bandOf(factor: ProductManifest['pricing']['factors'][number], insured: PricedInsured | undefined, coverStart: Date): string | null | undefined {
  const age = ageOf(insured, coverStart);
  if (age === null) return undefined;
  return factor.options.find((o) => o.ageBetween && age >= o.ageBetween[0] && age <= o.ageBetween[1])?.value ?? null;
}

/**
 * Factor values for one insured. A factor bound to an insure-form field
 * (`insuredField`) takes the insured's answer when given; an age-band factor
 * takes the band holding the age on the cover start day of the insured
 * (`insuredAge`) or of the first ward (`wardAge`) when the person's document
 * or birthday gives it; the others keep the choice made on the detail page.
 */
export function factorsForInsured(
  manifest: ProductManifest,
  chosen: Readonly<Record<string, string>> | undefined,
  insured: PricedInsured | undefined,
  coverStart: Date,
  ward?: PricedInsured,
): Record<string, string> {
  const factors: Record<string, string> = { ...chosen };
  for (const factor of manifest.pricing.factors) {
    const answer = factor.insuredField ? insured?.[factor.insuredField] : undefined;
    if (typeof answer === 'string' && answer !== '') factors[factor.code] = answer;
    if (factor.insuredAge || factor.wardAge) {
      const band = bandOf(factor, factor.wardAge ? ward : insured, coverStart);
      if (band) factors[factor.code] = band;
    }
  }
  return factors;
}

/** With the people's ages decisive: every age-band factor finds its people's band, one band for all wards. */
function agesFallInBands(manifest: ProductManifest, insured: PricedInsured | undefined, wards: readonly (PricedInsured | undefined)[], coverStart: Date): boolean {
  return manifest.pricing.factors.every((f) => {
    if (!f.insuredAge && !f.wardAge) return true;
    const people = f.wardAge ? wards : [insured];
    const band = bandOf(f, people[0], coverStart);
    return !!band && people.every((p) => bandOf(f, p, coverStart) === band);
  });
}

/**
 * Premium of a whole application: each insured is priced with the plan,
 * copies, guarantee years and their own factor values (answers and age band
 * on `coverStart`), and the premiums add up. The server charges this amount;
 * the insure and confirm pages show it.
 *
 * `agesFromPeople` (the order): an age-band factor never keeps the band the
 * client chose; each insured's (or, for `wardAge`, each ward's, all in one
 * band) age must be known and fall in a band, else
 * 被保人年龄不在可投保的年龄段内. Without it (pages showing a form being
 * filled) an unknown age keeps the chosen band.
 */
export function priceApplication(
  manifest: ProductManifest,
  form: PricedApplication,
  coverStart: Date = new Date(),
  options: { agesFromPeople?: boolean } = {},
): ApplicationPrice {
  const perInsuredFen: number[] = [];
  const factors: Record<string, string>[] = [];
  const insureds = form.insureds.length > 0 ? form.insureds : [undefined];
  for (const insured of insureds) {
    if (options.agesFromPeople && !agesFallInBands(manifest, insured, form.wards ?? [], coverStart)) {
      return { ok: false, message: MSG_AGE_BAND };
    }
    const input: PremiumInput = {
      planCode: form.planCode,
      factors: factorsForInsured(manifest, form.factors, insured, coverStart, form.wards?.[0]),
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
