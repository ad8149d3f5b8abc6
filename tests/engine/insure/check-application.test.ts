import { readFileSync } from 'node:fs';
import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApplicationFormInput } from '../../../src/contract/order.ts';
import type { ApplicationLike, InsuredLike, WardLike } from '../../../src/engine/insure/application-types.ts';
import {
  MSG_COPIES,
  MSG_DUPLICATE_INSURED_ID,
  MSG_FACTOR,
  MSG_HOLDER_ADULT,
  MSG_INSURED_ONLY_HOLDER,
  MSG_INSURED_RELATION,
  MSG_INSURED_SAME_ID_AS_HOLDER,
  MSG_PLAN,
  MSG_REGION,
  MSG_SCHOOL_NOT_LISTED,
  MSG_TOO_MANY_INSUREDS,
  ageRangeMessage,
  checkApplication,
  wardRelationMessage,
} from '../../../src/engine/insure/check-application.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { gradesForAge } from '../../../src/engine/rules/grades.ts';
import { ageInFullYears, makeIdCard, parseIdCard } from '../../../src/engine/rules/id-card.ts';
import {
  MSG_EMAIL,
  MSG_GUARANTEE_YEARS,
  MSG_HK_MO_TW_CARD,
  MSG_ID_CHECKSUM,
  MSG_ID_LENGTH_HOLDER,
  MSG_ID_LENGTH_INSURED,
  MSG_ID_LENGTH_WARD,
  MSG_NAME,
  MSG_PHONE,
  MSG_REQUIRED,
  MSG_BIRTHDAY_REQUIRED,
  MSG_SEX_REQUIRED,
  MSG_BIRTHDAY_FUTURE,
  MSG_BIRTHDAY_INVALID,
  MSG_DUPLICATE_INSURED_PERSON,
} from '../../../src/engine/rules/messages.ts';

// ---------------------------------------------------------------- fixtures

function loadManifest(id: string): ProductManifest {
  const url = new URL(`../../../manifests/${id}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as ProductManifest;
}

const XUZHOU = loadManifest('xuzhou-student-accident-2025');
const JINING = loadManifest('jining-student-accident');
const GUARDIAN = loadManifest('guanaibao-guardian');

/** A copy of `base` changed by `edit`; the real manifests stay untouched. */
function variant(base: ProductManifest, edit: (m: ProductManifest) => void): ProductManifest {
  const copy = structuredClone(base);
  edit(copy);
  return copy;
}

/** Local dates keep the tests independent of the machine's time zone. */
const NOW = new Date(2025, 2, 10, 9, 30, 0); // 2025-03-10 09:30, the order day
const COVER_START = new Date(2025, 2, 11); // startOffsetDays 1 → 2025-03-11 00:00

/** Birthday (YYYY-MM-DD) of someone who is `age` full years old on `on`, `daysAfterBirthday` days past the birthday. */
function birthdayFor(age: number, on: Date = COVER_START, daysAfterBirthday = 30): string {
  return dayjs(on).subtract(age, 'year').subtract(daysAfterBirthday, 'day').format('YYYY-MM-DD');
}

function idFor(age: number, prefix = '320302', seq = '011', daysAfterBirthday = 30): string {
  return makeIdCard(prefix, birthdayFor(age, COVER_START, daysAfterBirthday), seq);
}

const HOLDER_ID = idFor(40, '320302', '011');
const CHILD_ID = idFor(10, '320311', '022');

function xuzhouForm(): ApplicationLike {
  return {
    planCode: 'XZ25-JC',
    copies: 1,
    factors: { socialSecurity: 'Y' },
    policyHolder: { name: '王建国', licenceType: '0', licenceNo: HOLDER_ID, phone: '13812345678' },
    insureds: [
      {
        relaToHolder: '03',
        isHolder: 'N',
        name: '王小明',
        licenceType: '0',
        licenceNo: CHILD_ID,
        schoolName: '徐州市星光小学',
        schoolKind: 'edu_07',
        grade: 'P4',
        classAndGrade: '3班',
        provinceCode: '320000',
        cityCode: '320300',
        countyCode: '320311',
        socialMedicalInsurance: 'Y',
      },
    ],
  };
}

function jiningForm(): ApplicationLike {
  return {
    planCode: 'JN-B',
    policyHolder: { name: '孔德明', licenceType: '0', licenceNo: idFor(38, '370811', '031'), phone: '15912345678' },
    insureds: [
      {
        relaToHolder: '03',
        name: '孔令宇',
        licenceType: '0',
        licenceNo: idFor(8, '370811', '042'),
        schoolName: '济宁市实验小学',
        grade: 'P2',
        classAndGrade: '1班',
        provinceCode: '370000',
        cityCode: '370800',
        countyCode: '370811',
      },
    ],
  };
}

const GUARDIAN_HOLDER_ID = idFor(35, '500103', '051');

function guardianForm(): ApplicationLike {
  return {
    planCode: 'GAB-A',
    copies: 2,
    policyHolder: { name: '李娜', licenceType: '0', licenceNo: GUARDIAN_HOLDER_ID, phone: '13698765432' },
    insureds: [{ relaToHolder: '00', isHolder: 'Y', name: '李娜', licenceType: '0', licenceNo: GUARDIAN_HOLDER_ID }],
    wards: [{ relaToHolder: '03', name: '张小宝', licenceType: '0', licenceNo: idFor(6, '500103', '062') }],
  };
}

function withHolder(form: ApplicationLike, patch: Partial<ApplicationLike['policyHolder']>): ApplicationLike {
  return { ...form, policyHolder: { ...form.policyHolder, ...patch } };
}

/**
 * The form with insured `index` patched. A new ID number without a grade brings the first grade
 * that fits its age (manifests/registry/grades.json), so a test about the age range or the
 * document meets no grade-versus-age problem it did not ask for.
 */
function withInsured(form: ApplicationLike, patch: Partial<InsuredLike>, index = 0): ApplicationLike {
  return { ...form, insureds: form.insureds.map((p, i) => (i === index ? { ...p, ...gradeFitting(p, patch), ...patch } : p)) };
}

function gradeFitting(insured: InsuredLike, patch: Partial<InsuredLike>): Partial<InsuredLike> {
  if (insured.grade === undefined || patch.grade !== undefined || patch.licenceNo === undefined) return {};
  const id = parseIdCard(patch.licenceNo, NOW);
  return id.ok ? { grade: gradesForAge(ageInFullYears(id.birthday, COVER_START))[0] } : {};
}

function withWard(form: ApplicationLike, patch: Partial<WardLike>, index = 0): ApplicationLike {
  return { ...form, wards: (form.wards ?? []).map((p, i) => (i === index ? { ...p, ...patch } : p)) };
}

function check(manifest: ProductManifest, form: ApplicationLike) {
  return checkApplication(manifest, form, NOW, COVER_START);
}

// ---------------------------------------------------------------- tests

describe('ApplicationLike', () => {
  it('accepts the contract type ApplicationFormInput', () => {
    expectTypeOf<ApplicationFormInput>().toExtend<ApplicationLike>();
  });
});

describe('checkApplication: valid applications', () => {
  it('accepts a valid Xuzhou student application', () => {
    expect(check(XUZHOU, xuzhouForm())).toEqual([]);
  });

  it('accepts a valid Jining student application', () => {
    expect(check(JINING, jiningForm())).toEqual([]);
  });

  it('accepts a valid guardian application', () => {
    expect(check(GUARDIAN, guardianForm())).toEqual([]);
  });

  it('defaults coverStart to now', () => {
    expect(checkApplication(XUZHOU, xuzhouForm(), NOW)).toEqual([]);
  });

  it('accepts absent copies and factors (defaults apply)', () => {
    const { copies: _c, factors: _f, ...rest } = xuzhouForm();
    expect(check(XUZHOU, rest)).toEqual([]);
  });
});

describe('checkApplication: plan, copies, factors', () => {
  it('refuses an unknown or empty plan code', () => {
    expect(check(XUZHOU, { ...xuzhouForm(), planCode: 'JN-A' })).toEqual([{ path: 'planCode', message: MSG_PLAN }]);
    expect(check(XUZHOU, { ...xuzhouForm(), planCode: '' })).toEqual([{ path: 'planCode', message: MSG_PLAN }]);
  });

  it('refuses copies outside 1..maxCopies', () => {
    expect(check(XUZHOU, { ...xuzhouForm(), copies: 2 })).toEqual([{ path: 'copies', message: MSG_COPIES }]);
    expect(check(XUZHOU, { ...xuzhouForm(), copies: 0 })).toEqual([{ path: 'copies', message: MSG_COPIES }]);
    expect(check(GUARDIAN, { ...guardianForm(), copies: 1.5 })).toEqual([{ path: 'copies', message: MSG_COPIES }]);
    expect(check(GUARDIAN, { ...guardianForm(), copies: 3 })).toEqual([]);
    expect(check(GUARDIAN, { ...guardianForm(), copies: 4 })).toEqual([{ path: 'copies', message: MSG_COPIES }]);
  });

  it('refuses unknown factor codes and values', () => {
    expect(check(XUZHOU, { ...xuzhouForm(), factors: { socialSecurity: 'X' } })).toEqual([
      { path: 'factors.socialSecurity', message: MSG_FACTOR },
    ]);
    expect(check(XUZHOU, { ...xuzhouForm(), factors: { socialSecurity: 'N', vip: 'Y' } })).toEqual([
      { path: 'factors.vip', message: MSG_FACTOR },
    ]);
    expect(check(JINING, { ...jiningForm(), factors: { socialSecurity: 'Y' } })).toEqual([
      { path: 'factors.socialSecurity', message: MSG_FACTOR },
    ]);
  });

  it('refuses guarantee years the product does not allow', () => {
    expect(check(XUZHOU, { ...xuzhouForm(), insureYear: 1 })).toEqual([]);
    expect(check(XUZHOU, { ...xuzhouForm(), insureYear: 2 })).toEqual([{ path: 'insureYear', message: MSG_GUARANTEE_YEARS }]);
    const threeTerms = variant(XUZHOU, (m) => {
      m.pricing.guaranteeYears = [1, 2, 3];
    });
    expect(check(threeTerms, { ...xuzhouForm(), insureYear: 3 })).toEqual([]);
    expect(check(threeTerms, { ...xuzhouForm(), insureYear: 4 })).toEqual([{ path: 'insureYear', message: MSG_GUARANTEE_YEARS }]);
    expect(check(threeTerms, { ...xuzhouForm(), insureYear: 0 })).toEqual([{ path: 'insureYear', message: MSG_GUARANTEE_YEARS }]);
  });
});

describe('checkApplication: policyholder', () => {
  it('requires name, ID type, ID number and phone', () => {
    const form = withHolder(xuzhouForm(), { name: '', licenceType: '', licenceNo: ' ', phone: '' });
    expect(check(XUZHOU, form)).toEqual([
      { path: 'policyHolder.name', message: MSG_REQUIRED },
      { path: 'policyHolder.licenceType', message: MSG_REQUIRED },
      { path: 'policyHolder.licenceNo', message: MSG_REQUIRED },
      { path: 'policyHolder.phone', message: MSG_REQUIRED },
    ]);
  });

  it('validates name and phone', () => {
    const form = withHolder(xuzhouForm(), { name: '王', phone: '12812345678' });
    expect(check(XUZHOU, form)).toEqual([
      { path: 'policyHolder.name', message: MSG_NAME },
      { path: 'policyHolder.phone', message: MSG_PHONE },
    ]);
    expect(check(XUZHOU, withHolder(xuzhouForm(), { name: '阿依古丽·买买提' }))).toEqual([]);
  });

  it('validates the mainland ID number with the holder messages', () => {
    expect(check(XUZHOU, withHolder(xuzhouForm(), { licenceNo: HOLDER_ID.slice(0, 17) }))).toEqual([
      { path: 'policyHolder.licenceNo', message: MSG_ID_LENGTH_HOLDER },
    ]);
    const badCheck = HOLDER_ID.slice(0, 17) + (HOLDER_ID.endsWith('0') ? '1' : '0');
    expect(check(XUZHOU, withHolder(xuzhouForm(), { licenceNo: badCheck }))).toEqual([
      { path: 'policyHolder.licenceNo', message: MSG_ID_CHECKSUM },
    ]);
  });

  it('refuses an unknown ID type code', () => {
    expect(check(XUZHOU, withHolder(xuzhouForm(), { licenceType: 'Z' }))).toEqual([
      { path: 'policyHolder.licenceType', message: MSG_REQUIRED },
    ]);
  });

  it('checks HK/Macau/Taiwan cards by format; other documents need a birthday and a sex', () => {
    const born = { birthday: birthdayFor(40), sex: '0' } as const;
    expect(check(XUZHOU, withHolder(xuzhouForm(), { licenceType: 'F', licenceNo: 'H12345678', ...born }))).toEqual([]);
    expect(check(XUZHOU, withHolder(xuzhouForm(), { licenceType: 'H', licenceNo: 'H1234567890', ...born }))).toEqual([]);
    expect(check(XUZHOU, withHolder(xuzhouForm(), { licenceType: 'E', licenceNo: '12345678', ...born }))).toEqual([
      { path: 'policyHolder.licenceNo', message: MSG_HK_MO_TW_CARD },
    ]);
    expect(check(XUZHOU, withHolder(xuzhouForm(), { licenceType: '1', licenceNo: 'E12345', ...born }))).toEqual([]);
    expect(check(XUZHOU, withHolder(xuzhouForm(), { licenceType: '1', licenceNo: 'E12345' }))).toEqual([
      { path: 'policyHolder.birthday', message: MSG_BIRTHDAY_REQUIRED },
      { path: 'policyHolder.sex', message: MSG_SEX_REQUIRED },
    ]);
  });

  it('checks the holder age range of the manifest', () => {
    expect(check(XUZHOU, withHolder(xuzhouForm(), { licenceNo: idFor(17) }))).toEqual([
      { path: 'policyHolder.licenceNo', message: '投保人年龄须在18-80周岁之间' },
    ]);
    expect(check(XUZHOU, withHolder(xuzhouForm(), { licenceNo: idFor(81) }))).toEqual([
      { path: 'policyHolder.licenceNo', message: ageRangeMessage('holder', 18, 80) },
    ]);
  });

  it('checks a minimum age in days on the cover start date (出生满28天): 27 days refused, 28 and 29 accepted', () => {
    const newborns = variant(XUZHOU, (m) => {
      m.insure.insured.ageBetween = [0, 25];
      m.insure.insured.minAgeDays = 28;
    });
    const ageProblems = (days: number) =>
      check(newborns, withInsured(xuzhouForm(), { licenceNo: idFor(0, '320311', '033', days) })).filter((p) => p.path === 'insureds.0.licenceNo');
    expect(ageProblems(27)).toEqual([{ path: 'insureds.0.licenceNo', message: '被保人须出生满28天' }]);
    expect(ageProblems(28)).toEqual([]);
    expect(ageProblems(29)).toEqual([]);
    // Years still decide above it: the day before the 26th birthday is in range, the birthday is not.
    expect(check(newborns, withInsured(xuzhouForm(), { licenceNo: idFor(26, '320311', '033', 0) })).filter((p) => p.path === 'insureds.0.licenceNo')).toEqual([
      { path: 'insureds.0.licenceNo', message: '被保人年龄须在0-25周岁之间' },
    ]);
  });

  it('checks a minimum age in months on the cover start date (出生满6个月): the day before the 6-month day refused, the day itself accepted', () => {
    const sixMonths = variant(XUZHOU, (m) => {
      m.insure.insured.ageBetween = [0, 25];
      m.insure.insured.minAgeMonths = 6;
    });
    // The cover starts on 2025-03-11: a child born 2024-09-11 is 6 months old that day, one born 2024-09-12 is not.
    const ageProblems = (birthday: string) =>
      check(sixMonths, withInsured(xuzhouForm(), { licenceNo: makeIdCard('320311', birthday, '033') })).filter((p) => p.path === 'insureds.0.licenceNo');
    expect(ageProblems('2024-09-12')).toEqual([{ path: 'insureds.0.licenceNo', message: '被保人须出生满6个月' }]);
    expect(ageProblems('2024-09-11')).toEqual([]);
    expect(ageProblems('2024-09-10')).toEqual([]);
    // A document without a birth date: the birthday given is checked the same way.
    const passport = (birthday: string) =>
      check(sixMonths, withInsured(xuzhouForm(), { licenceType: '1', licenceNo: 'E12345678', birthday, sex: '1' })).filter((p) => p.path === 'insureds.0.birthday');
    expect(passport('2024-09-12')).toEqual([{ path: 'insureds.0.birthday', message: '被保人须出生满6个月' }]);
    expect(passport('2024-09-11')).toEqual([]);
  });

  it('leaves an optional field empty, still checks one given, and asks a field only from its age (fieldsFromAge)', () => {
    const optionalSchool = variant(XUZHOU, (m) => {
      m.insure.insured.optionalFields = ['school'];
    });
    expect(check(optionalSchool, withInsured(xuzhouForm(), { schoolName: '' }))).toEqual([]);
    expect(check(optionalSchool, withInsured(xuzhouForm(), { schoolName: '实验小学\u202e' }))).toEqual([{ path: 'insureds.0.schoolName', message: expect.any(String) }]);
    const schoolFrom12 = variant(XUZHOU, (m) => {
      m.insure.insured.fieldsFromAge = { school: 12, grade: 12 };
    });
    const ten = withInsured(xuzhouForm(), { schoolName: '', grade: '' });
    // The form's child is 10: neither the school nor the grade is asked, and the grade-versus-age rule does not apply.
    expect(check(schoolFrom12, ten)).toEqual([]);
    expect(check(XUZHOU, ten).map((p) => p.path)).toEqual(['insureds.0.schoolName', 'insureds.0.grade']);
    const thirteen = withInsured(xuzhouForm(), { licenceNo: idFor(13, '320311', '044'), schoolName: '' });
    expect(check(schoolFrom12, thirteen)).toEqual([{ path: 'insureds.0.schoolName', message: MSG_REQUIRED }]);
    // A baby the rules refuse (27 days for 出生满28天) is still asked no school: the age is the one problem shown.
    const babies = variant(XUZHOU, (m) => {
      m.insure.insured.ageBetween = [0, 25];
      m.insure.insured.minAgeDays = 28;
      m.insure.insured.fieldsFromAge = { school: 3, schoolType: 3, grade: 3, classAndGrade: 3 };
    });
    const baby = withInsured(xuzhouForm(), { licenceNo: idFor(0, '320311', '055', 27), schoolName: '', schoolKind: '', grade: '', classAndGrade: '' });
    expect(check(babies, baby)).toEqual([{ path: 'insureds.0.licenceNo', message: '被保人须出生满28天' }]);
    // The holder's e-mail the same way: asked but optional, it may be left out; one typed in is still checked.
    const holderEmail = variant(XUZHOU, (m) => {
      m.insure.holder.fields = ['email'];
      m.insure.holder.optionalFields = ['email'];
    });
    expect(check(holderEmail, xuzhouForm())).toEqual([]);
    expect(check(holderEmail, withHolder(xuzhouForm(), { email: 'wang@' }))).toEqual([{ path: 'policyHolder.email', message: MSG_EMAIL }]);
  });

  it('requires a valid e-mail when the manifest asks for it, and validates one given anyway', () => {
    const withEmail = variant(XUZHOU, (m) => {
      m.insure.holder.fields = ['email'];
    });
    expect(check(withEmail, xuzhouForm())).toEqual([{ path: 'policyHolder.email', message: MSG_REQUIRED }]);
    expect(check(withEmail, withHolder(xuzhouForm(), { email: 'wang@example.com' }))).toEqual([]);
    expect(check(XUZHOU, withHolder(xuzhouForm(), { email: 'wang@' }))).toEqual([
      { path: 'policyHolder.email', message: MSG_EMAIL },
    ]);
    expect(check(XUZHOU, withHolder(xuzhouForm(), { email: '' }))).toEqual([]);
  });
});

describe('checkApplication: student insured', () => {
  it('requires the base fields and every field the manifest lists', () => {
    const empty: InsuredLike = { relaToHolder: '', name: '', licenceType: '', licenceNo: '' };
    expect(check(XUZHOU, { ...xuzhouForm(), insureds: [empty] })).toEqual([
      { path: 'insureds.0.relaToHolder', message: MSG_REQUIRED },
      { path: 'insureds.0.name', message: MSG_REQUIRED },
      { path: 'insureds.0.licenceType', message: MSG_REQUIRED },
      { path: 'insureds.0.licenceNo', message: MSG_REQUIRED },
      { path: 'insureds.0.schoolName', message: MSG_REQUIRED },
      { path: 'insureds.0.schoolKind', message: MSG_REQUIRED },
      { path: 'insureds.0.grade', message: MSG_REQUIRED },
      { path: 'insureds.0.classAndGrade', message: MSG_REQUIRED },
      { path: 'insureds.0.provinceCode', message: MSG_REQUIRED },
      { path: 'insureds.0.cityCode', message: MSG_REQUIRED },
      { path: 'insureds.0.countyCode', message: MSG_REQUIRED },
      { path: 'insureds.0.socialMedicalInsurance', message: MSG_REQUIRED },
    ]);
    // Jining asks neither school type nor social security.
    const { schoolName: _s, ...jn } = jiningForm().insureds[0] ?? ({} as InsuredLike);
    expect(check(JINING, { ...jiningForm(), insureds: [jn] })).toEqual([
      { path: 'insureds.0.schoolName', message: MSG_REQUIRED },
    ]);
  });

  it('accepts only a listed school in choose-only mode 02, and any school in mode 01', () => {
    const typed = { ...jiningForm(), insureds: [{ ...jiningForm().insureds[0]!, schoolName: '我家门口的小学' }] };
    expect(check(JINING, typed)).toEqual([{ path: 'insureds.0.schoolName', message: MSG_SCHOOL_NOT_LISTED }]);
    const freeText = variant(JINING, (v) => {
      v.insure.customSchoolMode = '01';
    });
    expect(check(freeText, typed)).toEqual([]);
  });

  it('asks schoolNature and collegeName only when listed', () => {
    const m = variant(XUZHOU, (v) => {
      v.insure.insured.fields = ['schoolNature', 'collegeName'];
    });
    expect(check(m, xuzhouForm())).toEqual([
      { path: 'insureds.0.schoolNature', message: MSG_REQUIRED },
      { path: 'insureds.0.collegeName', message: MSG_REQUIRED },
    ]);
    expect(check(m, withInsured(xuzhouForm(), { schoolNature: '01', collegeName: '计算机学院' }))).toEqual([]);
  });

  it('refuses a school type the product does not offer', () => {
    expect(check(XUZHOU, withInsured(xuzhouForm(), { schoolKind: 'edu_29' }))).toEqual([
      { path: 'insureds.0.schoolKind', message: MSG_REQUIRED },
    ]);
  });

  it('refuses a grade that does not fit the age (manifests/registry/grades.json), on the grade field', () => {
    // CHILD_ID is 10 on the cover start date: 幼儿园小班 and 幼儿园中班 are refused, 四年级 and 五年级 accepted.
    for (const grade of ['K1', 'K2']) {
      expect(check(XUZHOU, withInsured(xuzhouForm(), { grade }))).toEqual([
        { path: 'insureds.0.grade', message: expect.stringMatching(/^所选年级与被保人年龄不符（幼儿园.班为\d+-\d+周岁）$/) },
      ]);
    }
    expect(check(XUZHOU, withInsured(xuzhouForm(), { grade: 'K1' }))[0]?.message).toBe('所选年级与被保人年龄不符（幼儿园小班为2-5周岁）');
    // An 11-year-old (the case) in 幼儿园小班; a 3-year-old in 高三.
    expect(check(XUZHOU, withInsured(xuzhouForm(), { grade: 'K1', licenceNo: idFor(11, '320311', '022') }))).toHaveLength(1);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { grade: 'S3', licenceNo: idFor(5, '320311', '022') }))[0]?.path).toBe('insureds.0.grade');
    expect(check(XUZHOU, withInsured(xuzhouForm(), { grade: 'P5' }))).toEqual([]);
    // A university grade has no ages: any age of the product's range goes.
    expect(check(XUZHOU, withInsured(xuzhouForm(), { grade: 'U1' }))).toEqual([]);
  });

  it('refuses a social-security flag other than Y/N', () => {
    const form = withInsured(xuzhouForm(), { socialMedicalInsurance: 'X' as 'Y' });
    expect(check(XUZHOU, form)).toEqual([{ path: 'insureds.0.socialMedicalInsurance', message: MSG_REQUIRED }]);
  });

  it('requires region codes that nest province ⊃ city ⊃ county', () => {
    expect(check(XUZHOU, withInsured(xuzhouForm(), { countyCode: '320300' }))).toEqual([
      { path: 'insureds.0.countyCode', message: MSG_REGION },
    ]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { countyCode: '370811' }))).toEqual([
      { path: 'insureds.0.countyCode', message: MSG_REGION },
    ]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { cityCode: '370800' }))).toEqual([
      { path: 'insureds.0.cityCode', message: MSG_REGION },
    ]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { provinceCode: '320300' }))).toEqual([
      { path: 'insureds.0.provinceCode', message: MSG_REGION },
    ]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { provinceCode: '990000' }))).toEqual([
      { path: 'insureds.0.provinceCode', message: MSG_REGION },
    ]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { countyCode: '32031' }))).toEqual([
      { path: 'insureds.0.countyCode', message: MSG_REGION },
    ]);
  });

  it('validates the insured name and ID number with the insured messages', () => {
    expect(check(XUZHOU, withInsured(xuzhouForm(), { name: 'Wang 1' }))).toEqual([
      { path: 'insureds.0.name', message: MSG_NAME },
    ]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { licenceNo: '3203111' }))).toEqual([
      { path: 'insureds.0.licenceNo', message: MSG_ID_LENGTH_INSURED },
    ]);
  });

  it('validates the insured phone only when given, as the manifest says optional', () => {
    expect(check(XUZHOU, withInsured(xuzhouForm(), { phone: '' }))).toEqual([]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { phone: '13912345678' }))).toEqual([]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { phone: '123' }))).toEqual([
      { path: 'insureds.0.phone', message: MSG_PHONE },
    ]);
  });

  it('requires the insured phone when the manifest says required, and ignores it when hidden', () => {
    const req = variant(XUZHOU, (m) => {
      m.insure.insured.phone = 'required';
    });
    expect(check(req, xuzhouForm())).toEqual([{ path: 'insureds.0.phone', message: MSG_REQUIRED }]);
    expect(check(req, withInsured(xuzhouForm(), { phone: '123' }))).toEqual([
      { path: 'insureds.0.phone', message: MSG_PHONE },
    ]);
    const hidden = variant(XUZHOU, (m) => {
      m.insure.insured.phone = 'hidden';
    });
    expect(check(hidden, withInsured(xuzhouForm(), { phone: '123' }))).toEqual([]);
  });

  it('refuses a relation the product does not accept, including self', () => {
    expect(check(XUZHOU, withInsured(xuzhouForm(), { relaToHolder: '02' }))).toEqual([
      { path: 'insureds.0.relaToHolder', message: MSG_INSURED_RELATION },
    ]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { relaToHolder: '00' }))).toEqual([
      { path: 'insureds.0.relaToHolder', message: MSG_INSURED_RELATION },
    ]);
    expect(check(JINING, withInsured(jiningForm(), { relaToHolder: '99' }))).toEqual([
      { path: 'insureds.0.relaToHolder', message: MSG_INSURED_RELATION },
    ]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { relaToHolder: '99' }))).toEqual([]);
  });

  it('without a relation list, accepts any known relation but self', () => {
    const open = variant(XUZHOU, (m) => {
      delete m.insure.insured.relations;
    });
    expect(check(open, withInsured(xuzhouForm(), { relaToHolder: '08' }))).toEqual([]);
    expect(check(open, withInsured(xuzhouForm(), { relaToHolder: '00' }))).toEqual([
      { path: 'insureds.0.relaToHolder', message: MSG_INSURED_RELATION },
    ]);
    expect(check(open, withInsured(xuzhouForm(), { relaToHolder: '04' }))).toEqual([
      { path: 'insureds.0.relaToHolder', message: MSG_INSURED_RELATION },
    ]);
  });

  it('refuses the holder ID number on an insured who is not the holder', () => {
    const form = withInsured(xuzhouForm(), { licenceNo: HOLDER_ID });
    // The holder is 40: over the insured range too, but the identity problem is the one shown.
    expect(check(XUZHOU, form)).toEqual([{ path: 'insureds.0.licenceNo', message: MSG_INSURED_SAME_ID_AS_HOLDER }]);
    // A lower-case check character is the same number.
    const xHolder = Array.from({ length: 1000 }, (_, n) => makeIdCard('320302', birthdayFor(40), String(n).padStart(3, '0'))).find(
      (id) => id.endsWith('X'),
    );
    expect(xHolder).toBeDefined();
    const f = withInsured(withHolder(xuzhouForm(), { licenceNo: xHolder ?? '' }), { licenceNo: xHolder?.toLowerCase() ?? '' });
    expect(check(XUZHOU, f)).toEqual([{ path: 'insureds.0.licenceNo', message: MSG_INSURED_SAME_ID_AS_HOLDER }]);
  });

  it('checks the insured age range', () => {
    expect(check(XUZHOU, withInsured(xuzhouForm(), { licenceNo: idFor(2, '320311') }))).toEqual([
      { path: 'insureds.0.licenceNo', message: '被保人年龄须在3-25周岁之间' },
    ]);
    expect(check(JINING, withInsured(jiningForm(), { licenceNo: idFor(19, '370811') }))).toEqual([
      { path: 'insureds.0.licenceNo', message: '被保人年龄须在3-18周岁之间' },
    ]);
  });

  it('checks the age of an insured with another document on the birthday given', () => {
    const birthCertificate = { licenceType: '7', licenceNo: 'O320311123', sex: '1' } as const;
    expect(check(XUZHOU, withInsured(xuzhouForm(), { ...birthCertificate, birthday: birthdayFor(10) }))).toEqual([]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { ...birthCertificate, birthday: birthdayFor(40) }))).toEqual([
      { path: 'insureds.0.birthday', message: '被保人年龄须在3-25周岁之间' },
    ]);
  });

  it('requires at least one insured and at most maxInsureds', () => {
    expect(check(XUZHOU, { ...xuzhouForm(), insureds: [] })).toEqual([{ path: 'insureds', message: MSG_REQUIRED }]);
    const base = xuzhouForm();
    const second = { ...base.insureds[0], name: '王小红', licenceNo: idFor(7, '320311', '024'), grade: 'P2' } as InsuredLike;
    expect(check(XUZHOU, { ...base, insureds: [...base.insureds, second] })).toEqual([
      { path: 'insureds', message: MSG_TOO_MANY_INSUREDS },
    ]);
    const three = variant(XUZHOU, (m) => {
      m.insure.maxInsureds = 3;
    });
    expect(check(three, { ...base, insureds: [...base.insureds, second] })).toEqual([]);
  });

  it('refuses duplicate insured ID numbers on the later insured', () => {
    const three = variant(XUZHOU, (m) => {
      m.insure.maxInsureds = 3;
    });
    const base = xuzhouForm();
    const first = base.insureds[0] as InsuredLike;
    const twin = { ...first, name: '王小亮' };
    expect(check(three, { ...base, insureds: [first, twin, { ...first, name: '王小光' }] })).toEqual([
      { path: 'insureds.1.licenceNo', message: MSG_DUPLICATE_INSURED_ID },
      { path: 'insureds.2.licenceNo', message: MSG_DUPLICATE_INSURED_ID },
    ]);
  });

  it('ignores wards outside the guardian template', () => {
    const form: ApplicationLike = { ...xuzhouForm(), wards: [{ relaToHolder: '02', name: '', licenceType: '', licenceNo: '' }] };
    expect(check(XUZHOU, form)).toEqual([]);
  });

  it('reports every problem in a stable order: plan, holder, insureds', () => {
    let form = { ...xuzhouForm(), planCode: 'nope' };
    form = withHolder(form, { phone: '1' });
    form = withInsured(form, { name: '', countyCode: '' });
    expect(check(XUZHOU, form)).toEqual([
      { path: 'planCode', message: MSG_PLAN },
      { path: 'policyHolder.phone', message: MSG_PHONE },
      { path: 'insureds.0.name', message: MSG_REQUIRED },
      { path: 'insureds.0.countyCode', message: MSG_REQUIRED },
    ]);
  });
});

describe('checkApplication: guardian template', () => {
  it('refuses an insured who is not the holder', () => {
    const other = idFor(36, '500103', '071');
    expect(check(GUARDIAN, withInsured(guardianForm(), { licenceNo: other }))).toEqual([
      { path: 'insureds.0.licenceNo', message: MSG_INSURED_ONLY_HOLDER },
    ]);
    expect(check(GUARDIAN, withInsured(guardianForm(), { relaToHolder: '01' }))).toEqual([
      { path: 'insureds.0.relaToHolder', message: MSG_INSURED_ONLY_HOLDER },
    ]);
    expect(check(GUARDIAN, withInsured(guardianForm(), { isHolder: 'N' }))).toEqual([
      { path: 'insureds.0.isHolder', message: MSG_INSURED_ONLY_HOLDER },
    ]);
    expect(check(GUARDIAN, withInsured(guardianForm(), { name: '张伟' }))).toEqual([
      { path: 'insureds.0.name', message: MSG_INSURED_ONLY_HOLDER },
    ]);
  });

  it('allows exactly one insured', () => {
    const form = guardianForm();
    const again = form.insureds[0] as InsuredLike;
    expect(check(GUARDIAN, { ...form, insureds: [again, again] })).toEqual([
      { path: 'insureds', message: MSG_INSURED_ONLY_HOLDER },
      { path: 'insureds.1.licenceNo', message: MSG_DUPLICATE_INSURED_ID },
    ]);
  });

  it('refuses a 17-year-old holder with the adult rule, and an over-age holder with the range', () => {
    const young = idFor(17, '500103', '081');
    const form = withInsured(withHolder(guardianForm(), { licenceNo: young }), { licenceNo: young });
    expect(check(GUARDIAN, form)).toEqual([{ path: 'policyHolder.licenceNo', message: MSG_HOLDER_ADULT }]);
    const old = idFor(66, '500103', '081');
    const form2 = withInsured(withHolder(guardianForm(), { licenceNo: old }), { licenceNo: old });
    expect(check(GUARDIAN, form2)).toEqual([{ path: 'policyHolder.licenceNo', message: '投保人年龄须在18-65周岁之间' }]);
  });

  it('applies the adult rule even when the manifest range would allow a minor', () => {
    const loose = variant(GUARDIAN, (m) => {
      m.insure.holder.ageBetween = [16, 65];
    });
    const young = idFor(17, '500103', '081');
    const form = withInsured(withHolder(guardianForm(), { licenceNo: young }), { licenceNo: young });
    expect(check(loose, form)).toEqual([{ path: 'policyHolder.licenceNo', message: MSG_HOLDER_ADULT }]);
  });

  it('ignores the insured phone, which the manifest hides', () => {
    expect(check(GUARDIAN, withInsured(guardianForm(), { phone: '123' }))).toEqual([]);
  });

  it('requires at least one ward', () => {
    expect(check(GUARDIAN, { ...guardianForm(), wards: [] })).toEqual([{ path: 'wards', message: MSG_REQUIRED }]);
    const { wards: _w, ...noWards } = guardianForm();
    expect(check(GUARDIAN, noWards)).toEqual([{ path: 'wards', message: MSG_REQUIRED }]);
  });

  it('refuses ward relation 02 and accepts 03 and 99', () => {
    expect(check(GUARDIAN, withWard(guardianForm(), { relaToHolder: '02' }))).toEqual([
      { path: 'wards.0.relaToHolder', message: '监护对象与投保人关系须为子女或其他' },
    ]);
    expect(check(GUARDIAN, withWard(guardianForm(), { relaToHolder: '99' }))).toEqual([]);
    expect(check(GUARDIAN, withWard(guardianForm(), { relaToHolder: '03' }))).toEqual([]);
  });

  it('builds the ward relation message from the manifest list', () => {
    expect(wardRelationMessage(['03', '99'])).toBe('监护对象与投保人关系须为子女或其他');
    expect(wardRelationMessage(['03', '09', '99'])).toBe('监护对象与投保人关系须为子女或孙子女/外孙子女或其他');
    const narrow = variant(GUARDIAN, (m) => {
      if (m.insure.ward) m.insure.ward.relations = ['03'];
    });
    expect(check(narrow, withWard(guardianForm(), { relaToHolder: '99' }))).toEqual([
      { path: 'wards.0.relaToHolder', message: '监护对象与投保人关系须为子女' },
    ]);
  });

  it('falls back to child-or-other when the manifest has no ward rules', () => {
    const bare = variant(GUARDIAN, (m) => {
      delete m.insure.ward;
    });
    expect(check(bare, guardianForm())).toEqual([]);
    expect(check(bare, withWard(guardianForm(), { relaToHolder: '01' }))).toEqual([
      { path: 'wards.0.relaToHolder', message: '监护对象与投保人关系须为子女或其他' },
    ]);
  });

  it('never verifies the ward phone', () => {
    expect(check(GUARDIAN, withWard(guardianForm(), { phone: '123' }))).toEqual([]);
    const req = variant(GUARDIAN, (m) => {
      if (m.insure.ward) m.insure.ward.phone = 'required';
    });
    expect(check(req, guardianForm())).toEqual([]);
  });

  it('validates ward fields with the ward messages and age range', () => {
    expect(check(GUARDIAN, withWard(guardianForm(), { name: '', licenceNo: '5001' }))).toEqual([
      { path: 'wards.0.name', message: MSG_REQUIRED },
      { path: 'wards.0.licenceNo', message: MSG_ID_LENGTH_WARD },
    ]);
    expect(check(GUARDIAN, withWard(guardianForm(), { licenceNo: idFor(18, '500103', '091') }))).toEqual([
      { path: 'wards.0.licenceNo', message: '监护对象年龄须在0-17周岁之间' },
    ]);
    // A birth certificate carries no birth date: the age is checked on the birthday given.
    const birthCertificate = { licenceType: '7', licenceNo: 'Q500103001', sex: '0' } as const;
    expect(check(GUARDIAN, withWard(guardianForm(), { ...birthCertificate, birthday: birthdayFor(5) }))).toEqual([]);
    expect(check(GUARDIAN, withWard(guardianForm(), { ...birthCertificate, birthday: birthdayFor(18) }))).toEqual([
      { path: 'wards.0.birthday', message: '监护对象年龄须在0-17周岁之间' },
    ]);
  });

  it('checks every ward in order', () => {
    const form = guardianForm();
    const first = form.wards?.[0] as WardLike;
    const second: WardLike = { relaToHolder: '05', name: '张小贝', licenceType: '0', licenceNo: idFor(4, '500103', '064') };
    expect(check(GUARDIAN, { ...form, wards: [first, second] })).toEqual([
      { path: 'wards.1.relaToHolder', message: '监护对象与投保人关系须为子女或其他' },
    ]);
  });
});

describe('checkApplication: ages are taken on the cover start date', () => {
  /** Xuzhou form whose insured was born on `birthday`. */
  const insuredBorn = (birthday: string) =>
    withInsured(xuzhouForm(), { licenceNo: makeIdCard('320311', birthday, '022') });
  const day = (d: Date, years: number, days = 0) =>
    dayjs(d).subtract(years, 'year').add(days, 'day').format('YYYY-MM-DD');

  it('accepts a child who turns 3 on the cover start date (still 2 on the order day)', () => {
    expect(check(XUZHOU, insuredBorn(day(COVER_START, 3)))).toEqual([]);
    // The same child measured on the order day would be refused.
    expect(checkApplication(XUZHOU, insuredBorn(day(COVER_START, 3)), NOW)).toEqual([
      { path: 'insureds.0.licenceNo', message: '被保人年龄须在3-25周岁之间' },
    ]);
  });

  it('refuses a child who turns 3 the day after the cover start date', () => {
    expect(check(XUZHOU, insuredBorn(day(COVER_START, 3, 1)))).toEqual([
      { path: 'insureds.0.licenceNo', message: '被保人年龄须在3-25周岁之间' },
    ]);
  });

  it('accepts 25 up to the day before the 26th birthday, refuses on the birthday', () => {
    expect(check(XUZHOU, insuredBorn(day(COVER_START, 26, 1)))).toEqual([]);
    expect(check(XUZHOU, insuredBorn(day(COVER_START, 26)))).toEqual([
      { path: 'insureds.0.licenceNo', message: '被保人年龄须在3-25周岁之间' },
    ]);
  });

  it('guardian: holder 18 on the cover start date passes, one day short does not', () => {
    const withHolderBorn = (birthday: string) => {
      const id = makeIdCard('500103', birthday, '051');
      return withInsured(withHolder(guardianForm(), { licenceNo: id }), { licenceNo: id });
    };
    expect(check(GUARDIAN, withHolderBorn(day(COVER_START, 18)))).toEqual([]);
    expect(check(GUARDIAN, withHolderBorn(day(COVER_START, 18, 1)))).toEqual([
      { path: 'policyHolder.licenceNo', message: MSG_HOLDER_ADULT },
    ]);
  });

  it('guardian: a ward who turns 18 on the cover start date is refused', () => {
    expect(check(GUARDIAN, withWard(guardianForm(), { licenceNo: makeIdCard('500103', day(COVER_START, 18), '062') }))).toEqual([
      { path: 'wards.0.licenceNo', message: '监护对象年龄须在0-17周岁之间' },
    ]);
    expect(check(GUARDIAN, withWard(guardianForm(), { licenceNo: makeIdCard('500103', day(COVER_START, 18, 1), '062') }))).toEqual([]);
  });

  it('a newborn ward born on the order day is accepted; one born after it is an invalid ID', () => {
    const today = dayjs(NOW).format('YYYY-MM-DD');
    expect(check(GUARDIAN, withWard(guardianForm(), { licenceNo: makeIdCard('500103', today, '062') }))).toEqual([]);
    const tomorrow = dayjs(NOW).add(1, 'day').format('YYYY-MM-DD');
    expect(check(GUARDIAN, withWard(guardianForm(), { licenceNo: makeIdCard('500103', tomorrow, '062') }))).toEqual([
      { path: 'wards.0.licenceNo', message: MSG_ID_CHECKSUM },
    ]);
  });
});

// ---------------------------------------------------------------- property

describe('checkApplication: property', () => {
  const NAMES = ['王小明', '李娜', '张伟', '刘洋', '陈静', '赵子涵', '欧阳娜娜', '阿依古丽·买买提', 'Tom', 'Lily王'];
  /** County codes inside each product's city. */
  const COUNTIES: Readonly<Record<string, readonly string[]>> = {
    '320300': ['320302', '320303', '320311', '320312', '320321', '320322', '320324', '320381', '320382'],
    '370800': ['370811', '370812', '370826', '370827', '370881', '370883'],
  };
  /** Holder prefixes outside both product cities, so a holder's ID can never equal an insured's. */
  const HOLDER_PREFIXES = ['110105', '310115', '440305', '510107'];

  const seq = fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0'));
  const phone = fc
    .tuple(fc.integer({ min: 3, max: 9 }), fc.integer({ min: 0, max: 999_999_999 }))
    .map(([second, rest]) => `1${second}${String(rest).padStart(9, '0')}`);
  /** Birthday of an age drawn from [min, max], anywhere in that year of life (364 days never crosses a birthday). */
  const birthdayIn = (min: number, max: number) =>
    fc
      .tuple(fc.integer({ min, max }), fc.integer({ min: 0, max: 364 }))
      .map(([age, days]) => dayjs(COVER_START).subtract(age, 'year').subtract(days, 'day').format('YYYY-MM-DD'));

  /** The `pick`-th grade (wrapping) of those that fit the age of someone born on `birthday`, on the cover start date. */
  const gradeFor = (birthday: string, pick: number): string => {
    const fitting = gradesForAge(ageInFullYears(birthday, COVER_START));
    return fitting[pick % fitting.length]!;
  };

  const range = (m: ProductManifest, who: 'holder' | 'insured'): [number, number] => {
    const [min, max] = m.insure[who].ageBetween ?? [0, 100];
    return [Number(min), Number(max)];
  };

  const application = (m: ProductManifest) => {
    const [hMin, hMax] = range(m, 'holder');
    const [iMin, iMax] = range(m, 'insured');
    const region = m.region;
    if (!region) throw new Error('student manifests have a sales region');
    return fc
      .record({
        plan: fc.constantFrom(...m.plans.map((p) => p.code)),
        factors: fc.tuple(...m.pricing.factors.map((f) => fc.constantFrom(...f.options.map((o) => [f.code, o.value] as const)))),
        holderName: fc.constantFrom(...NAMES),
        holderPrefix: fc.constantFrom(...HOLDER_PREFIXES),
        holderBirthday: birthdayIn(hMin, hMax),
        holderSeq: seq,
        holderPhone: phone,
        insuredName: fc.constantFrom(...NAMES),
        county: fc.constantFrom(...(COUNTIES[region.cityCode] ?? [])),
        insuredBirthday: birthdayIn(iMin, iMax),
        insuredSeq: seq,
        insuredPhone: fc.option(phone, { nil: undefined }),
        relation: fc.constantFrom(...(m.insure.insured.relations ?? ['03'])),
        schoolKind: fc.constantFrom(...(m.insure.schoolTypes ?? ['edu_07'])),
        // An index into the grades that fit the insured's age (a grade picked apart from the birthday
        // would be refused: no 幼儿园小班 at 11).
        gradePick: fc.nat(),
        social: fc.constantFrom('Y' as const, 'N' as const),
      })
      .map((r): ApplicationLike => ({
        planCode: r.plan,
        factors: Object.fromEntries(r.factors),
        policyHolder: {
          name: r.holderName,
          licenceType: '0',
          licenceNo: makeIdCard(r.holderPrefix, r.holderBirthday, r.holderSeq),
          phone: r.holderPhone,
        },
        insureds: [
          {
            relaToHolder: r.relation,
            isHolder: 'N',
            name: r.insuredName,
            licenceType: '0',
            licenceNo: makeIdCard(r.county, r.insuredBirthday, r.insuredSeq),
            phone: r.insuredPhone,
            // Choose-only products take a school of their list; the others take any name.
            schoolName: m.insure.schools?.[0]?.name ?? '第一实验学校',
            schoolKind: r.schoolKind,
            grade: gradeFor(r.insuredBirthday, r.gradePick),
            classAndGrade: '2班',
            provinceCode: region.provinceCode,
            cityCode: region.cityCode,
            countyCode: r.county,
            socialMedicalInsurance: r.social,
          },
        ],
      }));
  };

  it.each([
    ['xuzhou', XUZHOU],
    ['jining', JINING],
  ])('every valid generated %s student application passes', (_name, manifest) => {
    fc.assert(
      fc.property(application(manifest), (form) => {
        expect(check(manifest, form)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('checkApplication: one person, one identity', () => {
  it('checks an 18-digit mainland number as one under 户口本, 其他 and any other type', () => {
    const forty = idFor(40, '320311', '022');
    for (const licenceType of ['4', '8', 'C', '1']) {
      // A 40-year-old is no student, whatever document carries the number.
      expect(check(XUZHOU, withInsured(xuzhouForm(), { licenceType, licenceNo: forty }))).toEqual([
        { path: 'insureds.0.licenceNo', message: '被保人年龄须在3-25周岁之间' },
      ]);
      const wrongDigit = CHILD_ID.slice(0, 17) + (CHILD_ID.endsWith('1') ? '2' : '1');
      expect(check(XUZHOU, withInsured(xuzhouForm(), { licenceType, licenceNo: wrongDigit }))).toEqual([
        { path: 'insureds.0.licenceNo', message: MSG_ID_CHECKSUM },
      ]);
      // The number gives birthday and sex: none is asked for.
      expect(check(XUZHOU, withInsured(xuzhouForm(), { licenceType, licenceNo: CHILD_ID }))).toEqual([]);
    }
  });

  it('refuses an implausible birthday and a sex outside the list for other documents', () => {
    const passport = { licenceType: '1', licenceNo: 'E12345678', sex: '0' } as const;
    expect(check(XUZHOU, withInsured(xuzhouForm(), { ...passport, birthday: '2099-01-01' }))).toEqual([
      { path: 'insureds.0.birthday', message: MSG_BIRTHDAY_FUTURE },
    ]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { ...passport, birthday: '2015-02-30' }))).toEqual([
      { path: 'insureds.0.birthday', message: MSG_BIRTHDAY_INVALID },
    ]);
    expect(check(XUZHOU, withInsured(xuzhouForm(), { ...passport, birthday: '1899-12-31' }))).toEqual([
      { path: 'insureds.0.birthday', message: MSG_BIRTHDAY_INVALID },
    ]);
    const badSex = { ...passport, birthday: birthdayFor(10), sex: '2' } as unknown as Partial<InsuredLike>;
    expect(check(XUZHOU, withInsured(xuzhouForm(), badSex))).toEqual([{ path: 'insureds.0.sex', message: MSG_SEX_REQUIRED }]);
  });

  it('finds one person twice on a form: the same number under two types, or the same name and birthday', () => {
    const three = variant(XUZHOU, (m) => {
      m.insure.maxInsureds = 3;
    });
    const base = xuzhouForm();
    const first = base.insureds[0] as InsuredLike;
    expect(check(three, { ...base, insureds: [first, { ...first, licenceType: '4' }] })).toEqual([
      { path: 'insureds.1.licenceNo', message: MSG_DUPLICATE_INSURED_ID },
    ]);
    const child = CHILD_ID.slice(6, 14);
    const passport = { ...first, licenceType: '1', licenceNo: 'E12345678', birthday: `${child.slice(0, 4)}-${child.slice(4, 6)}-${child.slice(6)}`, sex: '1' as const };
    expect(check(three, { ...base, insureds: [first, passport] })).toEqual([
      { path: 'insureds.1.name', message: MSG_DUPLICATE_INSURED_PERSON },
    ]);
    // Two valid mainland numbers are two people, even with one name and birthday (twins named alike are rare, namesakes are not).
    const namesake = { ...first, licenceNo: makeIdCard('320311', passport.birthday, '044') };
    expect(check(three, { ...base, insureds: [first, namesake] })).toEqual([]);
  });
});
