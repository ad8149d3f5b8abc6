/**
 * Daily reconciliation (对账): each real channel's trade bill of a Beijing
 * day compared with what the database says was collected and refunded on
 * that channel, by trade or refund number and amount. Differences are
 * recorded (reconciliation_differences) and logged, never corrected: the
 * operator decides (docs/payments.md, "Reconciliation").
 *
 * Each (channel, day) is one row of `reconciliations`, a durable job through
 * db/claim-due.ts: the lifecycle tick adds yesterday's row for every channel
 * with a bill once the platforms have made it (10:00 Beijing) and runs the
 * due rows; a transient failure (network, 5xx, a bill whose hash does not
 * match) is tried again with backoff, a refusal fails the row with its
 * reason. `npm run reconcile -- --date` asks for a day again by hand.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { backoffMs, claimDue } from '../db/claim-due.ts';
import { payments, reconciliationDifferences, reconciliations, refunds, type DifferenceKind, type RefundStatus } from '../db/schema.ts';
import { OutboundError } from '../providers/outbound.ts';
import type { BillLine } from '../providers/payment/payment-provider.ts';
import { parseShanghai, parseShanghaiStrict, shanghaiDate, shanghaiWall } from '../../engine/time/shanghai-time.ts';

type ReconcileDeps = Pick<AppDeps, 'db' | 'now' | 'payments'>;

/** The hour (Beijing) after which yesterday's bills exist on both platforms (WeChat: 10:00, Alipay: 09:00). */
export const BILL_READY_HOUR = 10;
/** How long a run holds its day: the bill download and the comparison. */
const LEASE_MS = 10 * 60_000;
const RETRY_BASE_MS = 5 * 60_000;
const RETRY_MAX_MS = 3 * 3_600_000;
/** Runs after which a day whose bill never came is failed for the operator. */
export const MAX_RECONCILE_ATTEMPTS = 8;

/** Payments whose money the platform holds (a duplicate or late payment was collected too, and has its refund row). */
const COLLECTED = ['succeeded', 'duplicate', 'late'] as const;

export const isBillDate = (date: string) => parseShanghai(date) !== null;

/** The Beijing day of an instant, yyyy-MM-dd. */
export function beijingDay(at: Date): string {
  return shanghaiDate(at);
}

/** [start, end) of a Beijing day. */
function dayBounds(date: string): { start: Date; end: Date } {
  const start = parseShanghaiStrict(date);
  return { start, end: new Date(start.getTime() + 24 * 3_600_000) };
}

export interface Difference {
  kind: DifferenceKind;
  subject: 'payment' | 'refund';
  tradeNo: string;
  refundNo?: string;
  platformNo?: string;
  platformAmountFen?: number;
  localAmountFen?: number;
}

/** What the database knows of the bill's numbers and of the day. */
export interface LocalBook {
  payments: { tradeNo: string; amountFen: number; collected: boolean; paidOnDay: boolean }[];
  /** `onBillDay`: the refund belongs on this day's bill (accepted or paid back that day, as the channel bills it). */
  refunds: { refundNo: string; tradeNo: string; amountFen: number; status: string; onBillDay: boolean }[];
}

/** The comparison itself (pure): every bill line matched or a difference, and every local line of the day seen on the bill. */
export function compareBill(lines: readonly BillLine[], book: LocalBook): { matched: number; differences: Difference[] } {
  const byTrade = new Map(book.payments.map((p) => [p.tradeNo, p]));
  const byRefund = new Map(book.refunds.map((r) => [r.refundNo, r]));
  const seenTrades = new Set<string>();
  const seenRefunds = new Set<string>();
  const differences: Difference[] = [];
  let matched = 0;
  for (const line of lines) {
    const platform = { ...(line.platformNo ? { platformNo: line.platformNo } : {}), platformAmountFen: line.amountFen };
    if (line.kind === 'payment') {
      seenTrades.add(line.tradeNo);
      const local = byTrade.get(line.tradeNo);
      if (!local || !local.collected) differences.push({ kind: 'unknown_here', subject: 'payment', tradeNo: line.tradeNo, ...platform, ...(local ? { localAmountFen: local.amountFen } : {}) });
      else if (local.amountFen !== line.amountFen) differences.push({ kind: 'amount_differs', subject: 'payment', tradeNo: line.tradeNo, ...platform, localAmountFen: local.amountFen });
      else matched += 1;
      continue;
    }
    const refundNo = line.refundNo ?? '';
    seenRefunds.add(refundNo);
    const local = byRefund.get(refundNo);
    const base = { subject: 'refund' as const, tradeNo: line.tradeNo, refundNo, ...platform };
    if (!local || local.tradeNo !== line.tradeNo || local.status === 'pending' || local.status === 'failed') differences.push({ kind: 'unknown_here', ...base, ...(local ? { localAmountFen: local.amountFen } : {}) });
    else if (local.amountFen !== line.amountFen) differences.push({ kind: 'amount_differs', ...base, localAmountFen: local.amountFen });
    else matched += 1;
  }
  for (const p of book.payments) {
    if (p.collected && p.paidOnDay && !seenTrades.has(p.tradeNo)) differences.push({ kind: 'missing_on_platform', subject: 'payment', tradeNo: p.tradeNo, localAmountFen: p.amountFen });
  }
  for (const r of book.refunds) {
    if (r.onBillDay && !seenRefunds.has(r.refundNo)) differences.push({ kind: 'refund_unseen', subject: 'refund', tradeNo: r.tradeNo, refundNo: r.refundNo, localAmountFen: r.amountFen });
  }
  return { matched, differences };
}

/** The payments and refunds of one channel the bill names, or that fall on its day. */
async function localBook(db: ReconcileDeps['db'], provider: string, billedOn: 'accepted' | 'succeeded', date: string, lines: readonly BillLine[]): Promise<LocalBook> {
  const { start, end } = dayBounds(date);
  const tradeNos = [...new Set(lines.map((l) => l.tradeNo))];
  const refundNos = [...new Set(lines.flatMap((l) => (l.kind === 'refund' && l.refundNo ? [l.refundNo] : [])))];
  const onDay = (column: typeof payments.paidAt | typeof refunds.paidAt | typeof refunds.acceptedAt) => sql`${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz`;
  // WeChat Pay bills a refund on the day it accepted it, in whatever state; Alipay on the day it paid it back.
  const billed: { at: typeof refunds.acceptedAt | typeof refunds.paidAt; statuses: RefundStatus[] } =
    billedOn === 'accepted' ? { at: refunds.acceptedAt, statuses: ['processing', 'succeeded'] } : { at: refunds.paidAt, statuses: ['succeeded'] };
  const paymentRows = await db
    .select({ tradeNo: payments.tradeNo, amountFen: payments.amountFen, status: payments.status, paidAt: payments.paidAt })
    .from(payments)
    .where(and(eq(payments.provider, provider), or(tradeNos.length ? inArray(payments.tradeNo, tradeNos) : sql`false`, and(inArray(payments.status, [...COLLECTED]), onDay(payments.paidAt)))));
  const refundRows = await db
    .select({ refundNo: refunds.refundNo, tradeNo: payments.tradeNo, amountFen: refunds.amountFen, status: refunds.status, billedAt: billed.at })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.provider, provider), or(refundNos.length ? inArray(refunds.refundNo, refundNos) : sql`false`, and(inArray(refunds.status, billed.statuses), onDay(billed.at)))));
  const within = (at: Date | null) => at !== null && at >= start && at < end;
  return {
    payments: paymentRows.map((p) => ({ tradeNo: p.tradeNo, amountFen: p.amountFen, collected: (COLLECTED as readonly string[]).includes(p.status), paidOnDay: within(p.paidAt) })),
    refunds: refundRows.map((r) => ({ refundNo: r.refundNo, tradeNo: r.tradeNo, amountFen: r.amountFen, status: r.status, onBillDay: billed.statuses.includes(r.status as RefundStatus) && within(r.billedAt) })),
  };
}

export interface ReconciliationSummary {
  provider: string;
  billDate: string;
  status: 'done' | 'failed' | 'retried' | 'lost';
  billLines?: number;
  matched?: number;
  differences?: Difference[];
  error?: string;
}

/** The channels with a trade bill (the real ones). */
export function billChannels(deps: ReconcileDeps): string[] {
  return [...deps.payments].filter(([, provider]) => typeof provider.tradeBill === 'function').map(([name]) => name);
}

/** Asks for a day of a channel (again): due now, whatever it was; earlier runs' differences stay. */
export async function requestReconciliation(deps: ReconcileDeps, provider: string, billDate: string): Promise<void> {
  const now = deps.now();
  await deps.db
    .insert(reconciliations)
    .values({ provider, billDate, nextAttemptAt: now })
    .onConflictDoUpdate({ target: [reconciliations.provider, reconciliations.billDate], set: { status: 'pending', nextAttemptAt: now, lastError: null } });
}

/** Adds yesterday's row of every bill channel once the bills are ready (a no-op when it exists). */
export async function scheduleYesterday(deps: ReconcileDeps): Promise<void> {
  const now = deps.now();
  const beijingHour = shanghaiWall(now).getUTCHours();
  if (beijingHour < BILL_READY_HOUR) return;
  const yesterday = beijingDay(new Date(now.getTime() - 24 * 3_600_000));
  const channels = billChannels(deps);
  if (channels.length === 0) return;
  await deps.db
    .insert(reconciliations)
    .values(channels.map((provider) => ({ provider, billDate: yesterday, nextAttemptAt: now })))
    .onConflictDoNothing();
}

/** Runs the due days: claimed with a lease, so each runs once across instances; differences written with the run's outcome. */
export async function runDueReconciliations(deps: ReconcileDeps, log: FastifyBaseLogger, random: () => number = Math.random): Promise<ReconciliationSummary[]> {
  const claimed = await claimDue(
    deps.db,
    { table: reconciliations, id: reconciliations.id, nextAttemptAt: reconciliations.nextAttemptAt, attempts: reconciliations.attempts },
    { now: deps.now(), leaseMs: LEASE_MS, limit: 10, where: eq(reconciliations.status, 'pending') },
  );
  const out: ReconciliationSummary[] = [];
  for (const claim of claimed) {
    const [row] = await deps.db.select().from(reconciliations).where(eq(reconciliations.id, claim.id));
    if (!row) continue;
    const fence = and(eq(reconciliations.id, claim.id), eq(reconciliations.attempts, claim.attempts));
    const summary: ReconciliationSummary = { provider: row.provider, billDate: row.billDate, status: 'done' };
    const fail = async (error: string, retryable: boolean) => {
      const retry = retryable && claim.attempts < MAX_RECONCILE_ATTEMPTS;
      const next = retry ? new Date(deps.now().getTime() + backoffMs(claim.attempts, RETRY_BASE_MS, RETRY_MAX_MS, random)) : null;
      await deps.db.update(reconciliations).set({ status: retry ? 'pending' : 'failed', nextAttemptAt: next, lastError: error.slice(0, 300) }).where(fence);
      log.warn({ provider: row.provider, billDate: row.billDate, attempt: claim.attempts, error }, retry ? 'reconciliation will be tried again' : 'reconciliation failed');
      out.push({ ...summary, status: retry ? 'retried' : 'failed', error });
    };
    const provider = deps.payments.get(row.provider);
    if (!provider?.tradeBill) {
      await fail(`channel ${row.provider} has no trade bill (not configured as a real channel)`, false);
      continue;
    }
    let lines: BillLine[];
    try {
      lines = await provider.tradeBill(row.billDate);
    } catch (error) {
      await fail(error instanceof Error ? error.message : String(error), !(error instanceof OutboundError) || error.retryable);
      continue;
    }
    const { matched, differences } = compareBill(lines, await localBook(deps.db, row.provider, provider.refundsBilledOn ?? 'succeeded', row.billDate, lines));
    const written = await deps.db.transaction(async (tx) => {
      const done = await tx
        .update(reconciliations)
        .set({ status: 'done', nextAttemptAt: null, lastError: null, billLines: lines.length, matched, differences: differences.length, finishedAt: deps.now() })
        .where(fence)
        .returning({ id: reconciliations.id });
      if (done.length === 0) return false;
      if (differences.length > 0) {
        await tx.insert(reconciliationDifferences).values(differences.map((d) => ({ reconciliationId: claim.id, run: claim.attempts, ...d })));
      }
      return true;
    });
    if (!written) {
      // The lease ran out and another run holds the day: its outcome is the one kept.
      out.push({ ...summary, status: 'lost' });
      continue;
    }
    const level = differences.length > 0 ? 'warn' : 'info';
    log[level]({ provider: row.provider, billDate: row.billDate, billLines: lines.length, matched, differences: differences.length }, 'reconciliation done');
    out.push({ ...summary, billLines: lines.length, matched, differences });
  }
  return out;
}

/** The reconciliation job as the lifecycle scheduler runs it on each tick. */
export class Reconciliation {
  constructor(
    private readonly deps: ReconcileDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  async runOnce(): Promise<ReconciliationSummary[]> {
    await scheduleYesterday(this.deps);
    return runDueReconciliations(this.deps, this.log);
  }

  /** A day of the given channels (all bill channels by default) asked for again and run now. */
  async reconcileDay(billDate: string, channels: readonly string[] = billChannels(this.deps)): Promise<ReconciliationSummary[]> {
    if (!isBillDate(billDate)) throw new RangeError('the bill date must be yyyy-MM-dd');
    for (const channel of channels) await requestReconciliation(this.deps, channel, billDate);
    const summaries = await runDueReconciliations(this.deps, this.log);
    return summaries.filter((s) => s.billDate === billDate && channels.includes(s.provider));
  }
}
