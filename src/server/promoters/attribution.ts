import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ORDER_CONSTANTS } from '../../contract/order-constants.ts';
import type { ProductManifest } from '../../engine/manifest/index.ts';
import { type StaffRow } from '../auth/people-repo.ts';
import type { Db } from '../db/db.ts';
import { customerManagers, staffMembers, users, type AgentSource } from '../db/schema.ts';
import { findPromoterByCode, type PromoterByCode } from './promoters-repo.ts';

/**
 * Who sold an order (spec §6 "Agent on an order"), decided by the server only:
 * whatever agent or channel the client sends is ignored.
 *
 * In order:
 * 1. the promo code the order carries (from the share link the parent came
 *    through), when it names a promoter other than the buyer;
 * 2. the employee number: a staff member buying sells to themselves;
 * 3. the holder's manager: the promoter the buyer is bound to (first touch).
 * The product's fixed agent (`order.fixedAgent`) then always wins as the
 * agent of record; the promoter found above still gets the sale in their
 * achievements and rewards (the sale is theirs, the insurer's agent is fixed).
 *
 * A promoter who is a customer (推荐人) is no licensed agent: the order's
 * agent is then that recommender's own manager when they are staff, else none.
 * Channel 05 (all-sale) of the agent sets the form's `schanelCode`.
 */

export interface AgentRow {
  agentCode: string;
  agentName: string;
  branchCode: string;
  branchName?: string;
  portion: number;
  channelCode?: string;
}

export interface SaleAttribution {
  /** The promoter credited with the sale (achievements, rewards), or null. */
  promoterUserId: string | null;
  /** Which rule decided the agent of record. */
  agentSource: AgentSource | null;
  agents: AgentRow[];
  schanelCode: string | null;
  /** The promoter's reward rate copied from the manifest, in basis points; null without a promoter. */
  rewardRateBp: number | null;
  /** The promoter to bind the buyer to when the buyer has no manager yet (first touch at first order). */
  bindTo: { managerUserCode: string; schanelCode: string } | null;
}

/** The all-sale channel (spec §6, §9). */
export const ALL_SALE_CHANNEL = '05';

function agentOfStaff(staff: StaffRow): AgentRow {
  return {
    agentCode: staff.employeeNum,
    agentName: staff.name,
    branchCode: staff.branchCode,
    branchName: staff.branchName,
    portion: ORDER_CONSTANTS.agentPortion,
    ...(staff.channelCode ? { channelCode: staff.channelCode } : {}),
  };
}

/** The user the buyer is bound to (customer_managers), with their staff record. */
async function managerOf(db: Db, buyerUserId: string): Promise<{ userId: string; userCode: string; staff: StaffRow | null } | undefined> {
  const [row] = await db
    .select({ userId: users.id, userCode: users.userCode, staff: staffMembers })
    .from(customerManagers)
    .innerJoin(users, eq(users.userCode, customerManagers.managerUserCode))
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .where(eq(customerManagers.userId, buyerUserId))
    .limit(1);
  return row;
}

/** The licensed agent behind a promoter: themselves when staff, else their own manager when that one is staff. */
async function agentStaffOf(db: Db, promoter: { userId: string; staff: StaffRow | null }): Promise<StaffRow | null> {
  if (promoter.staff) return promoter.staff;
  const manager = await managerOf(db, promoter.userId);
  return manager?.staff ?? null;
}

const managerUsers = alias(users, 'manager_users');
const managerStaff = alias(staffMembers, 'manager_staff');

/** The buyer's own staff record and {@link managerOf} the buyer. */
export interface BuyerStaff {
  ownStaff: StaffRow | null;
  manager: { userId: string; userCode: string; staff: StaffRow | null } | undefined;
}

/**
 * {@link BuyerStaff} in one round trip (an order submission reads it with
 * its own state instead: `readSubmissionState`, orders-repo.ts).
 */
export async function buyerStaffAndManager(db: Db, buyerUserId: string): Promise<BuyerStaff> {
  const [row] = await db
    .select({ ownStaff: staffMembers, managerUserId: managerUsers.id, managerUserCode: managerUsers.userCode, managerStaff })
    .from(users)
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .leftJoin(customerManagers, eq(customerManagers.userId, users.id))
    .leftJoin(managerUsers, eq(managerUsers.userCode, customerManagers.managerUserCode))
    .leftJoin(managerStaff, eq(managerStaff.userId, managerUsers.id))
    .where(eq(users.id, buyerUserId))
    .limit(1);
  const manager = row?.managerUserId && row.managerUserCode ? { userId: row.managerUserId, userCode: row.managerUserCode, staff: row.managerStaff } : undefined;
  return { ownStaff: row?.ownStaff ?? null, manager };
}

export async function attributeSale(
  db: Db,
  input: { manifest: ProductManifest; buyerUserId: string; promoCode: string | null | undefined; buyer?: BuyerStaff },
): Promise<SaleAttribution> {
  const { manifest, buyerUserId } = input;
  // Read by the caller already (an order submission, with its own state), or here.
  const { ownStaff, manager } = input.buyer ?? (await buyerStaffAndManager(db, buyerUserId));

  let promoter: { userId: string; staff: StaffRow | null } | null = null;
  let source: AgentSource | null = null;
  let linkPromoter: PromoterByCode | undefined;
  const byCode = await findPromoterByCode(db, input.promoCode);
  if (byCode && byCode.userId !== buyerUserId) {
    linkPromoter = byCode;
    promoter = { userId: byCode.userId, staff: byCode.staff };
    source = 'promoCode';
  }
  if (!promoter && ownStaff) {
    promoter = { userId: buyerUserId, staff: ownStaff };
    source = 'employeeNum';
  }
  if (!promoter && manager && manager.userId !== buyerUserId) {
    promoter = { userId: manager.userId, staff: manager.staff };
    source = 'manager';
  }

  const agentStaff = promoter ? await agentStaffOf(db, promoter) : null;
  let agents: AgentRow[] = agentStaff ? [agentOfStaff(agentStaff)] : [];
  const fixed = manifest.order.fixedAgent;
  if (fixed) {
    agents = [{ agentCode: fixed.agentCode, agentName: fixed.agentName, branchCode: manifest.order.defaultBranch, portion: ORDER_CONSTANTS.agentPortion }];
    source = 'fixedAgent';
  }
  const channel = fixed ? '' : (agentStaff?.channelCode ?? '');
  const rate = manifest.order.rewardRate ?? 0;
  return {
    promoterUserId: promoter?.userId ?? null,
    agentSource: source,
    agents,
    schanelCode: channel === ALL_SALE_CHANNEL ? ALL_SALE_CHANNEL : channel || null,
    rewardRateBp: promoter ? Math.round(rate * 10_000) : null,
    // The link's promoter is then the sale's promoter, so its agent's channel is `agentStaff`'s.
    bindTo: !manager && linkPromoter ? { managerUserCode: linkPromoter.userCode, schanelCode: agentStaff?.channelCode ?? '' } : null,
  };
}
