/**
 * Enumerations and business constants (spec §3 "Enumerations", §9 "Business
 * constants and limits"), with Chinese labels for display.
 *
 * Each enumeration is given twice:
 * - `*_OPTIONS`: an ordered, read-only list of `{ value, label }` for pickers.
 *   Use it whenever order matters: JavaScript objects list integer-like keys
 *   ('10', '12', '99') before other keys ('00', 'A'), so a record's key order
 *   is not the display order.
 * - a read-only record `code → label` for look-ups, plus a union type of the codes.
 */
import gradeRegistry from '../../../manifests/registry/grades.json' with { type: 'json' };

/** One entry of a picker list. */
export interface EnumOption<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

/** Builds a frozen `code → label` record from an option list. */
function labelsOf<const O extends readonly EnumOption[]>(
  options: O,
): Readonly<Record<O[number]['value'], string>> {
  const record: Record<string, string> = {};
  for (const { value, label } of options) record[value] = label;
  return Object.freeze(record) as Readonly<Record<O[number]['value'], string>>;
}

/**
 * Label of `code` in `labels`, or `undefined` when the code is unknown.
 * Safe for arbitrary input strings (own keys only).
 */
export function enumLabel(labels: Readonly<Record<string, string>>, code: string): string | undefined {
  return Object.hasOwn(labels, code) ? labels[code] : undefined;
}

// ---------------------------------------------------------------- ID types

/** ID types used on orders (order set). */
export const ID_TYPE_OPTIONS = [
  { value: '0', label: '身份证' },
  { value: '1', label: '护照' },
  { value: '2', label: '军官证' },
  { value: '4', label: '户口本' },
  { value: '7', label: '出生证' },
  { value: '8', label: '其他' },
  { value: 'A', label: '士兵证' },
  { value: 'C', label: '临时身份证' },
  { value: 'E', label: '台胞证' },
  { value: 'F', label: '港澳居民来往内地通行证' },
  { value: 'G', label: '驾驶证' },
  { value: 'H', label: '回乡证' },
] as const satisfies readonly EnumOption[];
/** Order-set ID type code. */
export type IdType = (typeof ID_TYPE_OPTIONS)[number]['value'];
/** Order-set ID type code → label. */
export const ID_TYPES = labelsOf(ID_TYPE_OPTIONS);
/** Order-set code of the mainland resident ID card. */
export const ID_TYPE_ID_CARD = '0' satisfies IdType;

/** ID types used by login / identity verification (login set). */
export const LOGIN_ID_TYPE_OPTIONS = [
  { value: 'cardType_0', label: '身份证' },
  { value: 'cardType_1', label: '护照' },
  { value: 'cardType_2', label: '军官证' },
  { value: 'cardType_3', label: '户口本' },
  { value: 'cardType_9', label: '驾驶证' },
  { value: 'cardType_10', label: '回乡证' },
  { value: 'cardType_11', label: '其他' },
  { value: 'cardType_17', label: '港澳通行证' },
] as const satisfies readonly EnumOption[];
/** Login-set ID type code. */
export type LoginIdType = (typeof LOGIN_ID_TYPE_OPTIONS)[number]['value'];
/** Login-set ID type code → label. */
export const LOGIN_ID_TYPES = labelsOf(LOGIN_ID_TYPE_OPTIONS);

// ---------------------------------------------------------------- relations

/** Relations to the policyholder (full set). */
export const RELATION_OPTIONS = [
  { value: '00', label: '本人' },
  { value: '01', label: '配偶' },
  { value: '02', label: '父母' },
  { value: '03', label: '子女' },
  { value: '05', label: '兄弟姐妹' },
  { value: '06', label: '雇主' },
  { value: '07', label: '雇员' },
  { value: '08', label: '祖父母/外祖父母' },
  { value: '09', label: '孙子女/外孙子女' },
  { value: '10', label: '监护人' },
  { value: '11', label: '被监护人' },
  { value: '12', label: '朋友' },
  { value: '98', label: '未知' },
  { value: '99', label: '其他' },
] as const satisfies readonly EnumOption[];
/** Relation-to-holder code. */
export type Relation = (typeof RELATION_OPTIONS)[number]['value'];
/** Relation-to-holder code → label. */
export const RELATIONS = labelsOf(RELATION_OPTIONS);

/** Relations (short set): self, spouse, parent, child, sibling, other. Labels as in the full set. */
export const SHORT_RELATION_OPTIONS = [
  { value: '00', label: '本人' },
  { value: '01', label: '配偶' },
  { value: '02', label: '父母' },
  { value: '03', label: '子女' },
  { value: '05', label: '兄弟姐妹' },
  { value: '99', label: '其他' },
] as const satisfies readonly EnumOption<Relation>[];
/** Short-set relation code. */
export type ShortRelation = (typeof SHORT_RELATION_OPTIONS)[number]['value'];

/** Relation codes a ward may have in the guardian template (child or other, spec §5). */
export const WARD_RELATIONS = ['03', '99'] as const satisfies readonly Relation[];

// ---------------------------------------------------------------- school

/** School types. */
export const SCHOOL_TYPE_OPTIONS = [
  { value: 'edu_06', label: '幼儿园' },
  { value: 'edu_07', label: '小学' },
  { value: 'edu_27', label: '初中' },
  { value: 'edu_28', label: '高中' },
  { value: 'edu_33', label: '九年一贯制学校' },
  { value: 'edu_34', label: '完全中学' },
  { value: 'edu_35', label: '十二年一贯制学校' },
  { value: 'edu_09', label: '中等职业学校' },
  { value: 'edu_10', label: '高等职业学校' },
  { value: 'edu_11', label: '大学' },
  { value: 'edu_12', label: '工读学校' },
  { value: 'edu_31', label: '技工学校' },
  { value: 'edu_25', label: '成人教育' },
  { value: 'edu_08', label: '普通中学' },
  { value: 'edu_29', label: '舞蹈学校' },
  { value: 'edu_30', label: '医学院校' },
  { value: 'edu_32', label: '本科院校' },
  { value: 'edu_15', label: '其他' },
] as const satisfies readonly EnumOption[];
/** School type code. */
export type SchoolType = (typeof SCHOOL_TYPE_OPTIONS)[number]['value'];
/** School type code → label. */
export const SCHOOL_TYPES = labelsOf(SCHOOL_TYPE_OPTIONS);

/**
 * Grades, from kindergarten to the fourth year of university: data, in
 * manifests/registry/grades.json (with the ages each grade accepts, see
 * ./grades.ts). The spec says grade lists exist but does not give their
 * codes; the mnemonic codes (K kindergarten, P primary, J junior high,
 * S senior high, U university) are our own.
 */
export const GRADE_OPTIONS: readonly EnumOption[] = Object.freeze(gradeRegistry.grades.map(({ code, label }) => ({ value: code, label })));
/** Grade code. */
export type Grade = string;
/** Grade code → label. */
export const GRADES: Readonly<Record<string, string>> = labelsOf(GRADE_OPTIONS);

/**
 * Classes (spec §3: "Grade and class lists also exist"; the codes are not
 * given). The value is the label (1班 … 30班), which is what orders carry in
 * classAndGrade, so stored forms and orders read the same either way.
 */
export const CLASS_OPTIONS: readonly EnumOption[] = Object.freeze(
  Array.from({ length: 30 }, (_, i) => ({ value: `${i + 1}班`, label: `${i + 1}班` })),
);

/**
 * School nature (public / private). The spec names the field (schoolNature)
 * but not its codes; '01'/'02' are our own.
 */
export const SCHOOL_NATURE_OPTIONS = [
  { value: '01', label: '公办' },
  { value: '02', label: '民办' },
] as const satisfies readonly EnumOption[];
/** School nature code. */
export type SchoolNature = (typeof SCHOOL_NATURE_OPTIONS)[number]['value'];
/** School nature code → label. */
export const SCHOOL_NATURES = labelsOf(SCHOOL_NATURE_OPTIONS);

/** Customer-school mode of a product. */
export const CUSTOM_SCHOOL_MODE_OPTIONS = [
  { value: '01', label: '自定义并可选择学校' },
  { value: '02', label: '仅选择学校' },
  { value: '03', label: '仅自定义学校' },
] as const satisfies readonly EnumOption[];
/** Customer-school mode code. */
export type CustomSchoolMode = (typeof CUSTOM_SCHOOL_MODE_OPTIONS)[number]['value'];
/** Customer-school mode code → label. */
export const CUSTOM_SCHOOL_MODES = labelsOf(CUSTOM_SCHOOL_MODE_OPTIONS);

// ---------------------------------------------------------------- people

/** Gender. Same codes as the `sex` of a parsed ID number. */
export const GENDER_OPTIONS = [
  { value: '0', label: '男' },
  { value: '1', label: '女' },
] as const satisfies readonly EnumOption[];
/** Gender code. */
export type Gender = (typeof GENDER_OPTIONS)[number]['value'];
/** Gender code → label. */
export const GENDERS = labelsOf(GENDER_OPTIONS);

// ---------------------------------------------------------------- devices

/** Equipment operating-system codes. */
export const EQUIPMENT_OS_OPTIONS = [
  { value: '0', label: '未知' },
  { value: '1', label: 'Windows' },
  { value: '2', label: 'Mac' },
  { value: '3', label: 'iOS' },
  { value: '4', label: 'Android' },
  { value: '5', label: 'Unix' },
  { value: '6', label: 'Linux' },
] as const satisfies readonly EnumOption[];
/** Equipment OS code. */
export type EquipmentOs = (typeof EQUIPMENT_OS_OPTIONS)[number]['value'];
/** Equipment OS code → label. */
export const EQUIPMENT_OS = labelsOf(EQUIPMENT_OS_OPTIONS);

/** Client (host app) codes. */
export const CLIENT_OPTIONS = [
  { value: '0', label: '微信' },
  { value: '1', label: '支付宝' },
  { value: '2', label: '其他' },
] as const satisfies readonly EnumOption[];
/** Client code. */
export type Client = (typeof CLIENT_OPTIONS)[number]['value'];
/** Client code → label. */
export const CLIENTS = labelsOf(CLIENT_OPTIONS);

// ---------------------------------------------------------------- ratings

/** Rating node codes. */
export const RATING_NODE_OPTIONS = [
  { value: '00', label: '保单' },
  { value: '01', label: '理赔' },
] as const satisfies readonly EnumOption[];
/** Rating node code. */
export type RatingNode = (typeof RATING_NODE_OPTIONS)[number]['value'];
/** Rating node code → label. */
export const RATING_NODES = labelsOf(RATING_NODE_OPTIONS);

/** Rating business types. */
export const BIZ_TYPE_OPTIONS = [
  { value: '00', label: '订单' },
  { value: '01', label: '保单' },
  { value: '02', label: '案件' },
] as const satisfies readonly EnumOption[];
/** Rating business type code. */
export type BizType = (typeof BIZ_TYPE_OPTIONS)[number]['value'];
/** Rating business type code → label. */
export const BIZ_TYPES = labelsOf(BIZ_TYPE_OPTIONS);

/** Rating (comment) types; any other commentType is free text. */
export const RATING_TYPE_OPTIONS = [
  { value: '00', label: '星级' },
  { value: '01', label: '标签' },
] as const satisfies readonly EnumOption[];
/** Rating type code. */
export type RatingType = (typeof RATING_TYPE_OPTIONS)[number]['value'];
/** Rating type code → label. */
export const RATING_TYPES = labelsOf(RATING_TYPE_OPTIONS);

// ---------------------------------------------------------------- page model

/** Page models of the market page. */
export const PAGE_MODELS = ['UN_INITED', 'ONLY_MARKET', 'GLOBAL_MARKET', 'OFF_NET_MARKET', 'normal'] as const;
/** Page model of the market page. */
export type PageModel = (typeof PAGE_MODELS)[number];

// ---------------------------------------------------------------- constants

export { CHANNEL_NO, SYS_CODE } from './system-codes.ts';
