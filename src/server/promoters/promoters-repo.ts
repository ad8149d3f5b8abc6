import { randomInt } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { applicationForms, customerManagers, promoterCodes, staffMembers, users } from '../db/schema.ts';
import { isUniqueViolation } from '../db/errors.ts';

/**
 * Promoters: a user who shares — a staff member (经纪人) or a
 * customer who recommends (推荐人) — with a promo code, carried by share
 * links, and a manager code, printed as the recommendation code (推荐码).
 *
 * Both codes are 8 characters of Crockford base32 (no I, L, O, U) drawn from
 * the CSPRNG: 40 random bits each, independent of each other and of the
 * user, so no code can be derived from another. They are created on first
 * use and never change.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PROMO_CODE_LENGTH = 8;
const PROMO_CODE_RE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

export function randomPromoCode(): string {
  let out = '';
  for (let i = 0; i < PROMO_CODE_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** A code as a link or a person typed it: upper case, I/L → 1, O → 0 (Crockford); null when it cannot be one. */
export function normalisePromoCode(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const code = raw.trim().toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
  return PROMO_CODE_RE.test(code) ? code : null;
}

export interface PromoterCodesRow {
  userId: string;
  promoCode: string;
  managerCode: string;
}

/** The user's codes, created on first use (concurrent first uses agree on one pair). */
export async function ensurePromoterCodes(db: Db, userId: string, now: Date): Promise<PromoterCodesRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.select().from(promoterCodes).where(eq(promoterCodes.userId, userId)).limit(1);
    if (existing) return existing;
    try {
      await db
        .insert(promoterCodes)
        .values({ userId, promoCode: randomPromoCode(), managerCode: randomPromoCode(), createdAt: now })
        .onConflictDoNothing({ target: promoterCodes.userId });
    } catch (error) {
      // A code collision (1 in 10^12 per pair): draw again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not create promoter codes');
}

/** The promoter a promo code or manager code belongs to, with their staff record when they are staff. */
export async function findPromoterByCode(db: Db, rawCode: string | null | undefined) {
  const code = normalisePromoCode(rawCode);
  if (!code) return undefined;
  const [row] = await db
    .select({
      userId: users.id,
      userCode: users.userCode,
      promoCode: promoterCodes.promoCode,
      managerCode: promoterCodes.managerCode,
      staff: staffMembers,
    })
    .from(promoterCodes)
    .innerJoin(users, eq(users.id, promoterCodes.userId))
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .where(or(eq(promoterCodes.promoCode, code), eq(promoterCodes.managerCode, code)))
    .limit(1);
  return row;
}
export type PromoterByCode = NonNullable<Awaited<ReturnType<typeof findPromoterByCode>>>;

/** A promoter as a customer's manager: the channel is the promoter's (staff channel 05 is all-sale), never the client's. */
export const asManager = (promoter: PromoterByCode) => ({ managerUserCode: promoter.userCode, schanelCode: promoter.staff?.channelCode ?? '' });

/**
 * A promoter: staff, or a customer who has brought someone (a bound customer
 * or an attributed sale). The personal centre shows 推广专区 to them only.
 */
export async function isPromoter(db: Db, user: { id: string; userCode: string }): Promise<boolean> {
  const [row] = await db
    .select({
      yes: sql<boolean>`(
        exists (select 1 from ${staffMembers} where ${staffMembers.userId} = ${user.id})
        or exists (select 1 from ${customerManagers} where ${customerManagers.managerUserCode} = ${user.userCode})
        or exists (select 1 from ${applicationForms} where ${applicationForms.promoterUserId} = ${user.id}))`,
    })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  return Boolean(row?.yes);
}

