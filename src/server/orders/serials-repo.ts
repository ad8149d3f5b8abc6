import { eq } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { serials } from '../db/schema.ts';

export async function insertSerial(db: Db, input: { serial: string; userId: string; now: Date }): Promise<void> {
  await db.insert(serials).values({ serial: input.serial, userId: input.userId, createdAt: input.now });
}

/** The user a serial was issued to, if it was issued at all. */
export async function getSerialOwner(db: Db, serial: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: serials.userId }).from(serials).where(eq(serials.serial, serial)).limit(1);
  return row?.userId;
}
