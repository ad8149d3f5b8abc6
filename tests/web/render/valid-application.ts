/**
 * A complete, valid application for any manifest, built from what its form
 * asks (like tests/web/renderers/fixtures.ts and the validDraft of
 * tests/web/form-theme/insure-form-validation.test.ts): a school of the
 * product's own list in choose-only mode 02, an insured (or ward) inside the
 * manifest's age range on the cover start day, a relation other than 本人
 * where the product allows one, the product's own region.
 */
import { coverPeriod } from '../../../src/engine/cover/cover-period.ts';
import type { InsureDraftLike, PlanChoice } from '../../../src/engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { gradeForAge } from '../../../src/engine/rules/grades.ts';
import { makeIdCard } from '../../../src/engine/rules/id-card.ts';
import { formatShanghai } from '../../../src/engine/time/shanghai-time.ts';
import { regionChildren } from '../../../src/engine/regions/region-table.ts';
import { allowedAnswers, visibleQuestions } from '../../../src/engine/health/health-notice.ts';
import type { HealthNotice } from '../../../src/engine/manifest/manifest-types.generated.ts';

/**
 * Answers to a health notice that let the parent go on: for each question
 * shown, the first answer the manifest does not refuse or send to manual
 * underwriting (a day for a date, 无 for a text).
 */
export function continuingHealthAnswers(notice: HealthNotice): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const question of notice.questions) {
    if (!visibleQuestions(notice, answers).includes(question)) continue;
    const options = allowedAnswers(question);
    const stops = new Set((question.outcomes ?? []).filter((o) => o.outcome !== 'continue').flatMap((o) => o.answers));
    answers[question.id] = options ? options.find((o) => !stops.has(o.value))!.value : question.kind === 'date' ? '2025-01-02' : '无';
  }
  return answers;
}

/** 10:00 on 1 June 2025 in Beijing, whatever the zone the tests run in. */
export const NOW = new Date('2025-06-01T02:00:00Z');

/** A man born 1985-03-12 in Xuzhou (40 on NOW: inside every holder range). */
export const HOLDER = { name: '张伟', licenceType: '0', licenceNo: makeIdCard('320302', '1985-03-12', '031'), phone: '13812345678' } as const;
export const INSURED_NAME = '张小雨';
export const INSURED_PHONE = '13912345678';

/** The age we insure: 11 when the range allows it, else the nearest bound. */
function targetAge(range: readonly number[] | undefined): number {
  const [min = 0, max = 120] = range ?? [];
  return Math.min(Math.max(11, min), max);
}

/**
 * An ID number whose holder is `age` in full years on `coverStartDay`
 * ('YYYY-MM-DD'): born `age` years and about six months before it, far
 * from any birthday whatever the time zone.
 */
function idOfAge(coverStartDay: string, age: number, seq3: string): string {
  const [y, m] = coverStartDay.split('-').map(Number) as [number, number];
  const born = new Date(Date.UTC(y - age, m - 1 - 6, 15));
  return makeIdCard('370811', born.toISOString().slice(0, 10), seq3);
}

/** The product's sales province and city with a county of that city from the national region tree; Jining otherwise. */
function regionOf(m: ProductManifest): { provinceCode: string; cityCode: string; countyCode: string } {
  const { provinceCode, cityCode } = m.region ?? {};
  const county = cityCode && provinceCode && cityCode.startsWith(provinceCode.slice(0, 2)) ? regionChildren(cityCode)[0] : undefined;
  return provinceCode && cityCode && county
    ? { provinceCode, cityCode, countyCode: county.value }
    : { provinceCode: '370000', cityCode: '370800', countyCode: '370811' };
}

/** A complete draft of a valid application for `m` (a manifest as sold: plans built), its health notice answered to go on. */
export function validDraft(m: ProductManifest, now: Date = NOW): InsureDraftLike {
  const draft = validPeople(m, now);
  return m.healthNotice ? { ...draft, healthAnswers: continuingHealthAnswers(m.healthNotice) } : draft;
}

function validPeople(m: ProductManifest, now: Date): InsureDraftLike {
  const { insure } = m;
  const startDay = formatShanghai(coverPeriod(m, now).start).slice(0, 10);
  const holder = { ...HOLDER, ...(insure.holder.fields?.includes('email') ? { email: 'zw@example.com' } : {}) };
  if (insure.template === 'guardian') {
    const ward = insure.ward;
    return {
      policyHolder: holder,
      insureds: [],
      wards: [
        {
          relaToHolder: ward?.relations?.[0] ?? '03',
          name: INSURED_NAME,
          licenceType: '0',
          licenceNo: idOfAge(startDay, targetAge(ward?.ageBetween), '042'),
          ...(ward?.phone !== 'hidden' ? { phone: INSURED_PHONE } : {}),
        },
      ],
    };
  }
  const { insured } = insure;
  const fields = new Set(insured.fields ?? []);
  return {
    policyHolder: holder,
    insureds: [
      {
        // A child (or spouse) of the holder where allowed: 本人 would make the insured the holder.
        relaToHolder: insured.relations?.find((r) => r !== '00') ?? insured.relations?.[0] ?? '03',
        name: INSURED_NAME,
        licenceType: '0',
        licenceNo: idOfAge(startDay, targetAge(insured.ageBetween), '042'),
        ...(insured.phone !== 'hidden' ? { phone: INSURED_PHONE } : {}),
        // Choose-only products (mode 02) take a school of their own list.
        ...(fields.has('school') ? { schoolName: insure.schools?.[0]?.name ?? '实验小学' } : {}),
        ...(fields.has('schoolType') ? { schoolKind: insure.schoolTypes?.[0] ?? 'edu_07' } : {}),
        ...(fields.has('schoolNature') ? { schoolNature: '01' } : {}),
        ...(fields.has('collegeName') ? { collegeName: '文学院' } : {}),
        // A grade that fits the insured's age (五年级 for the usual 11-year-old).
        ...(fields.has('grade') ? { grade: gradeForAge(targetAge(insured.ageBetween), 'P5') } : {}),
        ...(fields.has('classAndGrade') ? { classAndGrade: '2班' } : {}),
        ...(fields.has('region') ? regionOf(m) : {}),
        // 无社保: a factor bound to this answer reprices the application.
        ...(fields.has('socialSecurity') ? { socialMedicalInsurance: 'N' as const } : {}),
        ...(fields.has('email') ? { email: 'xy@example.com' } : {}),
      },
    ],
    wards: [],
  };
}

/** The plan choice of the application: the last plan, two copies where allowed, default factors, default years. */
export function planChoice(m: ProductManifest): Required<Omit<PlanChoice, 'insureYear'>> {
  const plan = m.plans[m.plans.length - 1] ?? m.plans[0];
  return {
    planCode: plan.code,
    copies: Math.min(2, m.pricing.maxCopies),
    factors: Object.fromEntries(m.pricing.factors.map((f) => [f.code, f.default])),
  };
}
