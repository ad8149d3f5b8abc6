/**
 * edu-svc schoolinfo (spec §7): the school search of the insure form, the
 * colleges of a university, and a school a parent adds themself.
 */

import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { SCHOOL_TYPE_OPTIONS } from '../engine/rules/enums.ts';
import { defineCall } from './define-call.ts';

/** A 6-digit region code: province XX0000, city XXYY00 or county. */
export const AreaCode = Type.String({ pattern: '^[1-9][0-9]{5}$' });

/** School type code of spec §3 (edu_XX). */
export const SchoolKind = Type.Union(SCHOOL_TYPE_OPTIONS.map((o) => Type.Literal(o.value)));

/**
 * GET schoolinfo/getSchoolByNameAddressPhone: schools of a region (a
 * province, city or county code) whose name, address and phone contain the
 * given texts (each optional; all given ones must match), paged.
 */
export const SchoolSearchQuery = Type.Object(
  {
    areaCode: AreaCode,
    name: Type.Optional(Type.String({ maxLength: 60 })),
    address: Type.Optional(Type.String({ maxLength: 100 })),
    phone: Type.Optional(Type.String({ maxLength: 20, pattern: '^[0-9-]*$' })),
    schoolKind: Type.Optional(SchoolKind),
    pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);
export type SchoolSearchQuery = Static<typeof SchoolSearchQuery>;

export const SchoolItem = Type.Object({
  id: Type.Integer(),
  schoolName: Type.String(),
  schoolKind: Type.String(),
  schoolKindName: Type.String(),
  schoolNature: Type.Union([Type.String(), Type.Null()]),
  provinceCode: Type.String(),
  cityCode: Type.String(),
  countyCode: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()], { description: 'masked' }),
  /** False for a school the caller added (待审核); nobody else sees those. */
  verified: Type.Boolean(),
  hasColleges: Type.Boolean(),
});
export type SchoolItem = Static<typeof SchoolItem>;

export const SchoolPage = Type.Object({
  list: Type.Array(SchoolItem),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});
export type SchoolPage = Static<typeof SchoolPage>;

/** GET schoolinfo/selectSchoolCollege?schoolId: the colleges of a university. */
export const SchoolCollegeQuery = Type.Object({ schoolId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const SchoolColleges = Type.Object({ schoolId: Type.Integer(), schoolName: Type.String(), list: Type.Array(Type.String()) });
export type SchoolColleges = Static<typeof SchoolColleges>;

/**
 * POST schoolinfo/addSchoolInfo (log-in): a school the parent cannot find.
 * `areaCode` is the county (or a city without counties) it is in.
 */
export const AddSchoolBody = Type.Object(
  {
    schoolName: Type.String({ minLength: 1, maxLength: 60 }),
    schoolKind: SchoolKind,
    areaCode: AreaCode,
    address: Type.Optional(Type.String({ maxLength: 100 })),
    phone: Type.Optional(Type.String({ maxLength: 20, pattern: '^[0-9-]*$' })),
  },
  { additionalProperties: false },
);
export type AddSchoolBody = Static<typeof AddSchoolBody>;

/** The school added, or the one it duplicates (`existing` true). */
export const AddSchoolResult = Type.Object({ school: SchoolItem, existing: Type.Boolean() });
export type AddSchoolResult = Static<typeof AddSchoolResult>;

/** GET schoolinfo/_bai/areaStatistics (/statistics): per sales area of the catalogue, products on sale and schools listed. */
export const AreaStatistic = Type.Object({
  areaCode: Type.String(),
  areaName: Type.String(),
  products: Type.Integer(),
  schools: Type.Integer(),
});
export const AreaStatistics = Type.Object({ list: Type.Array(AreaStatistic), totalProducts: Type.Integer(), totalSchools: Type.Integer() });
export type AreaStatistics = Static<typeof AreaStatistics>;

/** Messages of addSchoolInfo (ours; the spec gives none). */
export const SCHOOL_MESSAGES = {
  badName: '请输入正确的学校名称（2-60位中文、字母或数字）',
  unknownArea: '请选择学校所在区县',
  tooMany: '自定义学校数量已达上限',
  added: '学校已添加，待审核',
  exists: '该学校已存在',
} as const;

/** edu-svc schoolinfo: the directory is public (a logged-in parent also sees the schools they added). */
export const schoolCalls = {
  search: defineCall({
    method: 'GET',
    path: '/edu-svc/schoolinfo/getSchoolByNameAddressPhone',
    summary: 'Schools of a region whose name, address and phone contain the given texts, paged (phones masked)',
    auth: 'optional',
    query: SchoolSearchQuery,
    data: SchoolPage,
  }),
  colleges: defineCall({
    method: 'GET',
    path: '/edu-svc/schoolinfo/selectSchoolCollege',
    summary: 'The colleges of a university',
    auth: 'optional',
    query: SchoolCollegeQuery,
    data: SchoolColleges,
  }),
  addSchool: defineCall({
    method: 'POST',
    path: '/edu-svc/schoolinfo/addSchoolInfo',
    summary: 'A school the parent cannot find (待审核, seen only by them), or the listed one it duplicates',
    auth: 'user',
    body: AddSchoolBody,
    data: AddSchoolResult,
  }),
  areaStatistics: defineCall({
    method: 'GET',
    path: '/edu-svc/schoolinfo/_bai/areaStatistics',
    summary: 'Per sales area of the catalogue: products on sale and schools listed (/statistics)',
    auth: 'public',
    data: AreaStatistics,
  }),
};
