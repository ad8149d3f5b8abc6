/**
 * Typed calls of the family members (常用被保人, src/contract/family.ts): the
 * management screen of 个人中心 and the insure form's 选择常用被保人 read them.
 */
import { familyCalls, type FamilyMemberBody } from '../../../contract/family.ts';
import { call } from './client.ts';

export const familyApi = {
  list: () => call(familyCalls.list, {}, { thing: '常用被保人', silent: true }),
  add: (body: FamilyMemberBody) => call(familyCalls.add, { body }, { thing: '保存' }),
  update: (id: string, body: FamilyMemberBody) => call(familyCalls.update, { params: { id }, body }, { thing: '保存' }),
  remove: (id: string) => call(familyCalls.remove, { params: { id } }, { thing: '删除' }),
  /** One person in full (the ID number unmasked), only to fill the insure form. */
  fill: (id: string) => call(familyCalls.fill, { params: { id } }, { thing: '常用被保人' }),
};
