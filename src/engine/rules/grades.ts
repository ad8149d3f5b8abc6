/**
 * Grade versus age: the ages each grade accepts come
 * from manifests/registry/grades.json (schemas/grade-registry.schema.json),
 * the same for every product, so an 11-year-old cannot be insured as a
 * 幼儿园小班 pupil. Checked by checkApplication on the grade field, in the
 * browser and on the server.
 */
import gradeRegistry from '../../../manifests/registry/grades.json' with { type: 'json' };

interface GradeEntry {
  code: string;
  label: string;
  ages?: number[];
}

const GRADES_BY_CODE: ReadonlyMap<string, GradeEntry> = new Map((gradeRegistry.grades as GradeEntry[]).map((g) => [g.code, g]));

/** The ages [youngest, oldest] (full years, inclusive) a grade accepts, or null when it has none (university) or is unknown. */
export function gradeAges(code: string): readonly [number, number] | null {
  const ages = GRADES_BY_CODE.get(code)?.ages;
  return ages && ages.length === 2 ? [ages[0]!, ages[1]!] : null;
}

/** Whether a pupil of `age` full years can be in grade `code` (true when the grade has no ages). */
export function gradeFitsAge(code: string, age: number): boolean {
  const ages = gradeAges(code);
  return ages === null || (age >= ages[0] && age <= ages[1]);
}

/** The grade codes a pupil of `age` can be in, in picker order. */
export function gradesForAge(age: number): string[] {
  return [...GRADES_BY_CODE.keys()].filter((code) => gradeFitsAge(code, age));
}

/** Our wording (the spec gives none), e.g. 所选年级与被保人年龄不符（幼儿园小班为2-5周岁）. */
export function gradeAgeMessage(code: string): string {
  const entry = GRADES_BY_CODE.get(code);
  const ages = gradeAges(code);
  return ages && entry ? `所选年级与被保人年龄不符（${entry.label}为${ages[0]}-${ages[1]}周岁）` : '所选年级与被保人年龄不符';
}

/**
 * The grade a pupil of `age` is most likely in (a year past the grade's youngest age), or
 * `preferred` when that one fits: for demo data and test fixtures, whose grade must follow the
 * child's birthday rather than be picked apart from it.
 */
export function gradeForAge(age: number, preferred?: string): string {
  if (preferred !== undefined && gradeFitsAge(preferred, age)) return preferred;
  const fitting = gradesForAge(age);
  return fitting.find((code) => gradeAges(code)?.[0] === age - 1) ?? fitting[0] ?? [...GRADES_BY_CODE.keys()].at(-1)!;
}
