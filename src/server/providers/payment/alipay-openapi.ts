/**
 * Alipay, the real channel (PAYMENT_CHANNELS=alipay:openapi), on Alipay's
 * official Node SDK (alipay-sdk v4): OpenAPI 2.0 requests signed RSA2 with
 * the application private key, answers verified with Alipay's public key
 * (public-key mode) or Alipay's public-key certificate (certificate mode).
 *
 * - createTrade: `alipay.trade.wap.pay` as a signed GET URL of the cashier
 *   (no call goes out: the browser takes the URL to Alipay);
 * - queryTrade, closeTrade, refund, queryRefund and billDownloadUrl: one
 *   OpenAPI call each through the app's callOut (timeout, retries of the
 *   idempotent ones on Alipay's "system busy" and on network or HTTP errors,
 *   the breaker, one log line without bodies);
 * - notifications: form posts signed RSA2 by Alipay, verified with the SDK
 *   (checkNotifySignV2), the app_id and seller checked, answered `success`
 *   by the notify route once the payment is applied.
 */
import { AlipaySdk, type AlipaySdkCommonResult, type AlipaySdkConfig } from 'alipay-sdk';
import { formatShanghai, parseShanghai } from '../../../engine/time/shanghai-time.ts';
import { OutboundError, type CallOut } from '../outbound.ts';
import { readAlipaySettings, type AlipaySettings } from './alipay-settings.ts';
import { parseAlipayTradeBill } from './bill-files.ts';
import { definePaymentChannel } from './payment-channel.ts';
import {
  NotificationRejected,
  type BillLine,
  type CreateTradeInput,
  type NotifyAnswer,
  type NotifyOutcome,
  type PaymentProvider,
  type RefundOutcome,
  type RefundRequest,
  type TradeState,
  type VerifiedNotification,
  type VerifiedRefundNotification,
} from './payment-provider.ts';
import { fenText, yuanStringToFen } from './signing.ts';

const VENDOR = 'alipay';

/** Sub-codes (and codes) of a transient failure at Alipay: the same request may succeed when sent again. */
const TRANSIENT_CODES = new Set(['20000', 'ACQ.SYSTEM_ERROR', 'aop.ACQ.SYSTEM_ERROR', 'isp.unknow-error', 'isp.unknown-error']);

/** Alipay's trade_status in a notification, as the app's payment status (WAIT_BUYER_PAY is not notified by default). */
const PAYMENT_STATUS_OF: Readonly<Record<string, 'SUCCESS' | 'FAIL'>> = { TRADE_SUCCESS: 'SUCCESS', TRADE_FINISHED: 'SUCCESS', TRADE_CLOSED: 'FAIL' };
const isId = (value: string | undefined): value is string => value !== undefined && value.length > 0 && value.length <= 64;

type AlipayAnswer = AlipaySdkCommonResult & { code: string; sub_code?: string; sub_msg?: string };

export interface AlipayOpenApiOptions {
  settings: AlipaySettings;
  /** Absolute URL of the app's notify route for Alipay (PUBLIC_URL + /_gw/pay-svc/api/v1/notify/alipay). */
  notifyUrl: string;
  callOut: CallOut;
}

/** What Alipay's reconciliation bill query gives: a short-lived URL of the day's bill. */
export interface BillUrl {
  url: string;
}

/** An Alipay answer that is neither success nor a transient failure: a configuration problem or a refusal. */
function refusal(call: string, answer: AlipayAnswer): OutboundError {
  const code = answer.sub_code ?? answer.code;
  // sub_msg can be long (isv.invalid-signature quotes the string Alipay signed): its start is enough.
  return new OutboundError(`alipay ${call} refused: ${code}${answer.sub_msg ? ` (${String(answer.sub_msg).slice(0, 60)})` : ''}`, false, code);
}

/** The SDK's own failures, worded without the answer's text (it may carry a signature or personal data). */
function sdkFailure(call: string, error: unknown): OutboundError {
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith('验签失败')) return new OutboundError(`alipay ${call}: the answer's signature does not verify`, false, 'answer-signature');
  // Network errors and timeouts, HTTP errors, unreadable answers (a proxy's page): worth another try.
  const status = /status: (\d{3})/.exec(message)?.[1];
  return new OutboundError(`alipay ${call} failed${status ? ` (HTTP ${status})` : ''}`, true, status ? `http-${status}` : 'network');
}

export class AlipayOpenApiProvider implements PaymentProvider {
  readonly name = 'alipay';
  readonly notifyContentTypes = ['application/x-www-form-urlencoded'] as const;
  private readonly sdk: AlipaySdk;

  constructor(private readonly options: AlipayOpenApiOptions) {
    const { settings } = options;
    const keys: Partial<AlipaySdkConfig> =
      settings.keys.mode === 'public-key'
        ? { alipayPublicKey: settings.keys.alipayPublicKey }
        : {
            appCertContent: settings.keys.appCert,
            alipayRootCertContent: settings.keys.alipayRootCert,
            alipayPublicCertContent: settings.keys.alipayPublicCert,
          };
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      keyType: 'PKCS8',
      signType: 'RSA2',
      gateway: settings.gateway,
      timeout: settings.timeoutMs,
      camelcase: false,
      ...keys,
    });
  }

  /** One OpenAPI call: success, or a business answer for the caller to map; transient failures thrown (and retried when idempotent). */
  private call(method: string, bizContent: Record<string, unknown>, idempotent: boolean): Promise<AlipayAnswer> {
    return this.options.callOut({
      vendor: VENDOR,
      call: method,
      idempotent,
      // The SDK's own timeout ends the request first; the outbound timeout is the backstop.
      timeoutMs: this.options.settings.timeoutMs + 1000,
      run: async () => {
        let answer: AlipayAnswer;
        try {
          answer = (await this.sdk.exec(method, { bizContent }, { validateSign: true })) as AlipayAnswer;
        } catch (error) {
          throw sdkFailure(method, error);
        }
        if (answer.code !== '10000' && (TRANSIENT_CODES.has(answer.code) || TRANSIENT_CODES.has(answer.sub_code ?? ''))) {
          throw new OutboundError(`alipay ${method}: ${answer.sub_code ?? answer.code}`, true, answer.sub_code ?? answer.code);
        }
        return answer;
      },
    });
  }

  /** The signed GET URL of Alipay's wap cashier for the trade (the same trade number each time the client asks). */
  async createTrade(input: CreateTradeInput): Promise<{ payUrl: string }> {
    const payUrl = this.sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      bizContent: {
        out_trade_no: input.tradeNo,
        total_amount: fenText(input.amountFen),
        subject: input.subject.slice(0, 256),
        product_code: 'QUICK_WAP_WAY',
        quit_url: input.returnUrl,
        ...(input.expiresAt ? { time_expire: formatShanghai(input.expiresAt) } : {}),
      },
      returnUrl: input.returnUrl,
      notifyUrl: this.options.notifyUrl,
    });
    return { payUrl };
  }

  async queryTrade(tradeNo: string): Promise<TradeState> {
    const answer = await this.call('alipay.trade.query', { out_trade_no: tradeNo }, true);
    // Alipay creates the trade when the buyer opens the cashier: before that it does not exist, and can still be paid.
    if (answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return { tradeNo, state: 'unpaid' };
    if (answer.code !== '10000') throw refusal('alipay.trade.query', answer);
    const status = String(answer.trade_status ?? '');
    const state: TradeState['state'] =
      status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'paid' : status === 'TRADE_CLOSED' ? 'closed' : status === 'WAIT_BUYER_PAY' ? 'unpaid' : 'failed';
    const amountFen = yuanStringToFen(String(answer.total_amount ?? ''));
    const paidAt = state === 'paid' ? parseShanghai(String(answer.send_pay_date ?? '')) : null;
    return {
      tradeNo,
      state,
      ...(amountFen !== null ? { amountFen } : {}),
      ...(paidAt ? { paidAt } : {}),
      ...(answer.trade_no ? { platformTradeNo: String(answer.trade_no) } : {}),
    };
  }

  /** Closes an unpaid trade; one Alipay never created (the cashier was not opened) has nothing to close. */
  async closeTrade(tradeNo: string): Promise<void> {
    const answer = await this.call('alipay.trade.close', { out_trade_no: tradeNo }, true);
    if (answer.code === '10000' || answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
    // ACQ.TRADE_STATUS_ERROR: paid (or finished) meanwhile; the caller keeps the money path (refund) instead.
    throw refusal('alipay.trade.close', answer);
  }

  /**
   * `alipay.trade.refund` with out_request_no = refundNo: Alipay refunds a
   * request number once, so a re-send never pays twice. fund_change=Y is a
   * refund done now; N (a repeat, or not settled yet) is confirmed by the
   * refund query.
   */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const answer = await this.call(
      'alipay.trade.refund',
      {
        out_trade_no: request.tradeNo,
        refund_amount: fenText(request.amountFen),
        out_request_no: request.refundNo,
        refund_reason: request.reason.slice(0, 256),
      },
      true,
    );
    if (answer.code !== '10000') {
      if (answer.code === '40004') return { state: 'refused', reason: `${answer.sub_code ?? answer.code}: ${answer.sub_msg ?? answer.msg}` };
      throw refusal('alipay.trade.refund', answer);
    }
    if (answer.fund_change === 'Y') return { state: 'succeeded', ...(answer.trade_no ? { platformRefundNo: String(answer.trade_no) } : {}) };
    return this.queryRefund(request);
  }

  /** `alipay.trade.fastpay.refund.query`: REFUND_SUCCESS is done; an answer without refund_status means Alipay has no such refund. */
  async queryRefund(request: Pick<RefundRequest, 'tradeNo' | 'refundNo'>): Promise<RefundOutcome> {
    const answer = await this.call('alipay.trade.fastpay.refund.query', { out_trade_no: request.tradeNo, out_request_no: request.refundNo }, true);
    if (answer.code !== '10000') {
      if (answer.code === '40004') return { state: 'refused', reason: `${answer.sub_code ?? answer.code}: ${answer.sub_msg ?? answer.msg}` };
      throw refusal('alipay.trade.fastpay.refund.query', answer);
    }
    if (answer.refund_status === 'REFUND_SUCCESS') return { state: 'succeeded', ...(answer.trade_no ? { platformRefundNo: String(answer.trade_no) } : {}) };
    // Not received: sending the refund again (same out_request_no) is safe.
    throw new OutboundError('alipay has no refund of that request number', false, 'REFUND_NOT_EXIST');
  }

  /**
   * The day's trade bill (`alipay.data.dataservice.bill.downloadurl.query`,
   * bill_type trade), for reconciliation; null when Alipay has no bill for
   * the day (isp.bill_not_exist: no trade, or not ready yet).
   * @param date yyyy-MM-dd, Beijing time
   */
  async billDownloadUrl(date: string): Promise<BillUrl | null> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError('bill date must be yyyy-MM-dd');
    const answer = await this.call('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: date }, true);
    if (answer.sub_code === 'isp.bill_not_exist') return null;
    if (answer.code !== '10000' || typeof answer.bill_download_url !== 'string') throw refusal('alipay.data.dataservice.bill.downloadurl.query', answer);
    return { url: answer.bill_download_url };
  }

  /**
   * The day's bill read into lines: the URL from {@link billDownloadUrl}
   * (signed and verified by the SDK), then the file itself, a zip of GBK CSVs
   * (bill-files.ts). HTTPS only, unless the gateway itself is plain HTTP (a
   * fake on loopback).
   */
  async tradeBill(date: string): Promise<BillLine[]> {
    const bill = await this.billDownloadUrl(date);
    if (!bill) return [];
    const url = new URL(bill.url);
    if (url.protocol !== 'https:' && new URL(this.options.settings.gateway).protocol !== 'http:') {
      throw new OutboundError('alipay bill: the download URL is not HTTPS', false, 'download-url');
    }
    const file = await this.options.callOut({
      vendor: VENDOR,
      call: 'bill.download',
      idempotent: true,
      timeoutMs: this.options.settings.timeoutMs * 4,
      run: async (signal) => {
        const response = await fetch(url, { signal });
        if (response.status >= 500 || response.status === 429) throw new OutboundError(`alipay bill.download failed (HTTP ${response.status})`, true, `http-${response.status}`);
        if (response.status !== 200) throw new OutboundError(`alipay bill.download refused (HTTP ${response.status})`, false, `http-${response.status}`);
        return new Uint8Array(await response.arrayBuffer());
      },
    });
    try {
      return parseAlipayTradeBill(file);
    } catch (error) {
      throw new OutboundError(error instanceof Error ? error.message : 'alipay bill: unreadable', false, 'bill-unreadable');
    }
  }

  /** The notification's fields once its signature, app and seller are checked. */
  private verifiedFields(rawBody: string): Record<string, string> {
    const params = Object.fromEntries(new URLSearchParams(rawBody));
    if (!params.sign || (params.sign_type !== undefined && params.sign_type !== 'RSA2')) throw new NotificationRejected('missing RSA2 signature');
    let verified: boolean;
    try {
      // V2: the values as posted (already form-decoded once), not decoded again.
      verified = this.sdk.checkNotifySignV2(params);
    } catch {
      verified = false;
    }
    if (!verified) throw new NotificationRejected('bad signature');
    if (params.app_id !== this.options.settings.appId) throw new NotificationRejected('notification of another app_id');
    const sellerId = this.options.settings.sellerId;
    if (sellerId && params.seller_id !== sellerId) throw new NotificationRejected('notification of another seller');
    return params;
  }

  async verifyNotification(rawBody: string): Promise<VerifiedNotification> {
    const params = this.verifiedFields(rawBody);
    const amountFen = yuanStringToFen(params.total_amount);
    const status = PAYMENT_STATUS_OF[params.trade_status ?? ''];
    const paidAt = parseShanghai(params.gmt_payment ?? '') ?? parseShanghai(params.gmt_close ?? '') ?? parseShanghai(params.notify_time ?? '');
    const notifyId = params.notify_id;
    const tradeNo = params.out_trade_no;
    if (!isId(notifyId) || !isId(tradeNo) || amountFen === null || !paidAt || !status) throw new NotificationRejected('notification has the wrong shape');
    // A refund's notification (refund_fee, out_biz_no) never gets here: the notify route asks verifyRefundNotification first.
    return { notifyId: `alipay:${notifyId}`, tradeNo, amountFen, status, paidAt };
  }

  /** A refund's notification: the trade's notification with out_biz_no (the out_request_no) and refund_fee; null for a payment's. */
  async verifyRefundNotification(rawBody: string): Promise<VerifiedRefundNotification | null> {
    const params = this.verifiedFields(rawBody);
    if (!params.out_biz_no || !params.refund_fee) return null;
    if (!params.notify_id || !params.out_trade_no) throw new NotificationRejected('notification has the wrong shape');
    return { notifyId: `alipay:${params.notify_id}`, refundNo: params.out_biz_no, tradeNo: params.out_trade_no, state: 'succeeded' };
  }

  /** Alipay retries until it reads the plain text `success`. */
  answer(outcome: NotifyOutcome): NotifyAnswer {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: outcome.ok ? 'success' : 'fail' };
  }
}

/** PAYMENT_CHANNELS=alipay:openapi: the real Alipay (ALIPAY_* settings, docs/going-live.md). */
export const alipayOpenApiChannel = definePaymentChannel({
  channel: 'alipay',
  implementation: 'openapi',
  sandbox: false,
  settings: (env) => {
    const read = readAlipaySettings(env);
    // Alipay posts its notifications to PUBLIC_URL + the notify route: an absolute URL is needed.
    if (!env.PUBLIC_URL) read.problems.push('PUBLIC_URL must be set with PAYMENT_CHANNELS alipay:openapi (Alipay posts notifications to PUBLIC_URL/_gw/pay-svc/api/v1/notify/alipay)');
    return read.problems.length > 0 ? { problems: read.problems } : read;
  },
  create: (context) => {
    const settings = context.config.paymentSettings?.alipay as AlipaySettings | undefined;
    if (!settings) throw new Error('PAYMENT_CHANNELS alipay:openapi: the ALIPAY_* settings were not read');
    if (!/^https?:\/\//.test(context.baseUrl)) throw new Error('PAYMENT_CHANNELS alipay:openapi needs PUBLIC_URL');
    return new AlipayOpenApiProvider({ settings, notifyUrl: `${context.baseUrl}${context.notifyPath}`, callOut: context.callOut });
  },
});
