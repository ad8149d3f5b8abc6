import { eq } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { userFiles } from '../db/schema.ts';

export type UserFileRow = typeof userFiles.$inferSelect;

export async function insertUserFile(db: Db, row: typeof userFiles.$inferInsert): Promise<void> {
  await db.insert(userFiles).values(row);
}

export async function getUserFile(db: Db, id: string): Promise<UserFileRow | undefined> {
  const [row] = await db.select().from(userFiles).where(eq(userFiles.id, id)).limit(1);
  return row;
}
