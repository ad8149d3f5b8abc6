import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { PolicyStatus } from '../../contract/order.ts';
import type { Db } from '../db/db.ts';
import { applicationForms, orders } from '../db/schema.ts';
import { effectiveStatusSql, LIVE_STATUSES, type StatusClock } from './effective-status.ts';

export type NewOrder = Pick<typeof orders.$inferInsert, 'orderCode' | 'userId' | 'idempotentSerialNo' | 'amountFen' | 'createdAt'>;
export type NewApplicationForm = Omit<typeof applicationForms.$inferInsert, 'id' | 'orderId'>;

/** Inserts an order with its application forms; call inside a transaction. */
export async function insertOrderWithForms(
  db: Db,
  order: NewOrder,
  forms: readonly NewApplicationForm[],
): Promise<{ orderId: number }> {
  const [inserted] = await db.insert(orders).values(order).returning({ id: orders.id });
  if (!inserted) throw new Error('order insert returned no row');
  await db.insert(applicationForms).values(forms.map((form) => ({ ...form, orderId: inserted.id })));
  return { orderId: inserted.id };
}

export interface OrderSummary {
  orderCode: string;
  userId: string;
  amountFen: number;
  applicationFormCodes: string[];
}

export async function getOrderBySerial(db: Db, serial: string): Promise<OrderSummary | undefined> {
  const rows = await db
    .select({
      orderCode: orders.orderCode,
      userId: orders.userId,
      amountFen: orders.amountFen,
      applicationFormCode: applicationForms.applicationFormCode,
    })
    .from(orders)
    .innerJoin(applicationForms, eq(applicationForms.orderId, orders.id))
    .where(eq(orders.idempotentSerialNo, serial))
    .orderBy(applicationForms.id);
  const [first] = rows;
  if (!first) return undefined;
  return {
    orderCode: first.orderCode,
    userId: first.userId,
    amountFen: first.amountFen,
    applicationFormCodes: rows.map((r) => r.applicationFormCode),
  };
}

/** One application form with its order, as every read of a single order needs it. */
function formViewColumns(clock: StatusClock) {
  return {
    orderId: orders.id,
    orderCode: orders.orderCode,
    userId: orders.userId,
    orderAmountFen: orders.amountFen,
    paidAt: orders.paidAt,
    formId: applicationForms.id,
    applicationFormCode: applicationForms.applicationFormCode,
    productCode: applicationForms.productCode,
    productName: applicationForms.productName,
    planCode: applicationForms.planCode,
    planName: applicationForms.planName,
    premiumFen: applicationForms.premiumFen,
    startDate: applicationForms.startDate,
    endDate: applicationForms.endDate,
    holder: applicationForms.holder,
    insureds: applicationForms.insureds,
    policyNo: applicationForms.policyNo,
    storedStatus: applicationForms.status,
    status: effectiveStatusSql(clock),
    createdAt: applicationForms.createdAt,
  };
}

/** How a single application form is addressed. */
export type FormKey = { orderCode: string } | { applicationFormCode: string } | { orderId: number };

function formKeyCondition(key: FormKey) {
  if ('orderCode' in key) return eq(orders.orderCode, key.orderCode);
  if ('applicationFormCode' in key) return eq(applicationForms.applicationFormCode, key.applicationFormCode);
  return eq(orders.id, key.orderId);
}

/** The (first) application form of an order with its order and effective status. */
export async function getFormView(db: Db, key: FormKey, clock: StatusClock) {
  const [row] = await db
    .select(formViewColumns(clock))
    .from(applicationForms)
    .innerJoin(orders, eq(applicationForms.orderId, orders.id))
    .where(formKeyCondition(key))
    .orderBy(applicationForms.id)
    .limit(1);
  return row;
}

export type FormView = NonNullable<Awaited<ReturnType<typeof getFormView>>>;

/** A page of the user's application forms, newest first. */
export async function listFormViewsOfUser(
  db: Db,
  input: { userId: string; status?: PolicyStatus | undefined; limit: number; offset: number },
  clock: StatusClock,
) {
  const where = and(
    eq(orders.userId, input.userId),
    input.status ? eq(effectiveStatusSql(clock), input.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(formViewColumns(clock))
      .from(applicationForms)
      .innerJoin(orders, eq(applicationForms.orderId, orders.id))
      .where(where)
      .orderBy(desc(applicationForms.createdAt), desc(applicationForms.id))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ n: count() })
      .from(applicationForms)
      .innerJoin(orders, eq(applicationForms.orderId, orders.id))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * True when a live application of `productCode` insures the document and its
 * cover overlaps [start, end). Run inside the submit transaction after taking
 * the insured's advisory lock, so two orders for one child cannot both pass.
 */
export async function hasOverlappingCover(
  db: Db,
  input: { productCode: string; licenceType: string; licenceNo: string; start: Date; end: Date },
  clock: StatusClock,
): Promise<boolean> {
  const person = JSON.stringify([{ licenceType: input.licenceType, licenceNo: input.licenceNo }]);
  const [row] = await db
    .select({ id: applicationForms.id })
    .from(applicationForms)
    .where(
      and(
        eq(applicationForms.productCode, input.productCode),
        sql`${applicationForms.insureds} @> ${person}::jsonb`,
        lt(applicationForms.startDate, input.end),
        gt(applicationForms.endDate, input.start),
        inArray(effectiveStatusSql(clock), [...LIVE_STATUSES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Serialises work on one insured person of one product until the transaction
 * ends (PostgreSQL and PGlite both have transaction-scoped advisory locks).
 */
export async function lockInsuredPerson(db: Db, productCode: string, licenceNo: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${productCode}:${licenceNo}`}))`);
}

/** toBePaid → waitIssue, once: false when the order was already paid (or is in another state). */
export async function markOrderPaid(db: Db, orderId: number, paidAt: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'waitIssue', paidAt })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'toBePaid')))
    .returning({ id: orders.id });
  if (rows.length === 0) return false;
  await db
    .update(applicationForms)
    .set({ status: 'waitIssue' })
    .where(and(eq(applicationForms.orderId, orderId), eq(applicationForms.status, 'toBePaid')));
  return true;
}

/** waitIssue → the issued status with its policy number; no-op if another worker issued it first. */
export async function markFormIssued(
  db: Db,
  input: { formId: number; orderId: number; policyNo: string; status: PolicyStatus; issuedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(applicationForms)
    .set({ status: input.status, policyNo: input.policyNo, issuedAt: input.issuedAt })
    .where(and(eq(applicationForms.id, input.formId), eq(applicationForms.status, 'waitIssue')))
    .returning({ id: applicationForms.id });
  if (rows.length === 0) return false;
  await db.update(orders).set({ status: input.status }).where(eq(orders.id, input.orderId));
  return true;
}

export async function markFormIssueFailed(db: Db, input: { formId: number; orderId: number }): Promise<void> {
  const rows = await db
    .update(applicationForms)
    .set({ status: 'issueFail' })
    .where(and(eq(applicationForms.id, input.formId), eq(applicationForms.status, 'waitIssue')))
    .returning({ id: applicationForms.id });
  if (rows.length > 0) await db.update(orders).set({ status: 'issueFail' }).where(eq(orders.id, input.orderId));
}

/** Forms paid but not issued since before `before` (a crash between payment and issuance). */
export async function listOrdersWaitingIssue(db: Db, before: Date): Promise<{ orderId: number }[]> {
  return db
    .selectDistinct({ orderId: orders.id })
    .from(applicationForms)
    .innerJoin(orders, eq(applicationForms.orderId, orders.id))
    .where(and(eq(applicationForms.status, 'waitIssue'), lt(orders.paidAt, before)))
    .limit(100);
}
