import { randomUUID } from 'node:crypto';
import type { NotificationDelivery } from './notification-delivery.ts';
import { definePaymentChannel } from './payment-channel.ts';
import { SANDBOX_CASHIER_PATH, sandboxCashierRoutes } from './sandbox-cashier-routes.ts';
import type { CreateTradeInput, PaymentProvider, RefundOutcome, RefundRequest, VerifiedNotification } from './payment-provider.ts';
import { SandboxRefundBook } from './sandbox-refunds.ts';
import { SANDBOX_NOTIFY_CONTENT_TYPE, signSandboxNotification, verifySandboxNotification } from './sandbox-notification.ts';
import { SandboxScheduler } from '../sandbox-scheduler.ts';


export interface SandboxPaymentOptions {
  /** Shared with the notify route: HS256 key of the notification JWS. */
  secret: string;
  /** Origin put before the cashier path ('' for same-origin relative URLs). */
  baseUrl: string;
  /** Path of the merchant's notify route, e.g. /_gw/pay-svc/api/v1/notify/sandbox. */
  notifyPath: string;
  deliver: NotificationDelivery;
  /** Delay before the first delivery, like a real provider's asynchronous callback. */
  notifyDelayMs: number;
  /** First retry delay; doubles on each further retry. */
  retryBaseMs?: number;
  maxAttempts?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  now?: () => Date;
}

/**
 * Payment sandbox behaving like a real provider: a cashier page, then a
 * signed notification delivered asynchronously to the notify URL and retried
 * with backoff until the merchant acknowledges it with 0000.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly deliveries = new SandboxScheduler();
  /** Refunds as a platform treats them: accepted, then succeeded when asked (sandbox-refunds.ts). */
  readonly refunds = new SandboxRefundBook();

  constructor(private readonly options: SandboxPaymentOptions) {}

  async createTrade(input: CreateTradeInput): Promise<{ payUrl: string }> {
    return { payUrl: `${this.options.baseUrl}${SANDBOX_CASHIER_PATH}?tradeNo=${encodeURIComponent(input.tradeNo)}` };
  }

  verifyNotification(rawBody: string): Promise<VerifiedNotification> {
    return verifySandboxNotification(this.options.secret, rawBody);
  }

  /** The payer pressed 确认支付 (or a test asked for a failed payment): notify the merchant. */
  notifyPayment(trade: { tradeNo: string; amountFen: number }, status: 'SUCCESS' | 'FAIL'): void {
    const now = this.options.now?.() ?? new Date();
    const payload = { notifyId: randomUUID(), tradeNo: trade.tradeNo, amountFen: trade.amountFen, status, paidAt: now.toISOString() };
    this.deliveries.schedule(() => this.deliver(payload, 1), this.options.notifyDelayMs);
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    return this.refunds.refund(request, 'REFUND_AMOUNT_EXCEEDED: 退款金额超过交易金额');
  }

  async queryRefund(request: Pick<RefundRequest, 'tradeNo' | 'refundNo'>): Promise<RefundOutcome> {
    return this.refunds.query(request);
  }

  /** Resolves when no delivery is waiting or running (tests, graceful shutdown). */
  settled(): Promise<void> {
    return this.deliveries.settled();
  }

  /** Cancels pending deliveries; a real provider would keep retrying later, the sandbox just forgets. */
  stop(): void {
    if (this.deliveries.pending > 0) this.options.log?.warn({ pending: this.deliveries.pending }, 'sandbox notifications dropped at shutdown');
    this.deliveries.stop();
  }


  private async deliver(payload: Parameters<typeof signSandboxNotification>[1], attempt: number): Promise<void> {
    const maxAttempts = this.options.maxAttempts ?? 5;
    let acknowledged = false;
    try {
      const body = await signSandboxNotification(this.options.secret, payload);
      acknowledged = await this.options.deliver({ path: this.options.notifyPath, body, contentType: SANDBOX_NOTIFY_CONTENT_TYPE });
    } catch (error) {
      this.options.log?.warn({ tradeNo: payload.tradeNo, attempt, err: error }, 'sandbox notification delivery failed');
    }
    if (acknowledged) {
      this.options.log?.info({ tradeNo: payload.tradeNo, attempt }, 'sandbox notification acknowledged');
      return;
    }
    if (attempt >= maxAttempts) {
      this.options.log?.warn({ tradeNo: payload.tradeNo, attempt }, 'sandbox notification abandoned');
      return;
    }
    const backoff = (this.options.retryBaseMs ?? 200) * 2 ** (attempt - 1);
    this.deliveries.schedule(() => this.deliver(payload, attempt + 1), backoff);
  }
}

/**
 * PAYMENT_CHANNELS=sandbox: the generic sandbox cashier (/_sandbox/pay/cashier,
 * JWS notifications signed with PAY_SANDBOX_SECRET), the provider of queryPayUrl
 * without a channel.
 */
export const sandboxCashierChannel = definePaymentChannel({
  channel: 'sandbox',
  implementation: 'sandbox',
  sandbox: true,
  create: (context) =>
    new SandboxPaymentProvider({
      secret: context.config.paySandboxSecret,
      baseUrl: context.baseUrl,
      notifyPath: context.notifyPath,
      deliver: context.deliver,
      notifyDelayMs: context.notifyDelayMs,
      retryBaseMs: context.retryBaseMs,
      log: context.log,
      now: context.now,
    }),
  routes: sandboxCashierRoutes,
});
