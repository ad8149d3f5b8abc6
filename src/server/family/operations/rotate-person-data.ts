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

/** A sealed value of a row: the row's id, its owner (the associated data) and the value. */
interface SealedRow {
  id: number;
  userId: string;
  cipher: string;
}

/**
 * Every row of one sealed column, a page at a time by id: a value not sealed under the current key is opened
 * and handed to `reseal`, which writes it sealed anew while the row still holds `row.cipher` and answers the
 * rows it changed. Answers how many changed and how many no key opened.
 */
async function resealColumn<R extends SealedRow>(
  crypto: PersonCrypto,
  page: (after: number) => Promise<R[]>,
  reseal: (row: R, plain: string) => Promise<number>,
): Promise<{ changed: number; unreadable: number }> {
  let changed = 0;
  let unreadable = 0;
  for (let after = 0; ; ) {
    const rows = await page(after);
    for (const row of rows) {
      if (crypto.isCurrent(row.cipher, row.userId)) continue;
      let plain: string;
      try {
        plain = crypto.open(row.cipher, row.userId);
      } catch {
        unreadable += 1;
        continue;
      }
      changed += await reseal(row, plain);
    }
    if (rows.length < PAGE) return { changed, unreadable };
    after = rows.at(-1)!.id;
  }
}

export async function rotatePersonData(db: Db, crypto: PersonCrypto): Promise<RotationResult> {
  const people = await resealColumn(
    crypto,
    (after) =>
      db
        .select({ id: familyMembers.id, userId: familyMembers.userId, idType: familyMembers.idType, cipher: familyMembers.idNoCipher })
        .from(familyMembers)
        .where(gt(familyMembers.id, after))
        .orderBy(asc(familyMembers.id))
        .limit(PAGE),
    async (row, idNo) => {
      const identity = documentIdentity({ licenceType: row.idType, licenceNo: idNo }) ?? idNo;
      const moved = await db
        .update(familyMembers)
        .set({ idNoCipher: crypto.seal(idNo, row.userId), idNoHash: crypto.hash(identity) })
        .where(and(eq(familyMembers.id, row.id), eq(familyMembers.idNoCipher, row.cipher)))
        .returning({ id: familyMembers.id });
      return moved.length;
    },
  );
  const accounts = await resealColumn(
    crypto,
    (after) =>
      db.select({ id: claims.id, userId: claims.userId, cipher: claims.accountNoCipher }).from(claims).where(gt(claims.id, after)).orderBy(asc(claims.id)).limit(PAGE),
    async (row, accountNo) => {
      const moved = await db
        .update(claims)
        .set({ accountNoCipher: crypto.seal(accountNo, row.userId) })
        .where(and(eq(claims.id, row.id), eq(claims.accountNoCipher, row.cipher)))
        .returning({ id: claims.id });
      return moved.length;
    },
  );
  return { people: people.changed, accounts: accounts.changed, unreadable: people.unreadable + accounts.unreadable };
}
