import { randomUUID } from 'node:crypto';
import type { RawAnswer, RawNotificationPost } from './notification-delivery.ts';
import type { CreateTradeInput, NotifyAnswer, NotifyOutcome, PaymentProvider, RefundOutcome, RefundRequest, VerifiedNotification } from './payment-provider.ts';
import { SandboxRefundBook } from './sandbox-refunds.ts';
import { SandboxScheduler } from '../sandbox-scheduler.ts';

/** A payment as a channel reports it; each channel encodes it in its own notification format. */
export interface ChannelPayment {
  notifyId: string;
  tradeNo: string;
  amountFen: number;
  status: 'SUCCESS' | 'FAIL';
  paidAt: Date;
  /** The payer at the channel (WeChat openid, Alipay buyer id); the sandbox makes one up when absent. */
  payerId?: string;
}

/** One encoded notification, ready to POST. */
export interface EncodedNotification {
  body: string;
  contentType: string;
  headers: Record<string, string>;
}

export interface ChannelSandboxOptions {
  /** Origin put before the sandbox pages ('' for same-origin relative URLs). */
  baseUrl: string;
  /** Path of the app's notify route for this channel, e.g. /_gw/pay-svc/api/v1/notify/wechat. */
  notifyPath: string;
  post: RawNotificationPost;
  notifyDelayMs: number;
  retryBaseMs?: number;
  maxAttempts?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  now?: () => Date;
}

/** Sandbox pages of a channel live under this prefix (cashier, confirm). */
export const channelSandboxPath = (channel: string) => `/_sandbox/${channel}`;

/**
 * What the WeChat, Alipay and JD sandboxes share: a cashier page per trade,
 * then an asynchronous notification in the channel's own format, re-sent with
 * exponential backoff until the app answers the way the channel expects.
 */
export abstract class ChannelSandboxProvider implements PaymentProvider {
  abstract readonly name: string;
  abstract readonly notifyContentTypes: readonly string[];
  /** Title of the sandbox cashier page. */
  abstract readonly cashierTitle: string;
  /** The platform's words when it refuses a refund (the amount is above what the trade collected). */
  protected abstract readonly refundRefusal: string;
  private readonly deliveries = new SandboxScheduler();
  /** Refunds as the platform treats them: accepted, then succeeded when asked (sandbox-refunds.ts). */
  readonly refunds = new SandboxRefundBook();

  constructor(protected readonly options: ChannelSandboxOptions) {}

  protected now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async createTrade(input: CreateTradeInput): Promise<{ payUrl: string }> {
    return { payUrl: this.cashierUrl(input.tradeNo) };
  }

  cashierUrl(tradeNo: string): string {
    return `${this.options.baseUrl}${channelSandboxPath(this.name)}/cashier?tradeNo=${encodeURIComponent(tradeNo)}`;
  }

  /** Encodes and signs a notification as the channel would (tests use it to build real and forged ones). */
  abstract encode(payment: ChannelPayment): EncodedNotification;
  abstract verifyNotification(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedNotification>;
  abstract answer(outcome: NotifyOutcome): NotifyAnswer;
  /** Whether the channel counts this answer as received (else it retries). */
  abstract acknowledged(answer: RawAnswer): boolean;

  /** The payer confirmed (or a test asked for a failure): notify the app. */
  notifyPayment(trade: { tradeNo: string; amountFen: number }, status: 'SUCCESS' | 'FAIL', payerId?: string): void {
    const payment: ChannelPayment = {
      notifyId: randomUUID(),
      tradeNo: trade.tradeNo,
      amountFen: trade.amountFen,
      status,
      paidAt: this.now(),
      ...(payerId ? { payerId } : {}),
    };
    this.deliveries.schedule(() => this.deliver(payment, 1), this.options.notifyDelayMs);
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    return this.refunds.refund(request, this.refundRefusal);
  }

  async queryRefund(request: Pick<RefundRequest, 'tradeNo' | 'refundNo'>): Promise<RefundOutcome> {
    return this.refunds.query(request);
  }

  settled(): Promise<void> {
    return this.deliveries.settled();
  }

  stop(): void {
    if (this.deliveries.pending > 0) this.options.log?.warn({ channel: this.name, pending: this.deliveries.pending }, 'sandbox notifications dropped at shutdown');
    this.deliveries.stop();
  }


  private async deliver(payment: ChannelPayment, attempt: number): Promise<void> {
    const maxAttempts = this.options.maxAttempts ?? 8;
    let ok = false;
    try {
      // Encoded afresh on every attempt, as the channels do (new timestamp and nonce, same notification id).
      const { body, contentType, headers } = this.encode(payment);
      ok = this.acknowledged(await this.options.post({ path: this.options.notifyPath, body, contentType, headers }));
    } catch (error) {
      this.options.log?.warn({ channel: this.name, tradeNo: payment.tradeNo, attempt, err: error }, 'sandbox notification delivery failed');
    }
    if (ok) {
      this.options.log?.info({ channel: this.name, tradeNo: payment.tradeNo, attempt }, 'sandbox notification acknowledged');
      return;
    }
    if (attempt >= maxAttempts) {
      this.options.log?.warn({ channel: this.name, tradeNo: payment.tradeNo, attempt }, 'sandbox notification abandoned');
      return;
    }
    this.deliveries.schedule(() => this.deliver(payment, attempt + 1), (this.options.retryBaseMs ?? 200) * 2 ** (attempt - 1));
  }
}

/** One header value (Node gives arrays for repeated headers). */
export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
