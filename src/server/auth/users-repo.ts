import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { users } from '../db/schema.ts';
import { randomDigits } from '../lib/random-codes.ts';

export type UserRow = typeof users.$inferSelect;

export async function getUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function getUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

/**
 * The user of `phone`, registering it on first log-in. Two simultaneous first
 * log-ins both end with the same row: the phone's unique key settles the race.
 */
export async function findOrCreateUserByPhone(db: Db, phone: string, now: Date): Promise<UserRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const [created] = await db
        .insert(users)
        .values({ phone, userCode: `U${randomDigits(12)}`, createdAt: now, lastLoginAt: now })
        .onConflictDoUpdate({ target: users.phone, set: { lastLoginAt: now } })
        .returning();
      if (created) return created;
    } catch (error) {
      // Only a user_code collision is worth another try; anything else is a real failure.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not allocate a user code');
}

// --- accounts

export async function getUserByCode(db: Db, userCode: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userCode, userCode)).limit(1);
  return row;
}

/** Counts a log-in (wxb/isFirstLogin reads the count). */
export async function recordLogin(db: Db, userId: string, now: Date): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ lastLoginAt: now, loginCount: sql`${users.loginCount} + 1` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('user vanished during log-in');
  return row;
}

/** A new account with a password; undefined when the phone already has one (a concurrent registration). */
export async function createUserWithPassword(db: Db, phone: string, passwordHash: string, now: Date): Promise<UserRow | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const [created] = await db
        .insert(users)
        .values({ phone, userCode: `U${randomDigits(12)}`, passwordHash, createdAt: now })
        .onConflictDoNothing({ target: users.phone })
        .returning();
      return created;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not allocate a user code');
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Moves the account to `newPhone`; false when another account has that phone. */
export async function changePhone(db: Db, userId: string, newPhone: string): Promise<boolean> {
  try {
    const rows = await db.update(users).set({ phone: newPhone }).where(eq(users.id, userId)).returning({ id: users.id });
    return rows.length > 0;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export type ProfileUpdate = Partial<Pick<UserRow, 'actualName' | 'sex' | 'dateOfBirth' | 'contactAddress' | 'imgUrl'>>;

export async function updateProfile(db: Db, userId: string, update: ProfileUpdate): Promise<UserRow | undefined> {
  if (Object.keys(update).length === 0) return getUserById(db, userId);
  const [row] = await db.update(users).set(update).where(eq(users.id, userId)).returning();
  return row;
}

export async function setIdentity(
  db: Db,
  userId: string,
  input: { realName?: string; idNo?: string; realNameAt?: Date; faceAt?: Date },
): Promise<void> {
  await db.update(users).set(input).where(eq(users.id, userId));
}
