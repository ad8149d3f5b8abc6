/**
 * The insurable ages as parents read them (投保年龄), written from the rules
 * the form and the server check (`insure.<person>.ageBetween`, `minAgeDays`, `minAgeMonths`),
 * so that the detail page, the detail answer and the completed 投保须知 can
 * never state other ages than the ones accepted. A manifest only chooses how
 * they are shown (`detail.ageText`: whose ages, labels, words after them).
 */
import type { Person, ProductManifest } from '../manifest/manifest-types.generated.ts';

type AgeText = NonNullable<ProductManifest['detail']['ageText']>;
export type AgeTextPerson = NonNullable<AgeText['people']>[number];

/** The people shown when `detail.ageText.people` is left out: the insured, unlabelled. */
export const DEFAULT_AGE_PEOPLE: readonly AgeTextPerson[] = [{ person: 'insured' }];

/**
 * One person's ages: [3, 25] → 3周岁-25周岁, [0, 17] with minAgeDays 28 →
 * 出生满28天-17周岁, [0, 17] with minAgeMonths 6 → 出生满6个月-17周岁,
 * [18, 18] → 18周岁; `unitOnce` → 3-25周岁, 28天-17周岁, 6个月-17周岁.
 * Undefined when the rule has no ageBetween. A minAgeDays or minAgeMonths
 * beside a minimum above 0 says nothing the years do not, so the years are
 * shown.
 */
export function personAgeText(rule: Person | undefined, unitOnce = false): string | undefined {
  const range = rule?.ageBetween;
  if (!range) return undefined;
  const [min, max] = range;
  const days = min === 0 ? rule.minAgeDays : undefined;
  if (days !== undefined) return `${unitOnce ? '' : '出生满'}${days}天-${max}周岁`;
  const months = min === 0 ? rule.minAgeMonths : undefined;
  if (months !== undefined) return `${unitOnce ? '' : '出生满'}${months}个月-${max}周岁`;
  if (min === max) return `${max}周岁`;
  return unitOnce ? `${min}-${max}周岁` : `${min}周岁-${max}周岁`;
}

/** The people whose ages a manifest shows, each with its rule of /insure. */
export function ageTextPeople(manifest: Pick<ProductManifest, 'detail' | 'insure'>): { shown: AgeTextPerson; rule: Person | undefined; at: string }[] {
  const people = manifest.detail.ageText?.people ?? DEFAULT_AGE_PEOPLE;
  return people.map((shown, i) => ({
    shown,
    rule: manifest.insure[shown.person],
    at: manifest.detail.ageText?.people ? `/detail/ageText/people/${i}` : '/detail/ageText',
  }));
}

/**
 * The 投保年龄 text of a manifest: each shown person's label and ages joined
 * by ；, then the qualifier, e.g. 3周岁-25周岁在校学生 or
 * 投保人18周岁-60周岁；被监护人0-17周岁. A person without ageBetween (the
 * checker refuses that) is left out.
 */
export function ageText(manifest: Pick<ProductManifest, 'detail' | 'insure'>): string {
  const parts = ageTextPeople(manifest).flatMap(({ shown, rule }) => {
    const ages = personAgeText(rule, shown.unitOnce);
    return ages === undefined ? [] : [`${shown.label ?? ''}${ages}`];
  });
  return `${parts.join('；')}${manifest.detail.ageText?.qualifier ?? ''}`;
}
