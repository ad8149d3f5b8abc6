/**
 * Sealing the personal data again under the current PERSON_DATA_KEY
 * (docs/accounts.md#family-members, "Changing the key"): every saved
 * person's ID number (with its lookup hash) and every claim's bank account
 * that still opens only under a previous key is opened and sealed anew. A
 * row changed meanwhile (the update is conditional on the value read) is left
 * for the next run; a run changes nothing that is current already, so it can
 * be run again at any time.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { documentIdentity } from '../../../engine/rules/person.ts';
import type { Db } from '../../db/db.ts';
import { claims, familyMembers } from '../../db/schema.ts';
import type { PersonCrypto } from '../person-crypto.ts';

const PAGE = 500;

export interface RotationResult {
  /** Saved people sealed again. */
  people: number;
  /** Claims' bank accounts sealed again. */
  accounts: number;
  /** Values no key opens (altered, or of a key no longer given): left as they are. */
  unreadable: number;
}

export async function rotatePersonData(db: Db, crypto: PersonCrypto): Promise<RotationResult> {
  const result: RotationResult = { people: 0, accounts: 0, unreadable: 0 };
  /** Opens a value under any key given, or counts it unreadable. */
  const open = (sealed: string, owner: string): string | undefined => {
    try {
      return crypto.open(sealed, owner);
    } catch {
      result.unreadable += 1;
      return undefined;
    }
  };
  for (let after = 0; ; ) {
    const rows = await db
      .select({ id: familyMembers.id, userId: familyMembers.userId, idType: familyMembers.idType, cipher: familyMembers.idNoCipher })
      .from(familyMembers)
      .where(gt(familyMembers.id, after))
      .orderBy(asc(familyMembers.id))
      .limit(PAGE);
    for (const row of rows) {
      if (crypto.isCurrent(row.cipher, row.userId)) continue;
      const idNo = open(row.cipher, row.userId);
      if (idNo === undefined) continue;
      const identity = documentIdentity({ licenceType: row.idType, licenceNo: idNo }) ?? idNo;
      const moved = await db
        .update(familyMembers)
        .set({ idNoCipher: crypto.seal(idNo, row.userId), idNoHash: crypto.hash(identity) })
        .where(and(eq(familyMembers.id, row.id), eq(familyMembers.idNoCipher, row.cipher)))
        .returning({ id: familyMembers.id });
      result.people += moved.length;
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  for (let after = 0; ; ) {
    const rows = await db
      .select({ id: claims.id, userId: claims.userId, cipher: claims.accountNoCipher })
      .from(claims)
      .where(gt(claims.id, after))
      .orderBy(asc(claims.id))
      .limit(PAGE);
    for (const row of rows) {
      if (crypto.isCurrent(row.cipher, row.userId)) continue;
      const accountNo = open(row.cipher, row.userId);
      if (accountNo === undefined) continue;
      const moved = await db
        .update(claims)
        .set({ accountNoCipher: crypto.seal(accountNo, row.userId) })
        .where(and(eq(claims.id, row.id), eq(claims.accountNoCipher, row.cipher)))
        .returning({ id: claims.id });
      result.accounts += moved.length;
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  return result;
}
