/** A trade the app asks the provider to collect. */
export interface CreateTradeInput {
  tradeNo: string;
  amountFen: number;
  /** What the payer sees on the cashier page (product name). */
  subject: string;
  /** Where the browser goes after a successful payment. */
  returnUrl: string;
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
  /** Returns the cashier URL. Must be idempotent per tradeNo (the client may ask again). */
  createTrade(input: CreateTradeInput): Promise<{ payUrl: string }>;
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
