import type { FastifyInstance } from 'fastify';
import { familyCalls, type FamilyMemberFill, type FamilyMemberView } from '../../contract/family.ts';
import { FAMILY_MEMBERS_MAX } from '../../engine/insure/family-member.ts';
import { maskPhone } from '../../engine/rules/masking.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { forbidden, notFound, ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { deleteFamilyMember, getFamilyMember, listFamilyMembers, type FamilyMemberRow } from './family-members-repo.ts';
import { FAMILY_MEMBER, saveFamilyMember } from './operations/save-family-member.ts';
import { createPersonCrypto } from './person-crypto.ts';

/** A person as every answer but `fill` shows them: the number as masked when saved, the phone masked. */
function toView(row: FamilyMemberRow): FamilyMemberView {
  return {
    id: String(row.id),
    name: row.name,
    idType: row.idType,
    idNo: row.idNoMasked,
    birthday: row.birthday ?? '',
    sex: row.sex ?? '',
    phone: row.phone ? maskPhone(row.phone) : '',
    schoolName: row.schoolName ?? '',
    className: row.className ?? '',
    consentedAt: row.consentedAt.toISOString(),
  };
}

/**
 * Family members (常用被保人, docs/accounts.md#family-members): list, add, edit,
 * delete, and the one call that answers a person's full ID number, to its owner,
 * for the insure form. Another user's id answers 4003, an unknown one 4004.
 */
export function registerFamilyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);
  const crypto = createPersonCrypto(deps.config.personDataKey, deps.config.personDataPreviousKeys);
  /** The caller's own person by the id of the path. */
  const ownMember = async (userId: string, id: string): Promise<FamilyMemberRow> => {
    const row = await getFamilyMember(db, Number(id));
    if (!row) throw notFound(FAMILY_MEMBER);
    if (row.userId !== userId) throw forbidden(FAMILY_MEMBER);
    return row;
  };

  route(familyCalls.list, async (request) => {
    const rows = await listFamilyMembers(db, currentUser(request).userId);
    return ok({ list: rows.map(toView), max: FAMILY_MEMBERS_MAX });
  });

  route(familyCalls.add, async (request) => {
    const row = await saveFamilyMember(db, crypto, currentUser(request).userId, request.body, deps.now());
    return ok(toView(row), '保存成功');
  });

  route(familyCalls.update, async (request) => {
    const { userId } = currentUser(request);
    const existing = await ownMember(userId, request.params.id);
    return ok(toView(await saveFamilyMember(db, crypto, userId, request.body, deps.now(), existing)), '保存成功');
  });

  route(familyCalls.remove, async (request) => {
    const { userId } = currentUser(request);
    await ownMember(userId, request.params.id);
    if (!(await deleteFamilyMember(db, userId, Number(request.params.id)))) throw notFound(FAMILY_MEMBER);
    return ok(null, '删除成功');
  });

  route(familyCalls.fill, async (request) => {
    const { userId } = currentUser(request);
    const row = await ownMember(userId, request.params.id);
    const { consentedAt: _consentedAt, ...shown } = toView(row);
    const full: FamilyMemberFill = { ...shown, idNo: crypto.open(row.idNoCipher, userId), phone: row.phone ?? '' };
    return ok(full);
  });
}
