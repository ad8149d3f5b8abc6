import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../app-deps.ts';
import { orders, payments } from '../db/schema.ts';
import { PeriodicJob } from '../lib/periodic-job.ts';
import type { PaymentProvider, TradeState } from '../providers/payment/payment-provider.ts';
import { failPendingPayment } from './payments-repo.ts';
import { applyVerifiedPayment } from './process-notification.ts';

type SyncDeps = Pick<AppDeps, 'db' | 'now' | 'payments' | 'insurer' | 'config'>;

/** A trade younger than this is left to its notification. */
const QUIET_MS = 60_000;
/** Trades asked about in one sweep. */
const BATCH = 50;

/**
 * The query path: asks a real channel (one whose provider has `queryTrade`)
 * about each of its trades still pending a minute after it was opened, and
 * applies a payment the platform reports as paid exactly as its
 * notification would have been (the same transaction, under a notify id of
 * its own; the notification arriving later is then a repeat). A trade still
 * unpaid whose order can no longer be paid (cancelled, timed out) or whose
 * payment window has passed is closed on the platform (`closeTrade`), so
 * that it cannot be paid any more, and marked failed; money that still
 * arrives for it becomes a late payment with its refund. Sandboxes are never
 * asked: they know their own trades.
 * @returns how many trades were found paid
 */
export async function syncPendingTrades(deps: SyncDeps, log: FastifyBaseLogger): Promise<number> {
  const askable = askableProviders(deps);
  if (askable.length === 0) return 0;
  const now = deps.now().getTime();
  const windowStart = new Date(now - (deps.config.paymentTimeoutMinutes + 10) * 60_000);
  const pending = await deps.db
    .select({ id: payments.id, tradeNo: payments.tradeNo, provider: payments.provider, createdAt: payments.createdAt, orderStatus: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, 'pending'), inArray(payments.provider, askable), lt(payments.createdAt, new Date(now - QUIET_MS))))
    .orderBy(payments.id)
    .limit(BATCH);
  let paid = 0;
  for (const trade of pending) {
    const provider = deps.payments.get(trade.provider);
    if (!provider?.queryTrade) continue;
    try {
      const state = await provider.queryTrade(trade.tradeNo);
      if (await applyIfPaid(deps, provider, trade.tradeNo, state, log)) {
        paid += 1;
        continue;
      }
      const payable = trade.orderStatus === 'toBePaid' && trade.createdAt > windowStart;
      if (payable || state.state === 'paid' || state.state === 'refunded') continue;
      if (state.state === 'unpaid') await provider.closeTrade?.(trade.tradeNo);
      await failPendingPayment(deps.db, trade.id);
      log.info({ provider: provider.name, tradeNo: trade.tradeNo, orderStatus: trade.orderStatus }, 'unpaid trade closed');
    } catch (error) {
      // The next sweep asks again; the outbound call already logged the failure.
      log.warn({ provider: provider.name, tradeNo: trade.tradeNo, err: error }, 'trade query failed');
    }
  }
  return paid;
}

/** A trade the payer may have just paid is asked about at most this often from the order's page. */
const ASK_AGAIN_MS = 5_000;
/** The platform is given this long after the trade opened before the page asks. */
const ASK_AFTER_MS = 3_000;
const lastAsked = new LRUCache<string, true>({ max: 10_000, ttl: ASK_AGAIN_MS });

/**
 * The query on the payer's return: the payment page polls its order after the
 * cashier sends the payer back, and while the order is unpaid this asks the
 * platform about the order's pending trades on real channels (each at most
 * once every 5 s, three seconds after it opened), applying a payment the
 * platform reports exactly as the sweep would. So a notification that is
 * late or never comes costs the payer seconds, not the sweep's minute. Nothing
 * is closed from here, and a failed query is left to the sweep.
 * @returns whether a payment was applied
 */
export async function askAboutOrderTrades(deps: SyncDeps, orderId: number, log: FastifyBaseLogger): Promise<boolean> {
  const askable = askableProviders(deps);
  if (askable.length === 0) return false;
  const pending = await deps.db
    .select({ tradeNo: payments.tradeNo, provider: payments.provider })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending'), inArray(payments.provider, askable), lt(payments.createdAt, new Date(deps.now().getTime() - ASK_AFTER_MS))));
  let applied = false;
  for (const trade of pending) {
    const provider = deps.payments.get(trade.provider);
    if (!provider?.queryTrade || lastAsked.has(trade.tradeNo)) continue;
    lastAsked.set(trade.tradeNo, true);
    try {
      if (await applyIfPaid(deps, provider, trade.tradeNo, await provider.queryTrade(trade.tradeNo), log)) applied = true;
    } catch (error) {
      log.warn({ provider: provider.name, tradeNo: trade.tradeNo, err: error }, 'trade query on return failed');
    }
  }
  return applied;
}

/**
 * Closes on the platform the pending trades of an order the parent has just
 * cancelled, so that its cashier page can no longer take money. A trade that
 * cannot be closed (paid meanwhile, or the platform unreachable) is left to the
 * sweep: its money then becomes a late payment with its refund.
 */
export async function closeOrderTrades(deps: SyncDeps, orderId: number, log: FastifyBaseLogger): Promise<void> {
  const closable = [...deps.payments.values()].filter((provider) => provider.closeTrade).map((provider) => provider.name);
  if (closable.length === 0) return;
  const pending = await deps.db
    .select({ id: payments.id, tradeNo: payments.tradeNo, provider: payments.provider })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending'), inArray(payments.provider, closable)));
  for (const trade of pending) {
    try {
      await deps.payments.get(trade.provider)?.closeTrade?.(trade.tradeNo);
      await failPendingPayment(deps.db, trade.id);
    } catch (error) {
      log.warn({ provider: trade.provider, tradeNo: trade.tradeNo, err: error }, 'trade close on cancel failed');
    }
  }
}

function askableProviders(deps: SyncDeps): string[] {
  return [...deps.payments.values()].filter((provider) => provider.queryTrade).map((provider) => provider.name);
}

/** Applies a trade the platform reports as paid, as its notification would be (a notify id of its own). */
async function applyIfPaid(deps: SyncDeps, provider: PaymentProvider, tradeNo: string, state: TradeState, log: FastifyBaseLogger): Promise<boolean> {
  if (state.state !== 'paid' || state.amountFen === undefined) return false;
  const outcome = await applyVerifiedPayment(
    deps,
    provider.name,
    {
      notifyId: `${provider.name}:query:${state.platformTradeNo ?? tradeNo}`,
      tradeNo,
      amountFen: state.amountFen,
      status: 'SUCCESS',
      paidAt: state.paidAt ?? deps.now(),
    },
    JSON.stringify({ query: state }),
    log,
  );
  log.info({ provider: provider.name, tradeNo, outcome }, 'payment found by query');
  return true;
}

/** Runs {@link syncPendingTrades} every `intervalMs` (started with the lifecycle's timers). */
export class PendingTradeSync {
  private readonly job: PeriodicJob;

  constructor(
    private readonly deps: SyncDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.job = new PeriodicJob(async () => {
      await this.runOnce().catch((error: unknown) => this.log.error({ err: error }, 'pending trade sync failed'));
    });
  }

  runOnce(): Promise<number> {
    return syncPendingTrades(this.deps, this.log);
  }

  start(intervalMs: number): void {
    this.job.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.job.stop();
  }
}
