/**
 * Family members (常用被保人, docs/accounts.md#family-members): the people a
 * parent saves to fill an insure form's insured in one tap. Every answer
 * carries the ID number and phone masked, except `fill`, which gives one
 * person's full data to its owner for the insure form. Every id is the
 * caller's own (`x-owned` person: another user's id answers 4003).
 */

import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { DateString, PhoneNum } from './common.ts';
import { defineCall } from './define-call.ts';
import { Owned } from './policy.ts';
import { ID_TYPE_OPTIONS } from '../engine/rules/enums.ts';
import { FAMILY_MEMBER_LENGTHS, FAMILY_MEMBERS_MAX } from '../engine/insure/family-member.ts';

const IdType = Type.Union(ID_TYPE_OPTIONS.map((o) => Type.Literal(o.value)));
const Sex = Type.Union([Type.Literal('0'), Type.Literal('1')]);
const Text = (maxLength: number) => Type.String({ maxLength });

/** POST …/familyMembers/:id/…: the person, as the list names them. */
export const FamilyMemberParams = Type.Object(
  { id: Owned('person', Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'The id of a person of the list' })) },
  { additionalProperties: false },
);
export type FamilyMemberParams = Static<typeof FamilyMemberParams>;

/** A person to save; `consent` must be true (the parent agreed to keep the data: its time is stored). */
export const FamilyMemberBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: FAMILY_MEMBER_LENGTHS.name }),
    idType: IdType,
    /** Required to add; on an edit, absent keeps the number saved (the screen never sees it in full). */
    idNo: Type.Optional(Type.String({ minLength: 1, maxLength: FAMILY_MEMBER_LENGTHS.idNo, pattern: '^[0-9A-Za-z-]+$' })),
    /** Documents without a birth date only ('' or absent otherwise: a mainland number gives it). */
    birthday: Type.Optional(Type.Union([Type.Literal(''), DateString])),
    sex: Type.Optional(Type.Union([Type.Literal(''), Sex])),
    /** On an edit, absent keeps the phone saved, '' clears it. */
    phone: Type.Optional(Type.Union([Type.Literal(''), PhoneNum])),
    schoolName: Type.Optional(Text(FAMILY_MEMBER_LENGTHS.schoolName)),
    className: Type.Optional(Text(FAMILY_MEMBER_LENGTHS.className)),
    consent: Type.Boolean({ description: 'The parent ticked 同意保存; false is refused' }),
  },
  { additionalProperties: false },
);
export type FamilyMemberBody = Static<typeof FamilyMemberBody>;

/** What every answer says of a saved person but the ID number and phone. */
const PersonFields = {
  id: Type.String(),
  name: Type.String(),
  idType: Type.String(),
  birthday: Type.String({ description: 'YYYY-MM-DD, from the mainland number or as typed; empty when unknown' }),
  sex: Type.String({ description: '0 male, 1 female, empty when unknown' }),
  schoolName: Type.String(),
  className: Type.String(),
};

/** A saved person as every list and screen shows them: the ID number and phone masked. */
export const FamilyMemberView = Type.Object({
  ...PersonFields,
  idNo: Type.String({ description: 'Masked' }),
  phone: Type.String({ description: 'Masked; empty when not saved' }),
  consentedAt: Type.String({ description: 'ISO time the parent last agreed to keep the data' }),
});
export type FamilyMemberView = Static<typeof FamilyMemberView>;

export const FamilyMemberList = Type.Object({
  list: Type.Array(FamilyMemberView, { maxItems: FAMILY_MEMBERS_MAX }),
  max: Type.Integer({ description: 'How many people one account keeps' }),
});
export type FamilyMemberList = Static<typeof FamilyMemberList>;

/** One person's full data, for filling the insure form (the only answer with the full ID number). */
export const FamilyMemberFill = Type.Object({
  ...PersonFields,
  idNo: Type.String({ description: 'In full: for the insure form only' }),
  phone: Type.String(),
});
export type FamilyMemberFill = Static<typeof FamilyMemberFill>;

export const familyCalls = {
  list: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/familyMembers',
    summary: 'The caller’s saved family members (ID number and phone masked)',
    auth: 'user',
    data: FamilyMemberList,
  }),
  add: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/familyMembers/add',
    summary: 'Saves a family member with the caller’s consent; answers them masked',
    auth: 'user',
    body: FamilyMemberBody,
    data: FamilyMemberView,
  }),
  update: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/familyMembers/:id/update',
    summary: 'Edits one of the caller’s family members (an absent ID number or phone is kept); answers them masked',
    auth: 'user',
    params: FamilyMemberParams,
    body: FamilyMemberBody,
    data: FamilyMemberView,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/familyMembers/:id/delete',
    summary: 'Deletes one of the caller’s family members (the row is removed)',
    auth: 'user',
    params: FamilyMemberParams,
    data: Type.Null(),
  }),
  fill: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/familyMembers/:id/fill',
    summary: 'One of the caller’s family members in full, to fill the insure form’s insured',
    auth: 'user',
    params: FamilyMemberParams,
    data: FamilyMemberFill,
  }),
};
