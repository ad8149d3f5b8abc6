/**
 * Manifest → insure form (spec §3 "Application form", "Insured"; §5).
 *
 * Builds the JSON Schema and uiSchema that @rjsf renders as the insure form,
 * and converts between the three shapes one application takes on its way:
 *
 *   form data  ⇄  draft (what local storage keeps)  →  application (what
 *   `checkApplication` and the order read)
 *
 * The form knows the insure templates (student, guardian, adult), never a
 * product code: everything product-specific comes from `manifest.insure`.
 * Pure TypeScript: the schema is plain data, so both the web app and the
 * tests use it without React.
 */
import type { Person, ProductManifest } from '../manifest/manifest-types.generated.ts';
import {
  CLASS_OPTIONS,
  GENDER_OPTIONS,
  GRADE_OPTIONS,
  ID_TYPE_ID_CARD,
  ID_TYPE_OPTIONS,
  RELATION_OPTIONS,
  SCHOOL_NATURE_OPTIONS,
  SCHOOL_TYPE_OPTIONS,
  WARD_RELATIONS,
  type EnumOption,
} from '../rules/enums.ts';
import { parseIdCard } from '../rules/id-card.ts';
import { DEFAULT_REGION_CODE } from '../rules/regions.ts';
import { isMainlandNumber } from '../rules/person.ts';
import type { ApplicationLike, HolderLike, InsuredLike, WardLike, YesNoLike } from './application-types.ts';

// ---------------------------------------------------------------- types

/** The subset of JSON Schema (draft-07) the insure form uses; assignable to rjsf's RJSFSchema. */
export interface FormJsonSchema {
  type?: 'object' | 'array' | 'string';
  title?: string;
  description?: string;
  properties?: Record<string, FormJsonSchema>;
  required?: string[];
  items?: FormJsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: string[];
  maxLength?: number;
  readOnly?: boolean;
}

/** uiSchema of one node: `ui:*` keys plus the uiSchemas of its children. */
export type FormUiSchema = { [key: string]: unknown };

/** What {@link buildInsureFormSchema} returns. */
export interface InsureFormSchema {
  schema: FormJsonSchema;
  uiSchema: FormUiSchema;
}

/** Region codes of an insured, held as one value by the region cascader. */
export interface RegionValue {
  provinceCode?: string;
  cityCode?: string;
  countyCode?: string;
}

/**
 * Fields shared by every person on the form. `sex` and `birthday` are derived
 * from a mainland ID number (under any document type) and typed in for other
 * documents.
 */
export interface PersonFormData {
  name?: string;
  licenceType?: string;
  licenceNo?: string;
  sex?: '0' | '1';
  birthday?: string;
  phone?: string;
  email?: string;
}

/** An insured on the form: the engine's insured fields, all optional while typed, with the region codes held as one value. */
export interface InsuredFormData
  extends PersonFormData,
    Partial<Pick<InsuredLike, 'relaToHolder' | 'schoolName' | 'schoolKind' | 'schoolNature' | 'collegeName' | 'grade' | 'classAndGrade' | 'socialMedicalInsurance'>> {
  region?: RegionValue;
}

export interface WardFormData extends PersonFormData {
  relaToHolder?: string;
}

/** The insure form's data. `insureds` is absent in the guardian template, `wards` in the others. */
export interface InsureFormData {
  policyHolder: PersonFormData;
  insureds?: InsuredFormData[];
  wards?: WardFormData[];
}

/**
 * A form in progress as it is stored (flat region codes, no derived fields).
 * The web app's `InsureDraft` (contract types, all fields optional) is assignable.
 */
export interface InsureDraftLike {
  policyHolder: Partial<HolderLike>;
  insureds: readonly Partial<InsuredLike>[];
  wards: readonly Partial<WardLike>[];
  /** The health notice answers given so far (the notice section of the insure page keeps them beside the form). */
  healthAnswers?: Readonly<Record<string, string>>;
}

/** The draft in the shape {@link draftFromFormData} returns (mutable arrays). */
export interface InsureDraftData {
  policyHolder: Partial<HolderLike>;
  insureds: Partial<InsuredLike>[];
  wards: Partial<WardLike>[];
}

/** The plan choice an application carries (from planMsg). */
export interface PlanChoice {
  planCode: string;
  copies?: number;
  factors?: Readonly<Record<string, string>>;
  /**
   * Guarantee years (planMsg.years), for products that let the parent choose
   * them; without it the product's first allowed value applies.
   */
  insureYear?: number;
}

/** {@link ApplicationLike} with mutable arrays, so that it also fits the contract's ApplicationFormInput. */
export interface ApplicationData extends ApplicationLike {
  policyHolder: HolderLike;
  insureds: InsuredLike[];
  wards?: WardLike[];
}

// ---------------------------------------------------------------- constants

/** Relation code of the holder themself. */
const SELF = '00';

/** What the sex and birthday fields say while a mainland number has not given them yet. */
export const DERIVED_PLACEHOLDER = '根据身份证号自动识别';

/** Yes/no choice of social medical insurance (spec §2 confirm page: social-security yes/no). */
export const YES_NO_OPTIONS = [
  { value: 'Y', label: '是' },
  { value: 'N', label: '否' },
] as const satisfies readonly EnumOption<YesNoLike>[];

/** Section titles. */
export const SECTION_TITLES = {
  policyHolder: '投保人信息',
  insureds: '被保人信息',
  wards: '监护对象信息',
} as const;

/** Field titles, shared with the confirm page. */
export const FIELD_TITLES = {
  name: '姓名',
  licenceType: '证件类型',
  licenceNo: '证件号码',
  sex: '性别',
  birthday: '出生日期',
  phone: '手机号码',
  email: '电子邮箱',
  relaToHolder: '与投保人关系',
  region: '所在地区',
  schoolKind: '学校类型',
  schoolName: '学校名称',
  schoolNature: '学校性质',
  collegeName: '学院名称',
  grade: '年级',
  classAndGrade: '班级',
  socialMedicalInsurance: '有无社保',
} as const;

/** Longest values the order contract accepts (src/contract/order.ts), so a form that passes is never refused for length. */
const MAX_LENGTH = {
  name: 40,
  licenceNo: 32,
  phone: 11,
  email: 80,
  schoolName: 60,
  collegeName: 60,
  classAndGrade: 20,
} as const;

/** Holder fields a guardian-template insured copies (the insured is the holder). */
const IDENTITY_FIELDS = ['name', 'licenceType', 'licenceNo', 'sex', 'birthday', 'phone'] as const;
const REGION_FIELDS = ['provinceCode', 'cityCode', 'countyCode'] as const;

/** Insured fields asked for by `insured.fields`, in form order. Region first: it narrows the school. */
const INSURED_FIELD_ORDER = [
  'region',
  'schoolKind',
  'schoolName',
  'schoolNature',
  'collegeName',
  'grade',
  'classAndGrade',
  'socialMedicalInsurance',
  'email',
] as const;
type InsuredExtraField = (typeof INSURED_FIELD_ORDER)[number];

/** Manifest field name (`insure.insured.fields`) → form property. */
const MANIFEST_FIELD: Readonly<Record<NonNullable<Person['fields']>[number], InsuredExtraField>> = {
  school: 'schoolName',
  schoolType: 'schoolKind',
  schoolNature: 'schoolNature',
  collegeName: 'collegeName',
  grade: 'grade',
  classAndGrade: 'classAndGrade',
  region: 'region',
  socialSecurity: 'socialMedicalInsurance',
  email: 'email',
};

// ---------------------------------------------------------------- schema helpers

/** The Chinese labels of each {@link labelledEnum} schema, moved to its uiSchema by {@link objectSchema}. */
const ENUM_LABELS = new WeakMap<FormJsonSchema, string[]>();

/**
 * A labelled enum: the codes as `enum`, the Chinese labels as the field's `ui:enumNames` (added by
 * {@link objectSchema}); rjsf renders a select with the labels. Not `oneOf` of `{const, title}`:
 * rjsf matches a value against every `oneOf` option (through the validator) on each render.
 */
function labelledEnum(title: string, options: readonly EnumOption[]): FormJsonSchema {
  const schema: FormJsonSchema = { type: 'string', title, enum: options.map((o) => o.value) };
  ENUM_LABELS.set(schema, options.map((o) => o.label));
  return schema;
}

/** Options of `all` whose value is in `codes`, in `codes` order; unknown codes are skipped. */
function pick(all: readonly EnumOption[], codes: readonly string[]): EnumOption[] {
  return codes.flatMap((code) => all.filter((o) => o.value === code));
}

function text(title: string, maxLength: number): FormJsonSchema {
  return { type: 'string', title, maxLength };
}

/** Relations offered for the insured: the manifest's list, else all (a student product never insures the holder). */
export function insuredRelations(manifest: ProductManifest): readonly string[] {
  const { template, insured } = manifest.insure;
  if (template === 'guardian') return [SELF];
  if (insured.relations) return insured.relations;
  const all = RELATION_OPTIONS.map((o) => o.value);
  return template === 'student' ? all.filter((code) => code !== SELF) : all;
}

/** Relations offered for a ward: the manifest's list, else child or other (spec §5). */
export function wardRelations(manifest: ProductManifest): readonly string[] {
  return manifest.insure.ward?.relations ?? WARD_RELATIONS;
}

/** School types offered: the manifest's list, else every type. */
export function schoolTypes(manifest: ProductManifest): readonly string[] {
  return manifest.insure.schoolTypes ?? SCHOOL_TYPE_OPTIONS.map((o) => o.value);
}

/** How a person rule asks an extra field (a form property): optional (选填), and from which age (fieldsFromAge). */
function fieldRule(rule: Person, field: InsuredExtraField | 'email'): { optional: boolean; fromAge?: number } {
  const names = (Object.keys(MANIFEST_FIELD) as NonNullable<Person['fields']>[number][]).filter((name) => MANIFEST_FIELD[name] === field);
  const fromAge = names.map((name) => rule.fieldsFromAge?.[name]).find((age) => age !== undefined);
  return { optional: names.some((name) => rule.optionalFields?.includes(name)), ...(fromAge !== undefined ? { fromAge } : {}) };
}

/**
 * Marks an extra field required of every person, unless the rule makes it
 * optional (titled （选填）) or asks it only from an age (titled
 * （满N周岁填写））: the application check (checkApplication) then asks it of
 * the people it applies to.
 */
function requireOrMark(parts: PersonParts, field: InsuredExtraField | 'email', rule: Person): void {
  const { optional, fromAge } = fieldRule(rule, field);
  if (!optional && fromAge === undefined) {
    parts.required.push(field);
    return;
  }
  const property = parts.properties[field];
  if (!property) return;
  const marked = { ...property, title: `${property.title ?? ''}${fromAge !== undefined ? `（满${fromAge}周岁填写）` : '（选填）'}` };
  // The option labels are kept by schema object: the marked copy shows the same labels, not the codes.
  const labels = ENUM_LABELS.get(property);
  if (labels) ENUM_LABELS.set(marked, labels);
  parts.properties[field] = marked;
}

/** The extra insured fields the manifest asks for, in form order. */
export function insuredExtraFields(manifest: ProductManifest): InsuredExtraField[] {
  const asked = new Set((manifest.insure.insured.fields ?? []).map((f) => MANIFEST_FIELD[f]));
  return INSURED_FIELD_ORDER.filter((f) => asked.has(f));
}

/** Where the region cascader opens: the product's sales city, else the default place (Chongqing). */
export function defaultRegionCode(manifest: ProductManifest): string {
  return manifest.region?.cityCode ?? DEFAULT_REGION_CODE;
}

interface PersonParts {
  properties: Record<string, FormJsonSchema>;
  required: string[];
  ui: FormUiSchema;
}

/**
 * Identity fields of a person: name, document, sex and birthday (shown as
 * derived from a mainland number, asked for other documents by the
 * `IdentityWidget`), and the phone as `phoneRule` says (hidden → absent,
 * optional, required).
 */
function identityParts(phoneRule: NonNullable<Person['phone']>, optionalHint: string): PersonParts {
  const properties: Record<string, FormJsonSchema> = {
    name: text(FIELD_TITLES.name, MAX_LENGTH.name),
    licenceType: labelledEnum(FIELD_TITLES.licenceType, ID_TYPE_OPTIONS),
    licenceNo: text(FIELD_TITLES.licenceNo, MAX_LENGTH.licenceNo),
    sex: labelledEnum(FIELD_TITLES.sex, GENDER_OPTIONS),
    birthday: { type: 'string', title: FIELD_TITLES.birthday, maxLength: 10 },
  };
  const required = ['name', 'licenceType', 'licenceNo'];
  const ui: FormUiSchema = {
    name: { 'ui:placeholder': '请输入姓名', 'ui:autocomplete': 'off' },
    licenceType: { 'ui:placeholder': '请选择证件类型' },
    licenceNo: { 'ui:placeholder': '请输入证件号码', 'ui:options': { uppercase: true, compact: true }, 'ui:autocomplete': 'off' },
    sex: { 'ui:widget': 'IdentityWidget', 'ui:placeholder': '请选择性别', 'ui:options': { derivedPlaceholder: DERIVED_PLACEHOLDER } },
    birthday: { 'ui:widget': 'IdentityWidget', 'ui:placeholder': '请选择出生日期', 'ui:options': { derivedPlaceholder: DERIVED_PLACEHOLDER, date: true } },
  };
  if (phoneRule !== 'hidden') {
    properties.phone = text(FIELD_TITLES.phone, MAX_LENGTH.phone);
    ui.phone = {
      'ui:placeholder': phoneRule === 'required' ? '请输入手机号码' : `请输入手机号码${optionalHint}`,
      'ui:options': { inputType: 'tel', compact: true },
    };
    if (phoneRule === 'required') required.push('phone');
  }
  return { properties, required, ui };
}

function emailPart(parts: PersonParts): void {
  parts.properties.email = text(FIELD_TITLES.email, MAX_LENGTH.email);
  parts.ui.email = { 'ui:placeholder': '请输入电子邮箱', 'ui:options': { inputType: 'email' } };
}

function objectSchema(title: string, parts: PersonParts, order: readonly string[], description?: string): FormJsonSchema {
  const schema: FormJsonSchema = { type: 'object', title, properties: parts.properties, required: parts.required };
  if (description) schema.description = description;
  parts.ui['ui:order'] = order.filter((key) => key in parts.properties);
  for (const [key, property] of Object.entries(parts.properties)) {
    const labels = ENUM_LABELS.get(property);
    if (labels) parts.ui[key] = { ...(parts.ui[key] as FormUiSchema | undefined), 'ui:enumNames': labels };
  }
  return schema;
}

function holderSection(manifest: ProductManifest): { schema: FormJsonSchema; ui: FormUiSchema } {
  const { template, holder } = manifest.insure;
  // The holder's phone is the policy contact and the log-in account: always asked and required
  // (checkApplication requires it whatever holder.phone says).
  const parts = identityParts('required', '');
  if (holder.fields?.includes('email')) {
    emailPart(parts);
    requireOrMark(parts, 'email', holder);
  }
  const description = template === 'guardian' ? '被保险人为投保人本人' : undefined;
  const schema = objectSchema(
    SECTION_TITLES.policyHolder,
    parts,
    ['name', 'licenceType', 'licenceNo', 'sex', 'birthday', 'phone', 'email'],
    description,
  );
  return { schema, ui: parts.ui };
}

function insuredItem(manifest: ProductManifest): { schema: FormJsonSchema; ui: FormUiSchema } {
  const { insured, customSchoolMode = '01' } = manifest.insure;
  const parts = identityParts(insured.phone ?? 'optional', '（选填）');
  parts.properties.relaToHolder = labelledEnum(FIELD_TITLES.relaToHolder, pick(RELATION_OPTIONS, insuredRelations(manifest)));
  parts.required.unshift('relaToHolder');
  parts.ui.relaToHolder = { 'ui:placeholder': '请选择与投保人关系' };

  const extras = insuredExtraFields(manifest);
  for (const field of extras) {
    switch (field) {
      case 'region':
        // One value holding three codes; checkApplication checks that they nest.
        parts.properties.region = { type: 'object', title: FIELD_TITLES.region, properties: {
          provinceCode: { type: 'string' },
          cityCode: { type: 'string' },
          countyCode: { type: 'string' },
        } };
        parts.ui.region = {
          'ui:field': 'RegionField',
          'ui:placeholder': '请选择省/市/区县',
          'ui:options': { defaultRegion: defaultRegionCode(manifest) },
        };
        break;
      case 'schoolKind':
        parts.properties.schoolKind = labelledEnum(FIELD_TITLES.schoolKind, pick(SCHOOL_TYPE_OPTIONS, schoolTypes(manifest)));
        parts.ui.schoolKind = { 'ui:placeholder': '请选择学校类型' };
        break;
      case 'schoolName':
        parts.properties.schoolName = text(FIELD_TITLES.schoolName, MAX_LENGTH.schoolName);
        // 01 free text with suggestions from insure.schools and the school directory, plus adding a
        // school; 02 choose from insure.schools only (the list the order check enforces);
        // 03 free text only (the lint keeps a school list out of mode 03).
        parts.ui.schoolName = {
          'ui:widget': 'SchoolWidget',
          'ui:placeholder': customSchoolMode === '02' ? '请选择学校' : '请输入学校名称',
          'ui:options': {
            schoolMode: customSchoolMode,
            schools: (manifest.insure.schools ?? []).map((school) => school.name),
            // Mode 01 also searches the school directory of the product's sales area (the default
            // domain for products sold everywhere) and lets the parent add a school it lacks.
            areaCode: defaultRegionCode(manifest),
            schoolTypes: pick(SCHOOL_TYPE_OPTIONS, schoolTypes(manifest)),
          },
        };
        break;
      case 'schoolNature':
        parts.properties.schoolNature = labelledEnum(FIELD_TITLES.schoolNature, SCHOOL_NATURE_OPTIONS);
        parts.ui.schoolNature = { 'ui:widget': 'radio' };
        break;
      case 'collegeName':
        parts.properties.collegeName = text(FIELD_TITLES.collegeName, MAX_LENGTH.collegeName);
        // Suggests the colleges of the chosen university from the school directory (selectSchoolCollege).
        parts.ui.collegeName = { 'ui:widget': 'CollegeWidget', 'ui:placeholder': '请输入学院名称', 'ui:options': { areaCode: defaultRegionCode(manifest) } };
        break;
      case 'grade':
        parts.properties.grade = labelledEnum(FIELD_TITLES.grade, GRADE_OPTIONS);
        parts.ui.grade = { 'ui:placeholder': '请选择年级' };
        break;
      case 'classAndGrade':
        // A picker over the class list (spec §3 enumerations); like the grade, the order check
        // asks only for its presence.
        parts.properties.classAndGrade = labelledEnum(FIELD_TITLES.classAndGrade, CLASS_OPTIONS);
        parts.ui.classAndGrade = { 'ui:placeholder': '请选择班级' };
        break;
      case 'socialMedicalInsurance':
        parts.properties.socialMedicalInsurance = labelledEnum(FIELD_TITLES.socialMedicalInsurance, YES_NO_OPTIONS);
        parts.ui.socialMedicalInsurance = { 'ui:widget': 'radio' };
        break;
      case 'email':
        emailPart(parts);
        break;
    }
    requireOrMark(parts, field, manifest.insure.insured);
  }
  const order = ['relaToHolder', 'name', 'licenceType', 'licenceNo', 'sex', 'birthday', 'phone', ...extras];
  return { schema: objectSchema(SECTION_TITLES.insureds, parts, order), ui: parts.ui };
}

function wardItem(manifest: ProductManifest): { schema: FormJsonSchema; ui: FormUiSchema } {
  const ward = manifest.insure.ward;
  const parts = identityParts(ward?.phone ?? 'optional', '（选填）');
  parts.properties.relaToHolder = labelledEnum(FIELD_TITLES.relaToHolder, pick(RELATION_OPTIONS, wardRelations(manifest)));
  parts.required.unshift('relaToHolder');
  parts.ui.relaToHolder = { 'ui:placeholder': '请选择与投保人关系' };
  const order = ['relaToHolder', 'name', 'licenceType', 'licenceNo', 'sex', 'birthday', 'phone'];
  return { schema: objectSchema(SECTION_TITLES.wards, parts, order), ui: parts.ui };
}

/** Most people on one list: `insure.maxInsureds` (in the guardian template it bounds the wards: the holder is the only insured). */
function maxPeople(manifest: ProductManifest): number {
  return Math.max(1, manifest.insure.maxInsureds ?? 1);
}

function arraySection(
  item: { schema: FormJsonSchema; ui: FormUiSchema },
  title: string,
  max: number,
  addText: string,
): { schema: FormJsonSchema; ui: FormUiSchema } {
  return {
    schema: { type: 'array', title, minItems: 1, maxItems: max, items: item.schema },
    ui: {
      items: item.ui,
      'ui:options': { addable: max > 1, removable: max > 1, orderable: false, addText, itemTitle: item.schema.title },
    },
  };
}

// ---------------------------------------------------------------- entry points

/**
 * Builds the rjsf schema and uiSchema of the insure form from `manifest.insure`.
 *
 * - `policyHolder`: name, ID type (order set, labelled), ID number, derived
 *   sex and birthday (read-only), phone (always required), e-mail when
 *   `holder.fields` lists it.
 * - student and adult templates: `insureds`, an array of at most
 *   `maxInsureds`, each with the relation (limited to `insured.relations`),
 *   the identity fields, the phone per `insured.phone` and the extra fields
 *   of `insured.fields` (region is one object edited by the `RegionField`).
 * - guardian template: the insured is the holder, so there is no insured
 *   section; `wards` lists the children under guardianship instead.
 *
 * Structure only: `required`, labelled enums and lengths. The spec's
 * messages come from `checkApplication`, mapped onto the form by
 * {@link problemFormPath}.
 */
export function buildInsureFormSchema(manifest: ProductManifest): InsureFormSchema {
  const holder = holderSection(manifest);
  const properties: Record<string, FormJsonSchema> = { policyHolder: holder.schema };
  const uiSchema: FormUiSchema = {
    policyHolder: holder.ui,
    'ui:submitButtonOptions': { norender: true },
  };
  const max = maxPeople(manifest);
  if (manifest.insure.template === 'guardian') {
    const wards = arraySection(wardItem(manifest), SECTION_TITLES.wards, max, '添加监护对象');
    properties.wards = wards.schema;
    uiSchema.wards = wards.ui;
  } else {
    const insureds = arraySection(insuredItem(manifest), SECTION_TITLES.insureds, max, '添加被保人');
    properties.insureds = insureds.schema;
    uiSchema.insureds = insureds.ui;
  }
  return {
    schema: { type: 'object', properties, required: Object.keys(properties) },
    uiSchema,
  };
}

// ---------------------------------------------------------------- conversions

function present(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

/** Copies the keys of `from` whose values are non-empty strings. */
function definedStrings<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    const value = from[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

/**
 * Sex and birthday of a person: derived from a mainland ID number, under any
 * document type (spec §5: odd 17th digit male, even female), and cleared
 * while that number is not valid; for other documents, the ones typed in.
 */
export function deriveIdentity<P extends PersonFormData>(person: P, now: Date = new Date()): P {
  if (!isMainlandNumber(person.licenceType ?? '', person.licenceNo ?? '')) return person;
  const { sex: _sex, birthday: _birthday, ...rest } = person;
  if (!person.licenceNo) return rest as P;
  const parsed = parseIdCard(person.licenceNo, now);
  return parsed.ok ? ({ ...rest, sex: parsed.sex, birthday: parsed.birthday } as P) : (rest as P);
}

const HOLDER_KEYS = ['name', 'licenceType', 'licenceNo', 'sex', 'birthday', 'phone', 'email'] as const;
const INSURED_KEYS = [
  'relaToHolder',
  'name',
  'licenceType',
  'licenceNo',
  'sex',
  'birthday',
  'phone',
  'email',
  'schoolName',
  'schoolKind',
  'schoolNature',
  'collegeName',
  'grade',
  'classAndGrade',
  'socialMedicalInsurance',
] as const;
const WARD_KEYS = ['relaToHolder', 'name', 'licenceType', 'licenceNo', 'sex', 'birthday', 'phone'] as const;

/** The detail page's choices of the factors bound to an insured's field, as that field's answers (an offered option only). */
function chosenAnswers(manifest: ProductManifest, chosen: Readonly<Record<string, string>>): Partial<InsuredFormData> {
  const answers: Record<string, string> = {};
  for (const factor of manifest.pricing.factors) {
    const value = chosen[factor.code];
    if (factor.insuredField && value !== undefined && factor.options.some((o) => o.value === value)) answers[factor.insuredField] = value;
  }
  return answers as Partial<InsuredFormData>;
}

/** Default values of a new person: a mainland ID card and the first relation offered (子女 for the products we sell). */
function newPerson<P extends { licenceType?: string; relaToHolder?: string }>(relations: readonly string[]): P {
  const person = { licenceType: ID_TYPE_ID_CARD } as P;
  const first = relations[0];
  if (first !== undefined) person.relaToHolder = first;
  return person;
}

/**
 * The form data of a stored draft (or of a new form when `draft` is null):
 * defaults filled in (ID card, first offered relation), at least one person
 * in each list, region codes grouped, sex and birthday derived, and an
 * insured whose relation is 本人 kept equal to the holder. An insured who
 * has not answered a field a pricing factor is bound to (有无社保) starts with
 * the value chosen on the detail page (`chosenFactors`), so the choice made
 * there is carried over instead of left blank.
 */
export function formDataFromDraft(
  manifest: ProductManifest,
  draft: InsureDraftLike | null,
  now: Date = new Date(),
  chosenFactors: Readonly<Record<string, string>> = {},
): InsureFormData {
  const holder: PersonFormData = { licenceType: ID_TYPE_ID_CARD, ...definedStrings(draft?.policyHolder ?? {}, HOLDER_KEYS) };
  const data: InsureFormData = { policyHolder: holder };
  if (manifest.insure.template === 'guardian') {
    const wards = (draft?.wards ?? []).map((w) => ({
      ...newPerson<WardFormData>(wardRelations(manifest)),
      ...definedStrings(w, WARD_KEYS),
    }));
    data.wards = wards.length > 0 ? wards : [newPerson<WardFormData>(wardRelations(manifest))];
  } else {
    const insureds = (draft?.insureds ?? []).map((i) => {
      const insured: InsuredFormData = {
        ...newPerson<InsuredFormData>(insuredRelations(manifest)),
        ...chosenAnswers(manifest, chosenFactors),
        ...definedStrings(i, INSURED_KEYS),
      };
      const region = definedStrings(i, REGION_FIELDS);
      if (Object.keys(region).length > 0) insured.region = region;
      return insured;
    });
    data.insureds = insureds.length > 0 ? insureds : [{ ...newPerson<InsuredFormData>(insuredRelations(manifest)), ...chosenAnswers(manifest, chosenFactors) }];
  }
  return normaliseFormData(manifest, data, now);
}

/**
 * Applies the rules that tie fields together, after every change: sex and
 * birthday follow a mainland ID number; an insured whose relation is 本人 takes the
 * holder's name, document, sex, birthday and phone.
 */
export function normaliseFormData(manifest: ProductManifest, data: InsureFormData, now: Date = new Date()): InsureFormData {
  const holder = deriveIdentity(data.policyHolder ?? {}, now);
  const out: InsureFormData = { policyHolder: holder };
  if (data.insureds) {
    const phoneShown = (manifest.insure.insured.phone ?? 'optional') !== 'hidden';
    out.insureds = data.insureds.map((insured) => {
      if (insured.relaToHolder !== SELF) return deriveIdentity(insured, now);
      const self: InsuredFormData = { ...insured };
      for (const key of IDENTITY_FIELDS) {
        if (key === 'phone' && !phoneShown) continue;
        const value = holder[key];
        if (value === undefined) delete self[key];
        // Each key copies its own value: the holder's field of the same name has the same type.
        else (self as Record<string, unknown>)[key] = value;
      }
      return deriveIdentity(self, now);
    });
  }
  if (data.wards) out.wards = data.wards.map((ward) => deriveIdentity(ward, now));
  return out;
}

/** A person without the sex and birthday a mainland number gives (the draft keeps only what was typed). */
function typedOnly<P extends PersonFormData>(person: P): P {
  if (!isMainlandNumber(person.licenceType ?? '', person.licenceNo ?? '')) return person;
  const { sex: _sex, birthday: _birthday, ...rest } = person;
  return rest as P;
}

/**
 * The draft to store for some form data: empty values dropped, region codes
 * flattened, sex and birthday kept only when typed (a document without a
 * mainland number), never when derived.
 */
export function draftFromFormData(data: InsureFormData): InsureDraftData {
  return {
    policyHolder: definedStrings(typedOnly(data.policyHolder ?? {}), HOLDER_KEYS),
    insureds: (data.insureds ?? []).map((insured) => ({
      ...definedStrings(typedOnly(insured), INSURED_KEYS),
      ...definedStrings(insured.region ?? {}, REGION_FIELDS),
    })),
    wards: (data.wards ?? []).map((ward) => definedStrings(typedOnly(ward), WARD_KEYS)),
  };
}

/** The sex and birthday a draft person carries (derived or typed), when present. */
function identityOf(person: { sex?: '0' | '1' | undefined; birthday?: string | undefined }): { sex?: '0' | '1'; birthday?: string } {
  return { ...(person.sex ? { sex: person.sex } : {}), ...(present(person.birthday) ? { birthday: person.birthday } : {}) };
}

/**
 * The application a draft stands for, ready for `checkApplication` and the
 * order: missing required strings become '' (so that the check reports them),
 * optional ones are left out. In the guardian template the holder is the only
 * insured (relation 本人, isHolder Y) and the wards travel in `wards`; other
 * templates send no wards.
 */
export function applicationFromDraft(manifest: ProductManifest, draft: InsureDraftLike | null, plan: PlanChoice): ApplicationData {
  const h = draft?.policyHolder ?? {};
  const policyHolder: HolderLike = {
    name: h.name ?? '',
    licenceType: h.licenceType ?? '',
    licenceNo: h.licenceNo ?? '',
    ...identityOf(h),
    phone: h.phone ?? '',
    ...(present(h.email) ? { email: h.email } : {}),
  };
  const application: ApplicationData = {
    planCode: plan.planCode,
    copies: plan.copies ?? 1,
    factors: { ...plan.factors },
    ...(plan.insureYear !== undefined ? { insureYear: plan.insureYear } : {}),
    policyHolder,
    insureds: [],
  };
  // As the insure page keeps them: the answers of the questions shown (its health notice section drops the others).
  if (manifest.healthNotice) application.healthAnswers = { ...draft?.healthAnswers };
  if (manifest.insure.template === 'guardian') {
    application.insureds = [
      {
        relaToHolder: SELF,
        isHolder: 'Y',
        name: policyHolder.name,
        licenceType: policyHolder.licenceType,
        licenceNo: policyHolder.licenceNo,
        ...identityOf(policyHolder),
      },
    ];
    application.wards = (draft?.wards ?? []).map((w) => ({
      relaToHolder: w.relaToHolder ?? '',
      name: w.name ?? '',
      licenceType: w.licenceType ?? '',
      licenceNo: w.licenceNo ?? '',
      ...identityOf(w),
      ...(present(w.phone) ? { phone: w.phone } : {}),
    }));
    return application;
  }
  const extras = new Set<string>(insuredExtraFields(manifest));
  const phoneShown = (manifest.insure.insured.phone ?? 'optional') !== 'hidden';
  application.insureds = (draft?.insureds ?? []).map((i) => {
    const relaToHolder = i.relaToHolder ?? '';
    const insured: InsuredLike = {
      relaToHolder,
      isHolder: relaToHolder === SELF ? 'Y' : 'N',
      name: i.name ?? '',
      licenceType: i.licenceType ?? '',
      licenceNo: i.licenceNo ?? '',
      ...identityOf(i),
    };
    if (phoneShown && present(i.phone)) insured.phone = i.phone;
    for (const field of ['schoolName', 'schoolKind', 'schoolNature', 'collegeName', 'grade', 'classAndGrade', 'email'] as const) {
      if (extras.has(field)) insured[field] = i[field] ?? '';
    }
    if (extras.has('region')) for (const field of REGION_FIELDS) insured[field] = i[field] ?? '';
    if (extras.has('socialMedicalInsurance') && i.socialMedicalInsurance !== undefined) {
      insured.socialMedicalInsurance = i.socialMedicalInsurance;
    }
    return insured;
  });
  return application;
}

/**
 * Where a `checkApplication` problem shows on the form, as rjsf path segments
 * (`['insureds', '0', 'region']`), or `null` for problems that are not about a
 * form field (plan, copies, factors: chosen on the detail page).
 *
 * - region codes → the one region field;
 * - `isHolder` → the relation it follows from;
 * - guardian template: the insured is the holder, so insured problems show on
 *   the holder's field of the same name, or on the holder section.
 */
export function problemFormPath(manifest: ProductManifest, problemPath: string): string[] | null {
  const [list, ...rest] = problemPath.split('.');
  if (list === 'policyHolder' || list === 'wards') return [list, ...rest];
  if (list !== 'insureds') return null;
  const [index, field] = rest;
  if (manifest.insure.template === 'guardian') {
    return field !== undefined && (IDENTITY_FIELDS as readonly string[]).includes(field) ? ['policyHolder', field] : ['policyHolder'];
  }
  if (index === undefined || field === undefined) return [list, ...rest];
  if ((REGION_FIELDS as readonly string[]).includes(field)) return [list, index, 'region'];
  if (field === 'isHolder') return [list, index, 'relaToHolder'];
  return [list, index, field];
}

/**
 * The rjsf id of a form path (`root_insureds_0_licenceNo`), for scrolling to
 * the first problem. Follows rjsf's defaults: prefix `root`, separator `_`.
 */
export function formFieldId(path: readonly string[]): string {
  return ['root', ...path].join('_');
}
