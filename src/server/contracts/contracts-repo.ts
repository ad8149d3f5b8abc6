import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAID_STATUSES } from '../../contract/policy-lifecycle.ts';
import type { Db } from '../db/db.ts';
import { applicationForms, contracts, esignSigners, offlineRoster, orders } from '../db/schema.ts';
import type { ContractRow } from './contract-service.ts';

export type RosterRow = typeof offlineRoster.$inferSelect;
export type SignerRow = typeof esignSigners.$inferSelect;

export async function getContract(db: Db, contractNo: string): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(contracts).where(eq(contracts.contractNo, contractNo)).limit(1);
  return row;
}

/** The caller's agreement for this product and insured (at most one: asking again continues it). */
export async function findContractOfInsured(db: Db, userId: string, productCode: string, insuredIdNo: string): Promise<ContractRow | undefined> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.userId, userId), eq(contracts.productCode, productCode), eq(contracts.insuredIdNo, insuredIdNo)))
    .limit(1);
  return row;
}

export async function insertContract(db: Db, values: typeof contracts.$inferInsert): Promise<ContractRow | undefined> {
  const [row] = await db.insert(contracts).values(values).returning();
  return row;
}

export async function deleteContract(db: Db, contractNo: string): Promise<void> {
  await db.delete(contracts).where(eq(contracts.contractNo, contractNo));
}

export async function setContractTask(db: Db, contractNo: string, task: { taskId: string; signUrl: string }): Promise<void> {
  await db.update(contracts).set({ taskId: task.taskId, signUrl: task.signUrl }).where(eq(contracts.contractNo, contractNo));
}

export async function getSigner(db: Db, userId: string): Promise<SignerRow | undefined> {
  const [row] = await db.select().from(esignSigners).where(eq(esignSigners.userId, userId)).limit(1);
  return row;
}

/** A user has one certified signer: certifying again replaces it. */
export async function saveSigner(db: Db, signer: Omit<typeof esignSigners.$inferInsert, 'certifiedAt'> & { certifiedAt: Date }): Promise<void> {
  const { name, idNo, provider, certifiedAt } = signer;
  await db.insert(esignSigners).values(signer).onConflictDoUpdate({ target: esignSigners.userId, set: { name, idNo, provider, certifiedAt } });
}

export async function getRosterRow(db: Db, id: number): Promise<RosterRow | undefined> {
  const [row] = await db.select().from(offlineRoster).where(eq(offlineRoster.id, id)).limit(1);
  return row;
}

/** The roster entry of an ID number for a product. */
export async function findRosterEntry(db: Db, productCode: string, idNo: string): Promise<RosterRow | undefined> {
  const [row] = await db
    .select()
    .from(offlineRoster)
    .where(and(eq(offlineRoster.productCode, productCode), eq(offlineRoster.idNo, idNo)))
    .limit(1);
  return row;
}

export async function updateRosterRow(db: Db, id: number, set: Partial<typeof offlineRoster.$inferInsert>): Promise<RosterRow | undefined> {
  const [row] = await db.update(offlineRoster).set(set).where(eq(offlineRoster.id, id)).returning();
  return row;
}

/** A paid order of this user for this product whose insured is this ID number. */
export async function findPaidOrderOfInsured(db: Db, userId: string, productCode: string, insuredIdNo: string): Promise<{ code: string } | undefined> {
  const [row] = await db
    .select({ code: orders.orderCode })
    .from(orders)
    .innerJoin(applicationForms, eq(applicationForms.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(applicationForms.productCode, productCode), sql`${applicationForms.insureds} @> ${JSON.stringify([{ licenceNo: insuredIdNo }])}::jsonb`, inArray(orders.status, [...PAID_STATUSES])))
    .limit(1);
  return row;
}
