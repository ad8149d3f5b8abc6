import type { Db } from '../db/db.ts';
import { serials } from '../db/schema.ts';

export async function insertSerial(db: Db, input: { serial: string; userId: string; now: Date }): Promise<void> {
  await db.insert(serials).values({ serial: input.serial, userId: input.userId, createdAt: input.now });
}
