import { eq } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { customerManagers, privacyConsents, staffMembers, users, type ManagerSource } from '../db/schema.ts';

export type StaffRow = typeof staffMembers.$inferSelect;

export async function getStaffOfUser(db: Db, userId: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.userId, userId)).limit(1);
  return row;
}

export async function insertStaff(db: Db, row: typeof staffMembers.$inferInsert): Promise<void> {
  await db.insert(staffMembers).values(row).onConflictDoNothing();
}

/** The manager (promoter) of a customer, with the manager's staff record when there is one. */
export async function getManagerOf(db: Db, userId: string) {
  const [link] = await db.select().from(customerManagers).where(eq(customerManagers.userId, userId)).limit(1);
  if (!link) return undefined;
  const [manager] = await db
    .select({ name: staffMembers.name, licenseNumber: staffMembers.licenseNumber })
    .from(users)
    .innerJoin(staffMembers, eq(staffMembers.userId, users.id))
    .where(eq(users.userCode, link.managerUserCode))
    .limit(1);
  return { ...link, managerName: manager?.name ?? '', licenseNumber: manager?.licenseNumber ?? '' };
}

/** The first manager sticks: a later promo link does not take the customer away. */
export async function setManagerOnce(
  db: Db,
  input: { userId: string; managerUserCode: string; schanelCode: string; source: ManagerSource; now: Date },
): Promise<void> {
  await db
    .insert(customerManagers)
    .values({ userId: input.userId, managerUserCode: input.managerUserCode, schanelCode: input.schanelCode, source: input.source, createdAt: input.now })
    .onConflictDoNothing({ target: customerManagers.userId });
}

/** Staff move a customer to another manager (registerCustomer/setManager): the only way a binding changes. */
export async function reassignManager(db: Db, input: { userId: string; managerUserCode: string; schanelCode: string; now: Date }): Promise<void> {
  await db
    .insert(customerManagers)
    .values({ userId: input.userId, managerUserCode: input.managerUserCode, schanelCode: input.schanelCode, source: 'staff', createdAt: input.now })
    .onConflictDoUpdate({
      target: customerManagers.userId,
      set: { managerUserCode: input.managerUserCode, schanelCode: input.schanelCode, source: 'staff', updatedAt: input.now },
    });
}

export async function insertConsent(db: Db, input: { userId: string; documents: string[]; ip: string; now: Date }): Promise<void> {
  await db.insert(privacyConsents).values({ userId: input.userId, documents: input.documents.join(','), ip: input.ip, agreedAt: input.now });
}
