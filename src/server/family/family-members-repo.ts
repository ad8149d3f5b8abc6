import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { familyMembers } from '../db/schema.ts';

export type FamilyMemberRow = typeof familyMembers.$inferSelect;
export type FamilyMemberValues = Omit<typeof familyMembers.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** The caller's people, oldest first. */
export async function listFamilyMembers(db: Db, userId: string): Promise<FamilyMemberRow[]> {
  return db.select().from(familyMembers).where(eq(familyMembers.userId, userId)).orderBy(asc(familyMembers.id));
}

/** A person by id, whoever owns them (the caller tells 4003 from 4004). */
export async function getFamilyMember(db: Db, id: number): Promise<FamilyMemberRow | undefined> {
  const [row] = await db.select().from(familyMembers).where(eq(familyMembers.id, id)).limit(1);
  return row;
}

/** Another person of the user with this document hash (the same person twice), other than `exceptId`. */
export async function findFamilyMemberByHash(db: Db, userId: string, idNoHashes: readonly string[]): Promise<FamilyMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.userId, userId), inArray(familyMembers.idNoHash, [...idNoHashes])))
    .limit(1);
  return row;
}

/**
 * Inserts a person unless the user already keeps `max`: the count and the
 * insert run under the user's advisory lock, so two saves at once cannot pass
 * the cap together. Undefined when the cap is reached.
 */
export async function insertFamilyMember(db: Db, userId: string, values: FamilyMemberValues, max: number): Promise<FamilyMemberRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`family:${userId}`}))`);
    const [counted] = await tx.select({ n: count() }).from(familyMembers).where(eq(familyMembers.userId, userId));
    if ((counted?.n ?? 0) >= max) return undefined;
    const [row] = await tx.insert(familyMembers).values({ ...values, userId }).returning();
    return row;
  });
}

/** Updates the user's own person; undefined when it is not theirs (or gone). */
export async function updateFamilyMember(db: Db, userId: string, id: number, values: FamilyMemberValues): Promise<FamilyMemberRow | undefined> {
  const [row] = await db
    .update(familyMembers)
    .set(values)
    .where(and(eq(familyMembers.id, id), eq(familyMembers.userId, userId)))
    .returning();
  return row;
}

/** Deletes the user's own person (the row itself); false when it is not theirs (or gone). */
export async function deleteFamilyMember(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(familyMembers)
    .where(and(eq(familyMembers.id, id), eq(familyMembers.userId, userId)))
    .returning({ id: familyMembers.id });
  return rows.length > 0;
}
