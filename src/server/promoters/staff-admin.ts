import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { REWARDED_STATUSES } from '../../contract/policy-lifecycle.ts';
import { validatePhone } from '../../engine/rules/index.ts';
import type { Db } from '../db/db.ts';
import { applicationForms, staffMembers, STAFF_ROLES, users, type StaffRole } from '../db/schema.ts';
import { SCOPE_ENTRY } from '../auth/staff-access.ts';
import { findOrCreateUserByPhone } from '../auth/users-repo.ts';
import { ensurePromoterCodes } from './promoters-repo.ts';

/**
 * What operators do to staff from the command line (`npm run staff -- …`,
 * docs/promoters.md): add or update a staff member, list them, pay out
 * confirmed rewards. Pure functions on a database handle, so tests call them.
 */

export interface StaffInput {
  phone: string;
  employeeNum: string;
  name: string;
  licenseNumber: string;
  branchCode: string;
  branchName: string;
  /** '05' is all-sale (spec §6); '' none. */
  channelCode?: string;
  roles?: StaffRole[];
  /** Product codes and market ids the member covers (`*`: every product); default none. */
  scope?: string[];
}

/** Problems of an input, in operator words; empty when it can be saved. */
export function checkStaffInput(input: Partial<StaffInput>): string[] {
  const problems: string[] = [];
  if (!input.phone || validatePhone(input.phone) !== null) problems.push('--phone must be an 11-digit mainland mobile number (e.g. 13900000001)');
  if (!input.employeeNum || !/^[A-Za-z0-9]{2,20}$/.test(input.employeeNum)) problems.push('--employee must be 2–20 letters or digits (e.g. E1001)');
  if (!input.name || input.name.length > 20) problems.push('--name must be the staff member’s name, at most 20 characters');
  if (!input.licenseNumber || !/^[0-9A-Za-z]{8,40}$/.test(input.licenseNumber)) problems.push('--license must be the practising licence number (8–40 letters or digits)');
  if (!input.branchCode || !/^[A-Za-z0-9]{2,20}$/.test(input.branchCode)) problems.push('--branch must be a branch code such as JT0000 or JT0144001');
  if (!input.branchName || input.branchName.length > 40) problems.push('--branch-name must be the branch’s name, at most 40 characters');
  if (input.channelCode !== undefined && !/^([0-9]{2})?$/.test(input.channelCode)) problems.push('--channel must be two digits (05 = all-sale) or empty');
  for (const role of input.roles ?? []) if (!STAFF_ROLES.includes(role)) problems.push(`--roles accepts ${STAFF_ROLES.join(', ')} (got "${role}")`);
  for (const entry of input.scope ?? []) {
    if (!SCOPE_ENTRY.test(entry)) problems.push(`--scope takes product codes (23PR370860), market ids (jining) or * (got "${entry}")`);
  }
  return problems;
}

/**
 * Adds a staff member (creating their account by phone when they have none) or
 * updates the one with that employee number; their promo and manager codes are
 * created on the way. A phone already used by another employee number is refused.
 */
export async function upsertStaff(db: Db, input: StaffInput, now: Date) {
  const user = await findOrCreateUserByPhone(db, input.phone, now);
  const [other] = await db.select().from(staffMembers).where(eq(staffMembers.userId, user.id)).limit(1);
  if (other && other.employeeNum !== input.employeeNum) {
    throw new Error(`phone ${input.phone} already belongs to staff member ${other.employeeNum}`);
  }
  const values = {
    employeeNum: input.employeeNum,
    userId: user.id,
    name: input.name,
    licenseNumber: input.licenseNumber,
    branchCode: input.branchCode,
    branchName: input.branchName,
    channelCode: input.channelCode ?? '',
  };
  const [owner] = await db.select().from(staffMembers).where(eq(staffMembers.employeeNum, input.employeeNum)).limit(1);
  if (owner && owner.userId !== user.id) throw new Error(`employee number ${input.employeeNum} belongs to another phone`);
  // Roles and scope left out keep what an update finds (a new member: broker, no scope).
  const access = { ...(input.roles ? { roles: input.roles } : {}), ...(input.scope ? { scope: input.scope } : {}) };
  const [saved] = await db
    .insert(staffMembers)
    .values({ roles: ['broker'], scope: [], ...values, ...access, createdAt: now })
    .onConflictDoUpdate({ target: staffMembers.employeeNum, set: { ...values, ...access } })
    .returning({ roles: staffMembers.roles, scope: staffMembers.scope });
  const codes = await ensurePromoterCodes(db, user.id, now);
  return { ...values, roles: saved!.roles, scope: saved!.scope, userCode: user.userCode, promoCode: codes.promoCode, managerCode: codes.managerCode };
}

export async function listStaff(db: Db) {
  const rows = await db
    .select({ staff: staffMembers, userCode: users.userCode, phone: users.phone })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .orderBy(staffMembers.employeeNum);
  return Promise.all(
    rows.map(async (row) => {
      const codes = await ensurePromoterCodes(db, row.staff.userId, new Date());
      return { ...row.staff, userCode: row.userCode, phone: row.phone, promoCode: codes.promoCode, managerCode: codes.managerCode };
    }),
  );
}

/**
 * Marks confirmed rewards as paid: sales in force or ended normally
 * (guarantee, policyOverdue), not yet paid, made before `before`. Returns how
 * many. Surrendered or refunded sales are never paid (their reward is clawed back).
 */
export async function payRewards(db: Db, input: { before: Date; promoterUserId?: string; now: Date }): Promise<number> {
  const paid = await db
    .update(applicationForms)
    .set({ rewardPaidAt: input.now })
    .where(
      and(
        isNotNull(applicationForms.promoterUserId),
        isNull(applicationForms.rewardPaidAt),
        inArray(applicationForms.status, [...REWARDED_STATUSES]),
        lt(applicationForms.createdAt, input.before),
        input.promoterUserId ? eq(applicationForms.promoterUserId, input.promoterUserId) : undefined,
      ),
    )
    .returning({ id: applicationForms.id });
  return paid.length;
}
