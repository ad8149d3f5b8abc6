/**
 * 投保年龄 as parents read it, written from the age rules of /insure: the
 * expected texts are the ones the clauses write for those rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ageText } from '../../src/engine/insure/age-text.ts';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { formatProblem, validateManifest } from '../../src/engine/manifest/validate-manifest.ts';

const manifestFile = (id: string) => JSON.parse(readFileSync(new URL(`../../manifests/${id}.json`, import.meta.url), 'utf8')) as ProductManifest;

type Insure = ProductManifest['insure'];
const of = (insure: Partial<Insure>, ageTextSetting?: ProductManifest['detail']['ageText']) =>
  ageText({
    detail: { ...(ageTextSetting ? { ageText: ageTextSetting } : {}) } as ProductManifest['detail'],
    insure: { template: 'student', holder: { ageBetween: [18, 75] }, insured: {}, ...insure } as Insure,
  });

describe('age text from the rules', () => {
  it.each<[string, Insure['insured'], string]>([
    ['minAgeDays 28 with ageBetween [0, 17]', { ageBetween: [0, 17], minAgeDays: 28 }, '出生满28天-17周岁'],
    ['minAgeDays 1 with ageBetween [0, 0] (the youngest and oldest ends)', { ageBetween: [0, 0], minAgeDays: 1 }, '出生满1天-0周岁'],
    ['years only', { ageBetween: [3, 25] }, '3周岁-25周岁'],
    ['years from 0 without minAgeDays', { ageBetween: [0, 17] }, '0周岁-17周岁'],
    ['one age', { ageBetween: [18, 18] }, '18周岁'],
    ['minAgeDays beside a minimum above 0 (the years say more)', { ageBetween: [3, 18], minAgeDays: 28 }, '3周岁-18周岁'],
    ['minAgeMonths 6 with ageBetween [0, 17]', { ageBetween: [0, 17], minAgeMonths: 6 }, '出生满6个月-17周岁'],
    ['minAgeMonths beside a minimum above 0 (the years say more)', { ageBetween: [3, 18], minAgeMonths: 6 }, '3周岁-18周岁'],
  ])('%s', (_, insured, expected) => expect(of({ insured })).toBe(expected));

  it('with a qualifier', () => expect(of({ insured: { ageBetween: [3, 25] } }, { qualifier: '在校学生' })).toBe('3周岁-25周岁在校学生'));

  it('with minAgeDays and a qualifier', () => expect(of({ insured: { ageBetween: [0, 25], minAgeDays: 28 } }, { qualifier: '在校学生' })).toBe('出生满28天-25周岁在校学生'));

  it('a guardian product: the holder and the ward, labelled, the ward with the unit once', () =>
    expect(
      of(
        { template: 'guardian', holder: { ageBetween: [18, 60] }, insured: { relations: ['00'] }, ward: { ageBetween: [0, 17] } },
        { people: [{ person: 'holder', label: '投保人' }, { person: 'ward', label: '被监护人', unitOnce: true }] },
      ),
    ).toBe('投保人18周岁-60周岁；被监护人0-17周岁'));

  it('the unit once with minAgeDays', () =>
    expect(of({ insured: { ageBetween: [0, 4], minAgeDays: 28 } }, { people: [{ person: 'insured', unitOnce: true }] })).toBe('28天-4周岁'));

  it('the unit once with minAgeMonths', () =>
    expect(of({ insured: { ageBetween: [0, 4], minAgeMonths: 6 } }, { people: [{ person: 'insured', unitOnce: true }] })).toBe('6个月-4周岁'));

  it.each<[string, string]>([
    ['xuzhou-student-accident-2025', '3周岁-25周岁在校学生'],
    ['custody-carefree-double', '投保人18周岁-60周岁；被监护人0-17周岁'],
    ['guanaibao-guardian', '投保人18周岁-65周岁；监护对象0-17周岁'],
    ['huatai-umbrella-accident', '18周岁-65周岁'],
    ['jining-student-accident', '3周岁-18周岁'],
  ])('the catalogue product %s shows %s', (id, expected) => expect(ageText(manifestFile(id))).toBe(expected));
});

describe('the checker and the age text', () => {
  it('refuses a shown person without an age rule', () => {
    const m = manifestFile('custody-carefree-double') as ProductManifest & { detail: { ageText: unknown } };
    m.detail.ageText = { people: [{ person: 'insured', label: '被保险人' }] };
    const problems = validateManifest(m, 'manifests/custody-carefree-double.json');
    expect(problems.map((p) => [p.pointer, p.message, p.hint])).toContainEqual([
      '/detail/ageText/people/0',
      "投保年龄 shows the insured's ages, but /insure/insured has no ageBetween",
      'add "ageBetween": [min, max] to /insure/insured, or list in /detail/ageText/people only people with an age rule',
    ]);
  });

  it('refuses ages written in the qualifier', () => {
    const m = manifestFile('xuzhou-student-accident-2025');
    m.detail.ageText = { qualifier: '在校学生（18周岁以上须在读）' };
    const problems = validateManifest(m, 'manifests/xuzhou-student-accident-2025.json');
    expect(problems.map((p) => p.pointer)).toContain('/detail/ageText/qualifier');
  });

  it('refuses the hand-written ageLimit of before', () => {
    const m = manifestFile('jining-student-accident') as ProductManifest & { detail: Record<string, unknown> };
    m.detail.ageLimit = '3周岁-18周岁';
    const problems = validateManifest(m, 'manifests/jining-student-accident.json');
    expect(problems.map(formatProblem)).toEqual([
      'manifests/jining-student-accident.json  /detail/ageLimit  "ageLimit" is replaced by "ageText"  (remove it: 投保年龄 is written from the ages of /insure; words after the ages go into "ageText": { "qualifier": … })',
    ]);
  });
});
