import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PolicyStatus } from '../../contract/order.ts';
import { sourcesOf, transition, type PolicyEvent, type TransitionResult } from '../../contract/policy-lifecycle.ts';
import type { Db } from '../db/db.ts';
import { applicationForms, orders, policyStatusEvents } from '../db/schema.ts';

/** Who moved a policy (kept in policy_status_events.actor). */
export type TransitionActor = 'user' | 'scheduler' | 'payment' | 'insurer';

export interface TransitionInput {
  orderId: number;
  event: PolicyEvent;
  at: Date;
  actor: TransitionActor;
  /** Columns written with the status (policy number at issuance, paid time at payment). */
  form?: { policyNo?: string; issuedAt?: Date };
  order?: { paidAt?: Date };
}

/**
 * THE status write of the app: applies one event of the state machine to an
 * order and its application form, or refuses it with the machine's Chinese
 * message. In one transaction (a savepoint when the caller has one): the
 * order row is locked, the event judged against its status, the order and
 * its forms updated and the event logged together. Of two workers applying
 * events to one order only one wins; the other then sees the new status and
 * is judged against it. The order row is always locked before the form rows,
 * so two transitions never lock them in opposite orders.
 */
export async function applyTransition(db: Db, input: TransitionInput): Promise<TransitionResult> {
  // Atomic: the order, its forms and the event log change together (a savepoint inside a caller's transaction).
  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [current] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, input.orderId))
        .limit(1)
        .for('update');
      if (!current) return { ok: false, message: '订单不存在' } as const;
      const from = current.status as PolicyStatus;
      const result = transition(from, input.event);
      if (!result.ok) return result;
      const moved = await tx
        .update(orders)
        .set({ status: result.to, ...(input.order ?? {}) })
        .where(and(eq(orders.id, input.orderId), eq(orders.status, from)))
        .returning({ id: orders.id });
      if (moved.length === 0) continue; // moved by someone else meanwhile: judge the event again
      const forms = await tx
        .update(applicationForms)
        .set({ status: result.to, statusChangedAt: input.at, ...(input.form ?? {}) })
        .where(eq(applicationForms.orderId, input.orderId))
        .returning({ id: applicationForms.id });
      if (forms.length > 0) {
        await tx.insert(policyStatusEvents).values(
          forms.map((form) => ({
            applicationFormId: form.id,
            orderId: input.orderId,
            event: input.event,
            fromStatus: from,
            toStatus: result.to,
            actor: input.actor,
            at: input.at,
          })),
        );
      }
      return result;
    }
    return { ok: false, message: '订单状态正在变化，请稍后重试' } as const;
  });
}

/** A time-driven rule of the scheduler: which rows are due, and the event that moves them. */
export interface DueRule {
  event: PolicyEvent;
  /** Extra condition on orders ⋈ application_forms beyond "status is a source of the event". */
  due: (now: Date) => SQL | undefined;
}

export const DUE_RULES: readonly DueRule[] = [
  { event: 'paymentTimeout', due: (now) => lte(orders.payDeadline, now) },
  { event: 'start', due: (now) => and(lte(applicationForms.startDate, now), sql`${applicationForms.endDate} > ${now.toISOString()}::timestamptz`) },
  { event: 'expire', due: (now) => lte(applicationForms.endDate, now) },
];

/**
 * Applies `rule` to at most `limit` due orders in one transaction. The due
 * rows are locked with `FOR UPDATE OF orders SKIP LOCKED`, so several
 * schedulers (several server instances) share the work: a row locked by one
 * is skipped by the others, and each row moves once. Returns how many moved.
 */
export async function runDueBatch(db: Db, rule: DueRule, now: Date, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ orderId: orders.id })
      .from(orders)
      .innerJoin(applicationForms, eq(applicationForms.orderId, orders.id))
      .where(and(inArray(orders.status, sourcesOf(rule.event)), inArray(applicationForms.status, sourcesOf(rule.event)), rule.due(now)))
      .orderBy(asc(orders.id))
      .limit(limit)
      .for('update', { of: orders, skipLocked: true });
    let moved = 0;
    for (const { orderId } of due) {
      const result = await applyTransition(tx, { orderId, event: rule.event, at: now, actor: 'scheduler' });
      if (result.ok) moved++;
    }
    return moved;
  });
}

/** True when an unpaid order's payment deadline has passed at `at` (payments then count as late). */
export async function isPastPayDeadline(db: Db, orderId: number, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), lte(orders.payDeadline, at)))
    .limit(1);
  return row !== undefined;
}

/** The status events of a form, oldest first (detail pages, tests). */
export async function listStatusEvents(db: Db, applicationFormId: number) {
  return db
    .select()
    .from(policyStatusEvents)
    .where(eq(policyStatusEvents.applicationFormId, applicationFormId))
    .orderBy(asc(policyStatusEvents.id));
}

/** Marks an order deleted by its holder; only from {@link DELETABLE_STATUSES}. */
export async function markOrderDeleted(db: Db, orderId: number, at: Date, statuses: readonly PolicyStatus[]): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ deletedAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.deletedAt), inArray(orders.status, [...statuses])))
    .returning({ id: orders.id });
  return rows.length > 0;
}
