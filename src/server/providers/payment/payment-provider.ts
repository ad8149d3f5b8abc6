/** A trade the app asks the provider to collect. */
export interface CreateTradeInput {
  tradeNo: string;
  amountFen: number;
  /** What the payer sees on the cashier page (product name). */
  subject: string;
  /** Where the browser goes after a successful payment. */
  returnUrl: string;
  /** Who pays and from where, for channels that need it (WeChat JSAPI: the payer's openid; H5: the client's IP). */
  payer?: { openid?: string; clientIp?: string };
  /** The order's payment deadline: real channels close the trade on the platform then (WeChat `time_expire`, Alipay `time_expire`). */
  expiresAt?: Date;
}

/** What the platform says of a trade when asked (the query path, when a notification is late or never comes). */
/**
 * The platform holds this trade number for another kind of trade (WeChat Pay:
 * an H5 trade asked for again as JSAPI, or for another payer: 201
 * 商户订单号重复). The caller closes the old trade and opens one under a new
 * number.
 */
export class TradeNumberTaken extends Error {
  constructor(readonly tradeNo: string) {
    super(`trade ${tradeNo} is held by the platform for another kind of trade`);
    this.name = 'TradeNumberTaken';
  }
}

export interface TradeState {
  tradeNo: string;
  /** paid: money collected; unpaid: still open; closed: closed or cancelled unpaid; refunded: paid then refunded in full. */
  state: 'paid' | 'unpaid' | 'closed' | 'refunded' | 'failed';
  amountFen?: number;
  paidAt?: Date;
  /** The platform's own transaction number. */
  platformTradeNo?: string;
}

/** A refund the app sends to the channel the money came from; `refundNo` is stable, so a re-send never pays twice. */
export interface RefundRequest {
  tradeNo: string;
  refundNo: string;
  amountFen: number;
  /** What the trade collected. */
  totalFen: number;
  reason: string;
}

/**
 * What the channel did with a refund: accepted (processing or already
 * succeeded) or refused for a business reason, which is final and recorded
 * with the platform's words. A transient failure (network, 5xx) is thrown as
 * an OutboundError instead, and the refund is tried again later.
 */
export type RefundOutcome =
  | { state: 'processing' | 'succeeded'; platformRefundNo?: string }
  | { state: 'refused'; reason: string };

/**
 * One line of a channel's trade bill for a day (对账单): money the platform
 * collected for a trade, or paid back for a refund. Amounts are positive fen.
 */
export interface BillLine {
  kind: 'payment' | 'refund';
  /** Our trade number (out_trade_no). */
  tradeNo: string;
  /** Our refund number (out_refund_no / out_request_no), for a refund line. */
  refundNo?: string;
  amountFen: number;
  /** The platform's own transaction or refund number. */
  platformNo?: string;
}

/** A refund notification whose signature and shape the provider has checked. */
export interface VerifiedRefundNotification {
  notifyId: string;
  refundNo: string;
  tradeNo: string;
  state: 'succeeded' | 'refused';
  reason?: string;
}

/** A notification whose signature and shape the provider has checked. */
export interface VerifiedNotification {
  /** Provider's id of this notification; re-deliveries carry the same id. */
  notifyId: string;
  tradeNo: string;
  amountFen: number;
  status: 'SUCCESS' | 'FAIL';
  paidAt: Date;
}

/** Thrown by verifyNotification for a forged, tampered or malformed notification. */
export class NotificationRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotificationRejected';
  }
}

/** How a notification is answered, in the provider's own style (JSON + HTTP status, or plain `success`). */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** What the app concluded from a notification: accepted (also for duplicates) or refused with a reason. */
export type NotifyOutcome = { ok: true } | { ok: false; httpStatus: number; message: string };

/**
 * A payment channel (WeChat Pay, Alipay, JD, or the sandbox). Domain code only
 * talks to this interface, so a real adapter replaces the sandbox without
 * touching orders or payments.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * Returns the cashier URL. Must be idempotent per tradeNo (the client may ask again).
   * `jsapi`: the signed parameters of WeixinJSBridge's getBrandWCPayRequest, for a payment inside WeChat.
   */
  createTrade(input: CreateTradeInput): Promise<{ payUrl: string; jsapi?: Record<string, string> }>;
  /** Asks the platform for a trade's state (real channels; sandboxes know it from their own notifications). */
  queryTrade?(tradeNo: string): Promise<TradeState>;
  /** Closes an unpaid trade when its order is cancelled or expires, so that it can no longer be paid. */
  closeTrade?(tradeNo: string): Promise<void>;
  /** Sends a refund to the platform; idempotent by `refundNo`. */
  refund?(request: RefundRequest): Promise<RefundOutcome>;
  /**
   * The platform's trade bill of one Beijing day (yyyy-MM-dd), payments and
   * refunds, for reconciliation (payments/reconciliation.ts); an empty list
   * when the platform has no bill for the day. Real channels only.
   */
  tradeBill?(date: string): Promise<BillLine[]>;
  /**
   * The day the trade bill lists a refund on: `accepted`, the day the
   * platform accepted it (WeChat Pay); `succeeded`, the day it was paid
   * back (Alipay; the default).
   */
  readonly refundsBilledOn?: 'accepted' | 'succeeded';
  /** Asks the platform for a refund's state. */
  queryRefund?(request: Pick<RefundRequest, 'tradeNo' | 'refundNo'>): Promise<RefundOutcome>;
  /** @throws NotificationRejected when the refund notification cannot be trusted */
  verifyRefundNotification?(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedRefundNotification | null>;
  /** @throws NotificationRejected when the notification cannot be trusted */
  verifyNotification(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedNotification>;
  /** Content types the provider's notifications arrive with; JSON, JWS and text when absent. */
  readonly notifyContentTypes?: readonly string[];
  /** The provider's expected answer; the app's `{code,msg}` envelope when absent. */
  answer?(outcome: NotifyOutcome): NotifyAnswer;
  /** Where the browser returns after paying; the app's /paySuccess page when absent. */
  returnUrl?(publicUrl: string | undefined, trade: { tradeNo: string }): string;
  /** Resolves when nothing the provider started is still running (graceful shutdown; tests wait on it). */
  settled?(): Promise<void>;
  /** Stops timers before the app closes. */
  stop?(): void;
}
