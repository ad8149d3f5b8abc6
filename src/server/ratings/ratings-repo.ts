import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { BIZ_TYPE } from '../../engine/ratings/ratings.ts';
import type { Db } from '../db/db.ts';
import { applicationForms, comments, orders, users } from '../db/schema.ts';

export type NewComment = Omit<typeof comments.$inferInsert, 'id'>;

/** Mean score (0..5, one decimal) and count of the visible ratings of a product, one node or both. */
export async function ratingStats(db: Db, productCode: string, node?: string): Promise<{ score: number; commentNum: number }> {
  const [row] = await db
    .select({ n: count(), avg: sql<string | null>`avg(${comments.scoreTenths})` })
    .from(comments)
    .where(and(eq(comments.productCode, productCode), eq(comments.status, 1), node ? eq(comments.commentNode, node) : undefined));
  const commentNum = Number(row?.n ?? 0);
  const avgTenths = row?.avg === null || row?.avg === undefined ? 0 : Number(row.avg);
  return { commentNum, score: commentNum === 0 ? 0 : Math.round(avgTenths) / 10 };
}

/** One page of visible ratings of a product and node, newest first. */
export async function listRatings(db: Db, input: { productCode: string; node: string; limit: number; offset: number }) {
  const where = and(eq(comments.productCode, input.productCode), eq(comments.commentNode, input.node), eq(comments.status, 1));
  const [rows, [total]] = await Promise.all([
    db.select().from(comments).where(where).orderBy(desc(comments.createdAt), desc(comments.id)).limit(input.limit).offset(input.offset),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Insert a rating; false when this user already rated this business at this node (the unique key). */
export async function insertRating(db: Db, row: NewComment): Promise<boolean> {
  const inserted = await db.insert(comments).values(row).onConflictDoNothing().returning({ id: comments.id });
  return inserted.length > 0;
}

/** The bizNos among `bizNos` that the user has rated at this node. */
export async function ratedBizNos(db: Db, input: { userId: string; node: string; bizType: string; bizNos: readonly string[] }) {
  if (input.bizNos.length === 0) return [];
  const rows = await db
    .select({ bizNo: comments.bizNo })
    .from(comments)
    .where(
      and(
        eq(comments.userId, input.userId),
        eq(comments.commentNode, input.node),
        eq(comments.bizType, input.bizType),
        inArray(comments.bizNo, [...input.bizNos]),
      ),
    );
  return rows.map((r) => r.bizNo);
}

/**
 * The business a rating is about, when it is the caller's: an order by its
 * code (bizType 00) or a policy by its number (01). Its product code and
 * status come with it; someone else's business reads as absent.
 */
export async function findOwnBusiness(db: Db, input: { userId: string; bizType: string; bizNo: string }) {
  const byOrder = input.bizType === BIZ_TYPE.order;
  const rows = await db
    .select({ productCode: applicationForms.productCode, status: applicationForms.status })
    .from(applicationForms)
    .innerJoin(orders, eq(orders.id, applicationForms.orderId))
    .where(
      and(
        eq(orders.userId, input.userId),
        byOrder ? eq(orders.orderCode, input.bizNo) : eq(applicationForms.policyNo, input.bizNo),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function phoneOfUser(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.phone;
}
