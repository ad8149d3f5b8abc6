import { eq } from 'drizzle-orm';
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
