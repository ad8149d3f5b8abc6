/**
 * Checks a whole application form against a product manifest (spec §3
 * "Application form", §5 "Validation rules"). The same function runs in the
 * browser before the confirm page and on the server before an order is
 * submitted, so both sides refuse exactly the same forms with the same words.
 *
 * Field rules (phone, name, ID number, e-mail, required) come from
 * `../rules`; this file only decides which rule applies to which field
 * according to the manifest, and adds the cross-field rules.
 */
import type { Person, ProductManifest } from '../manifest/manifest-types.generated.ts';
import { RELATIONS, SCHOOL_TYPES, ID_TYPES, WARD_RELATIONS, enumLabel, GENDERS } from '../rules/enums.ts';
import { parseIdCard, validateIdCard, ageInDays, ageInFullMonths, ageInFullYears, type IdCardRole } from '../rules/id-card.ts';
import {
  MSG_BIRTHDAY_REQUIRED,
  MSG_DUPLICATE_INSURED_PERSON,
  MSG_GUARANTEE_YEARS,
  MSG_REQUIRED,
  MSG_SEX_REQUIRED,
} from '../rules/messages.ts';
import { documentIdentity, isMainlandNumber, personFacts, validateBirthday, type PersonDocument } from '../rules/person.ts';
import { guaranteeYearsOf } from '../pricing/premium.ts';
import { gradeAgeMessage, gradeFitsAge } from '../rules/grades.ts';
import { cityOf, isProvincePrefix, provinceOf, regionLevel } from '../rules/regions.ts';
import { HK_MO_TW_TYPES, validateEmail, validateHkMoTwCard, validateName, validatePhone, validateRequired, validateSchoolNameText } from '../rules/validators.ts';
import type { ApplicationLike, ApplicationProblem, HolderLike, InsuredLike, WardLike } from './application-types.ts';

export type { ApplicationLike, ApplicationProblem, HolderLike, InsuredLike, WardLike, YesNoLike } from './application-types.ts';

// ---------------------------------------------------------------- messages
//
// The spec gives no message for any of the rules below (it only states the
// guardian rules and the required/format messages used from ../rules).
// These wordings are our own; keep them in step with the UI and the tests.

/** The insured's relation to the holder is not one the product accepts. */
export const MSG_INSURED_RELATION = '被保人与投保人关系不符合投保要求';
/** Guardian template: the insured must be the holder themself. */
export const MSG_INSURED_ONLY_HOLDER = '被保险人仅限投保人本人';
/** Guardian template: the holder must be at least 18 on the cover start date. */
export const MSG_HOLDER_ADULT = '投保人须年满18周岁';
/** The insured is not the holder (relation ≠ 00) but carries the holder's document. */
export const MSG_INSURED_SAME_ID_AS_HOLDER = '被保人与投保人证件号不能相同';
/** More insureds than `insure.maxInsureds`. */
export const MSG_TOO_MANY_INSUREDS = '被保人数量超出上限';
/** Two insureds carry the same document. */
export const MSG_DUPLICATE_INSURED_ID = '被保人证件号重复';
/** The plan code is not one of the manifest's plans. */
export const MSG_PLAN = '请选择保障方案';
/**
 * Copies outside 1..`pricing.maxCopies`. Also used for 0, negative and
 * fractional values, which a stepper cannot produce: only a tampered request
 * gets there, and one message is enough for it.
 */
export const MSG_COPIES = '购买份数超出上限';
/** A factor key is not a pricing factor of the product, or its value is not an option. */
export const MSG_FACTOR = '保费因子取值无效';
/**
 * Region codes that do not nest (county inside city inside province) or are
 * not of the right level. A cascader cannot produce that, so it means a
 * stale or tampered value.
 */
export const MSG_REGION = '请选择正确的所在地区';
/** Our wording (the spec gives none): a school typed in where the product only allows choosing one. */
export const MSG_SCHOOL_NOT_LISTED = '请从列表中选择学校';

/** Whose age is out of range; selects the subject of {@link ageRangeMessage}. */
export type PersonRole = IdCardRole;

const ROLE_SUBJECT: Readonly<Record<PersonRole, string>> = {
  holder: '投保人',
  insured: '被保人',
  ward: '监护对象',
};

/**
 * Message for an age outside `person.ageBetween`, e.g. 被保人年龄须在3-25周岁之间.
 * Our own wording: the spec states the age range but no message.
 */
export function ageRangeMessage(role: PersonRole, min: number, max: number): string {
  return `${ROLE_SUBJECT[role]}年龄须在${min}-${max}周岁之间`;
}

/** Message for a person younger than `person.minAgeDays` on the cover start date, e.g. 被保人须出生满28天. */
export function minAgeDaysMessage(role: PersonRole, days: number): string {
  return `${ROLE_SUBJECT[role]}须出生满${days}天`;
}

/** Message for a person younger than `person.minAgeMonths` on the cover start date, e.g. 被保人须出生满6个月. */
export function minAgeMonthsMessage(role: PersonRole, months: number): string {
  return `${ROLE_SUBJECT[role]}须出生满${months}个月`;
}

/**
 * Message for a ward relation outside `allowed`, built from the relation
 * labels so that it follows the manifest: ['03', '99'] gives
 * 监护对象与投保人关系须为子女或其他. Unknown codes are shown as-is.
 */
export function wardRelationMessage(allowed: readonly string[]): string {
  const labels = allowed.map((code) => enumLabel(RELATIONS, code) ?? code);
  return `监护对象与投保人关系须为${labels.join('或')}`;
}

// ---------------------------------------------------------------- constants

/** Relation code of the holder themself. */
const SELF = '00';
/** Guardian template: the holder must be an adult whatever `holder.ageBetween` says (spec §5). */
const ADULT_AGE = 18;
const CODE6 = /^\d{6}$/;

// ---------------------------------------------------------------- helpers

/**
 * Collects problems, keeping at most one per path: checks run from the most
 * basic (required) to the most specific (age), so the first problem found on
 * a field is the one worth showing next to it.
 */
class Problems {
  readonly list: ApplicationProblem[] = [];
  private readonly paths = new Set<string>();

  add(path: string, message: string): void {
    if (this.paths.has(path)) return;
    this.paths.add(path);
    this.list.push({ path, message });
  }

  has(path: string): boolean {
    return this.paths.has(path);
  }
}

interface Context {
  readonly manifest: ProductManifest;
  readonly problems: Problems;
  /** Reference date for ID numbers (a birth date after it is refused). */
  readonly now: Date;
  /** Ages are taken on this date (spec schema: "age in full years on the cover start date"). */
  readonly coverStart: Date;
}

/** Adds MSG_REQUIRED when `value` is missing or blank; returns whether it is present. */
function required(ctx: Context, path: string, value: unknown): value is string {
  const message = validateRequired(value);
  if (message !== null) {
    ctx.problems.add(path, message);
    return false;
  }
  return typeof value === 'string';
}

/** Runs a `null`-or-message validator and records its message. */
function apply(ctx: Context, path: string, message: string | null): void {
  if (message !== null) ctx.problems.add(path, message);
}

/**
 * A document as a comparable key: a mainland number is one person under any
 * type; numbers compare case-insensitively (ID check digit x/X).
 */
const documentKey = documentIdentity;

/** Inclusive [min, max] of a person rule, or null when absent or malformed. */
function ageRange(rule: Person | undefined): readonly [number, number] | null {
  const range = rule?.ageBetween;
  if (!range) return null;
  const [min, max] = range;
  return typeof min === 'number' && typeof max === 'number' ? [min, max] : null;
}

/** Where an age comes from: the ID number field, or the birthday typed for another document. */
interface KnownAge {
  age: number;
  /** Whole days old on the cover start date. */
  days: number;
  /** Full months old on the cover start date. */
  months: number;
  path: string;
}

/**
 * Checks name-independent document fields of one person (one person,
 * one identity).
 *
 * - A mainland number, under 身份证 or any type that can hold one (户口本, 其他,
 *   ...), is checked as a mainland ID number and gives the age.
 * - Any other document carries no birth date: the birthday and sex given are
 *   required and checked, and the birthday gives the age.
 *
 * @returns the age in full years on the cover start date and the field it
 *          comes from, or null when the document is not complete and valid.
 */
function checkDocument(ctx: Context, base: string, person: PersonDocument, role: IdCardRole): KnownAge | null {
  const typePath = `${base}.licenceType`;
  const noPath = `${base}.licenceNo`;
  const hasType = required(ctx, typePath, person.licenceType);
  // An unknown type code is what a picker sends when nothing valid was chosen.
  const knownType = hasType && enumLabel(ID_TYPES, person.licenceType) !== undefined;
  if (hasType && !knownType) ctx.problems.add(typePath, MSG_REQUIRED);
  if (!required(ctx, noPath, person.licenceNo) || !knownType) return null;

  if (isMainlandNumber(person.licenceType, person.licenceNo)) {
    const message = validateIdCard(person.licenceNo, role, ctx.now);
    if (message !== null) {
      ctx.problems.add(noPath, message);
      return null;
    }
    const parsed = parseIdCard(person.licenceNo, ctx.now);
    return parsed.ok ? knownAge(parsed.birthday, ctx.coverStart, noPath) : null;
  }
  if (HK_MO_TW_TYPES.has(person.licenceType)) apply(ctx, noPath, validateHkMoTwCard(person.licenceNo));
  // Other documents (passport, birth certificate, ...) have no format rule, and no birth date.
  return checkGivenBirthday(ctx, base, person);
}

/** The age on the cover start date in each unit a manifest may write it in, and the field it comes from. */
function knownAge(birthday: string, coverStart: Date, path: string): KnownAge {
  return { age: ageInFullYears(birthday, coverStart), days: ageInDays(birthday, coverStart), months: ageInFullMonths(birthday, coverStart), path };
}

/** A document without a birth date: birthday and sex are required and plausible; the birthday gives the age. */
function checkGivenBirthday(ctx: Context, base: string, person: PersonDocument): KnownAge | null {
  const birthdayPath = `${base}.birthday`;
  const sexPath = `${base}.sex`;
  let known: KnownAge | null = null;
  if (validateRequired(person.birthday) !== null || person.birthday === undefined) {
    ctx.problems.add(birthdayPath, MSG_BIRTHDAY_REQUIRED);
  } else {
    const message = validateBirthday(person.birthday, ctx.now);
    if (message !== null) ctx.problems.add(birthdayPath, message);
    else known = knownAge(person.birthday, ctx.coverStart, birthdayPath);
  }
  if (person.sex === undefined || enumLabel(GENDERS, person.sex) === undefined) ctx.problems.add(sexPath, MSG_SEX_REQUIRED);
  return known;
}

/** Records an age-range problem on the field the age comes from (the ID number, or the birthday). */
function checkAge(ctx: Context, known: KnownAge | null, rule: Person | undefined, role: PersonRole): void {
  const range = ageRange(rule);
  if (known === null) return;
  if (range !== null) {
    const [min, max] = range;
    if (known.age < min || known.age > max) return ctx.problems.add(known.path, ageRangeMessage(role, min, max));
  }
  const minDays = rule?.minAgeDays;
  if (minDays !== undefined && known.days < minDays) ctx.problems.add(known.path, minAgeDaysMessage(role, minDays));
  const minMonths = rule?.minAgeMonths;
  if (minMonths !== undefined && known.months < minMonths) ctx.problems.add(known.path, minAgeMonthsMessage(role, minMonths));
}

/** Name and birthday as one key, for people whose documents cannot be compared; null when the birthday is unknown. */
function nameBirthdayKey(ctx: Context, person: PersonDocument & { name: string }): string | null {
  const { birthday } = personFacts(person, ctx.now);
  const name = person.name.trim();
  return birthday === null || name === '' ? null : `${name}|${birthday}`;
}

function checkName(ctx: Context, path: string, name: string): void {
  if (required(ctx, path, name)) apply(ctx, path, validateName(name, 'standard'));
}

/** A field that is validated when present and, when `mandatory`, required. */
function checkOptionalField(
  ctx: Context,
  path: string,
  value: string | undefined,
  mandatory: boolean,
  validate: (v: string) => string | null,
): void {
  if (mandatory) {
    if (required(ctx, path, value)) apply(ctx, path, validate(value));
  } else if (validateRequired(value) === null && value !== undefined) {
    apply(ctx, path, validate(value));
  }
}

// ---------------------------------------------------------------- plan

function checkPlan(ctx: Context, form: ApplicationLike): void {
  const { plans, pricing } = ctx.manifest;
  if (!plans.some((plan) => plan.code === form.planCode)) ctx.problems.add('planCode', MSG_PLAN);

  const copies = form.copies ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || copies > pricing.maxCopies) {
    ctx.problems.add('copies', MSG_COPIES);
  }

  if (form.insureYear !== undefined && !guaranteeYearsOf(ctx.manifest).includes(form.insureYear)) {
    ctx.problems.add('insureYear', MSG_GUARANTEE_YEARS);
  }

  // Missing factors are fine: the quote and the order fill in the manifest default.
  for (const [code, value] of Object.entries(form.factors ?? {})) {
    const factor = pricing.factors.find((f) => f.code === code);
    if (!factor || !factor.options.some((option) => option.value === value)) {
      ctx.problems.add(`factors.${code}`, MSG_FACTOR);
    }
  }
}

// ---------------------------------------------------------------- holder

function checkHolder(ctx: Context, holder: HolderLike): void {
  const base = 'policyHolder';
  const rule = ctx.manifest.insure.holder;
  checkName(ctx, `${base}.name`, holder.name);

  const known = checkDocument(ctx, base, holder, 'holder');
  // Spec §5 guardian rule; checked before the manifest range so that a
  // 17-year-old reads the rule itself rather than a range that implies it.
  if (ctx.manifest.insure.template === 'guardian' && known !== null && known.age < ADULT_AGE) {
    ctx.problems.add(known.path, MSG_HOLDER_ADULT);
  }
  checkAge(ctx, known, rule, 'holder');

  // The holder's phone is always required: it is the contact of the policy and the login account.
  checkOptionalField(ctx, `${base}.phone`, holder.phone, true, validatePhone);
  // The holder's e-mail is required only when the manifest asks for it (and not as optional or from an age the
  // holder has not reached), but a typed-in address must be well-formed either way (policies are mailed to it).
  const emailRequired = askedFields(rule, known?.age ?? null).has('email') && !(rule.optionalFields ?? []).includes('email');
  checkOptionalField(ctx, `${base}.email`, holder.email, emailRequired, validateEmail);
}

// ---------------------------------------------------------------- insureds

/** Region codes: each required, then province ⊃ city ⊃ county (spec §5: three levels configured). */
function checkRegion(ctx: Context, base: string, insured: InsuredLike): void {
  const province = insured.provinceCode;
  const city = insured.cityCode;
  const county = insured.countyCode;
  const hasProvince = required(ctx, `${base}.provinceCode`, province);
  const hasCity = required(ctx, `${base}.cityCode`, city);
  const hasCounty = required(ctx, `${base}.countyCode`, county);
  if (!hasProvince || !hasCity || !hasCounty) return;

  // regionLevel/provinceOf/cityOf throw on anything but 6 digits, hence the CODE6 guards.
  if (!CODE6.test(province) || regionLevel(province) !== 'province' || !isProvincePrefix(province.slice(0, 2))) {
    ctx.problems.add(`${base}.provinceCode`, MSG_REGION);
  } else if (!CODE6.test(city) || regionLevel(city) !== 'city' || provinceOf(city) !== province) {
    ctx.problems.add(`${base}.cityCode`, MSG_REGION);
  } else if (!CODE6.test(county) || regionLevel(county) !== 'county' || cityOf(county) !== city) {
    ctx.problems.add(`${base}.countyCode`, MSG_REGION);
  }
}

type FieldName = NonNullable<Person['fields']>[number];

/**
 * The extra fields of `rule.fields` asked of a person of `age` (full years on
 * the cover start date; null when the document gives none: every field is
 * asked): all but those of `fieldsFromAge` the person is too young for.
 */
function askedFields(rule: Person, age: number | null): Set<FieldName> {
  const from = rule.fieldsFromAge ?? {};
  return new Set((rule.fields ?? []).filter((field) => age === null || (from[field] ?? 0) <= age));
}

/**
 * The extra fields `insure.insured.fields` asks for: each asked field is
 * required unless `optionalFields` lists it (then a value given is checked);
 * a field the insured is too young for (`fieldsFromAge`) is not checked.
 * `age`: the insured's age on the cover start date, null when the document gives none;
 * `ageAccepted`: whether the rules accept that age (the grade is compared only with an accepted one).
 */
function checkInsuredFields(ctx: Context, base: string, insured: InsuredLike, rule: Person, age: number | null, ageAccepted: boolean): void {
  const asked = askedFields(rule, age);
  const optional = new Set(rule.optionalFields ?? []);
  // Whether to check a field's value: it is asked, and given or required (a missing required one is recorded).
  const checked = (field: FieldName, value: unknown): boolean => asked.has(field) && !(optional.has(field) && validateRequired(value) !== null);
  function need(field: FieldName, path: string, value: unknown): value is string {
    return checked(field, value) && required(ctx, path, value);
  }
  if (need('school', `${base}.schoolName`, insured.schoolName)) {
    apply(ctx, `${base}.schoolName`, validateSchoolNameText(insured.schoolName));
    // Mode 02 is choose-only: a name outside the product's school list is refused, whatever the client sent.
    const schools = ctx.manifest.insure.schools ?? [];
    if (ctx.manifest.insure.customSchoolMode === '02' && !schools.some((school) => school.name === insured.schoolName)) {
      ctx.problems.add(`${base}.schoolName`, MSG_SCHOOL_NOT_LISTED);
    }
  }
  if (need('schoolType', `${base}.schoolKind`, insured.schoolKind)) {
    // The picker offers the manifest's school types (all types when it lists none);
    // anything else counts as not chosen.
    const offered = ctx.manifest.insure.schoolTypes;
    const ok = offered ? offered.includes(insured.schoolKind) : enumLabel(SCHOOL_TYPES, insured.schoolKind) !== undefined;
    if (!ok) ctx.problems.add(`${base}.schoolKind`, MSG_REQUIRED);
  }
  // School nature and class codes are not fixed by the spec (our enum codes
  // are our own), so only their presence is checked.
  need('schoolNature', `${base}.schoolNature`, insured.schoolNature);
  if (need('collegeName', `${base}.collegeName`, insured.collegeName)) {
    apply(ctx, `${base}.collegeName`, validateSchoolNameText(insured.collegeName));
  }
  // The grade must fit the age (manifests/registry/grades.json): no 幼儿园小班 at 11.
  if (need('grade', `${base}.grade`, insured.grade) && age !== null && ageAccepted && !gradeFitsAge(insured.grade, age)) {
    ctx.problems.add(`${base}.grade`, gradeAgeMessage(insured.grade));
  }
  need('classAndGrade', `${base}.classAndGrade`, insured.classAndGrade);
  if (checked('region', insured.countyCode ?? insured.cityCode ?? insured.provinceCode)) checkRegion(ctx, base, insured);
  const social = `${base}.socialMedicalInsurance`;
  const socialValue: unknown = insured.socialMedicalInsurance;
  if (need('socialSecurity', social, socialValue) && socialValue !== 'Y' && socialValue !== 'N') ctx.problems.add(social, MSG_REQUIRED);
  if (asked.has('email')) checkOptionalField(ctx, `${base}.email`, insured.email, !optional.has('email'), validateEmail);
}

function checkInsuredRelation(ctx: Context, path: string, relation: string, rule: Person): void {
  if (!required(ctx, path, relation)) return;
  const { template } = ctx.manifest.insure;
  if (template === 'guardian') {
    // Spec §5: in the guardian template the insured is only the holder.
    if (relation !== SELF) ctx.problems.add(path, MSG_INSURED_ONLY_HOLDER);
    return;
  }
  const allowed: readonly string[] | undefined = rule.relations;
  const ok = allowed
    ? allowed.includes(relation)
    : // Without a list any known relation goes, except that a student product
      // insures a student, never the (adult) holder themself.
      enumLabel(RELATIONS, relation) !== undefined && !(template === 'student' && relation === SELF);
  if (!ok) ctx.problems.add(path, MSG_INSURED_RELATION);
}

function checkInsureds(ctx: Context, form: ApplicationLike): void {
  const { insure } = ctx.manifest;
  const guardian = insure.template === 'guardian';
  const rule = insure.insured;
  const { insureds, policyHolder: holder } = form;

  if (insureds.length === 0) {
    ctx.problems.add('insureds', MSG_REQUIRED);
  } else if (guardian && insureds.length > 1) {
    // Spec §5: exactly one insured, the holder, whatever maxInsureds says.
    ctx.problems.add('insureds', MSG_INSURED_ONLY_HOLDER);
  } else if (insureds.length > (insure.maxInsureds ?? 1)) {
    ctx.problems.add('insureds', MSG_TOO_MANY_INSUREDS);
  }

  const holderKey = documentKey(holder);
  const seen = new Set<string>();
  // People whose documents differ may still be one person: a name and birthday seen twice, one of them
  // without a mainland number (two valid mainland numbers are two people).
  const seenPeople = new Map<string, boolean>();
  insureds.forEach((insured, i) => {
    const base = `insureds.${i}`;
    checkInsuredRelation(ctx, `${base}.relaToHolder`, insured.relaToHolder, rule);
    if (guardian && insured.isHolder !== 'Y') ctx.problems.add(`${base}.isHolder`, MSG_INSURED_ONLY_HOLDER);

    checkName(ctx, `${base}.name`, insured.name);
    if (guardian && !ctx.problems.has(`${base}.name`) && insured.name !== holder.name) {
      ctx.problems.add(`${base}.name`, MSG_INSURED_ONLY_HOLDER);
    }

    const known = checkDocument(ctx, base, insured, 'insured');
    const key = documentKey(insured);
    if (key !== null && !ctx.problems.has(`${base}.licenceNo`) && !ctx.problems.has(`${base}.licenceType`)) {
      if (guardian) {
        // Only compared once the holder's document is complete; otherwise the holder's own field shows the problem.
        if (holderKey !== null && key !== holderKey) ctx.problems.add(`${base}.licenceNo`, MSG_INSURED_ONLY_HOLDER);
      } else if (insured.relaToHolder !== SELF && key === holderKey) {
        ctx.problems.add(`${base}.licenceNo`, MSG_INSURED_SAME_ID_AS_HOLDER);
      }
      if (seen.has(key)) ctx.problems.add(`${base}.licenceNo`, MSG_DUPLICATE_INSURED_ID);
      seen.add(key);
      const person = nameBirthdayKey(ctx, insured);
      if (person !== null && !guardian) {
        const mainland = isMainlandNumber(insured.licenceType, insured.licenceNo);
        const before = seenPeople.get(person);
        if (before !== undefined && !(before && mainland)) ctx.problems.add(`${base}.name`, MSG_DUPLICATE_INSURED_PERSON);
        seenPeople.set(person, (before ?? true) && mainland);
      }
    }
    checkAge(ctx, known, rule, 'insured');

    // 'required' → required and verified; 'optional' (also when unset) → verified when given; 'hidden' → ignored.
    const phone = rule.phone ?? 'optional';
    if (phone !== 'hidden') checkOptionalField(ctx, `${base}.phone`, insured.phone, phone === 'required', validatePhone);

    // The fields asked follow the age even when the rules refuse it (a baby too young is asked no school);
    // the grade is compared only with an age the rules accept: an age out of range is the one problem shown.
    checkInsuredFields(ctx, base, insured, rule, known?.age ?? null, known !== undefined && known !== null && !ctx.problems.has(known.path));
  });
}

// ---------------------------------------------------------------- wards

function checkWards(ctx: Context, wards: readonly WardLike[] | undefined): void {
  const rule = ctx.manifest.insure.ward;
  if (!wards || wards.length === 0) {
    ctx.problems.add('wards', MSG_REQUIRED);
    return;
  }
  // Spec §5: child or other, unless the manifest narrows or restates the list.
  const allowed: readonly string[] = rule?.relations ?? WARD_RELATIONS;
  wards.forEach((ward, i) => {
    const base = `wards.${i}`;
    const relationPath = `${base}.relaToHolder`;
    if (required(ctx, relationPath, ward.relaToHolder) && !allowed.includes(ward.relaToHolder)) {
      ctx.problems.add(relationPath, wardRelationMessage(allowed));
    }
    checkName(ctx, `${base}.name`, ward.name);
    checkAge(ctx, checkDocument(ctx, base, ward, 'ward'), rule, 'ward');
    // Spec §5: the ward's phone need not be verified, so it is never checked,
    // even when typed in and even if the manifest says 'optional'/'required'.
  });
}

// ---------------------------------------------------------------- entry point

/**
 * Checks an application form against the rules of its product manifest.
 *
 * Problems are returned in a stable order: plan, copies, guarantee years and factors first
 * (chosen before the form is filled), then the holder, each insured and each
 * ward, fields in form order. At most one problem is reported per path, the
 * most basic one (missing, then malformed, then a business rule).
 *
 * Wards are only read in the guardian template; other templates ignore them.
 *
 * @param manifest   the product's manifest
 * @param form       the form (the contract's ApplicationFormInput is assignable)
 * @param now        reference date for ID numbers: a birth date after it is refused
 * @param coverStart date the ages are taken on (full years); defaults to `now`
 * @returns every problem found, or an empty array when the form is valid
 */
export function checkApplication(
  manifest: ProductManifest,
  form: ApplicationLike,
  now: Date,
  coverStart: Date = now,
): ApplicationProblem[] {
  const ctx: Context = { manifest, problems: new Problems(), now, coverStart };
  checkPlan(ctx, form);
  checkHolder(ctx, form.policyHolder);
  checkInsureds(ctx, form);
  if (manifest.insure.template === 'guardian') checkWards(ctx, form.wards);
  return ctx.problems.list;
}
