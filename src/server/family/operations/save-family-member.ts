import type { FamilyMemberBody } from '../../../contract/family.ts';
import { checkFamilyMember, FAMILY_MEMBERS_MAX, MSG_FAMILY_DUPLICATE, msgFamilyLimit } from '../../../engine/insure/family-member.ts';
import { maskIdNumber } from '../../../engine/rules/masking.ts';
import { documentIdentity, personFacts } from '../../../engine/rules/person.ts';
import type { Db } from '../../db/db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { notFound, rejected } from '../../http/envelope.ts';
import type { PersonCrypto } from '../person-crypto.ts';
import { findFamilyMemberByHash, insertFamilyMember, updateFamilyMember, type FamilyMemberRow } from '../family-members-repo.ts';

/** What the refusals call a saved person (常用被保人不存在, 无权访问该常用被保人). */
export const FAMILY_MEMBER = '常用被保人';

const present = (value: string | undefined | null): string | null => (value && value.trim() !== '' ? value.trim() : null);

/**
 * Saves a person for the caller (a new one, or `existing`, already checked to
 * be the caller's): the engine's check (with the stored number when an edit
 * keeps it), the consent, one person once per account (by the keyed hash of
 * the document), at most {@link FAMILY_MEMBERS_MAX} people; the number is
 * sealed for the caller and kept masked beside it.
 */
export async function saveFamilyMember(
  db: Db,
  crypto: PersonCrypto,
  userId: string,
  body: FamilyMemberBody,
  now: Date,
  existing?: FamilyMemberRow,
): Promise<FamilyMemberRow> {
  const idNo = (body.idNo ?? (existing ? crypto.open(existing.idNoCipher, userId) : '')).trim().toUpperCase();
  const phone = body.phone === undefined ? (existing?.phone ?? '') : body.phone;
  const problem = checkFamilyMember({ ...body, idNo, phone }, body.consent, now);
  if (problem) throw rejected(problem.message);
  const facts = personFacts({ licenceType: body.idType, licenceNo: idNo, birthday: present(body.birthday) ?? undefined, sex: present(body.sex) ?? undefined }, now);
  const identity = documentIdentity({ licenceType: body.idType, licenceNo: idNo })!;
  const idNoHash = crypto.hash(identity);
  // Under every key a rotation still accepts: a person saved before it is found too.
  const twin = await findFamilyMemberByHash(db, userId, crypto.hashes(identity));
  if (twin && twin.id !== existing?.id) throw rejected(MSG_FAMILY_DUPLICATE);
  const values = {
    name: body.name.trim(),
    idType: body.idType,
    idNoCipher: crypto.seal(idNo, userId),
    idNoHash,
    idNoMasked: maskIdNumber(idNo),
    birthday: facts.birthday,
    sex: facts.sex,
    phone: present(phone),
    schoolName: present(body.schoolName),
    className: present(body.className),
    consentedAt: now,
    updatedAt: now,
  };
  try {
    const row = existing ? await updateFamilyMember(db, userId, existing.id, values) : await insertFamilyMember(db, userId, values, FAMILY_MEMBERS_MAX);
    // An edit of a person deleted meanwhile is not found; a new one past the cap is refused.
    if (!row) throw existing ? notFound(FAMILY_MEMBER) : rejected(msgFamilyLimit(FAMILY_MEMBERS_MAX));
    return row;
  } catch (error) {
    // The same person saved twice at once: the unique key decides.
    if (isUniqueViolation(error)) throw rejected(MSG_FAMILY_DUPLICATE);
    throw error;
  }
}
