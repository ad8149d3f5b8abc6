import { and, eq, isNull, or } from 'drizzle-orm';
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


/**
 * Binds the serial to the application `hash` on its first repeat check; true
 * when it is bound to that application (now or before), false when it is
 * bound to another one. One statement, so two checks cannot bind it twice.
 */
export async function bindSerialToApplication(db: Db, serial: string, hash: string): Promise<boolean> {
  const rows = await db
    .update(serials)
    .set({ checkedHash: hash })
    .where(and(eq(serials.serial, serial), or(isNull(serials.checkedHash), eq(serials.checkedHash, hash))))
    .returning({ serial: serials.serial });
  return rows.length > 0;
}
