/**
 * WeChat Pay, the real channel (PAYMENT_CHANNELS=wechat:v3), on API v3
 * (wechat-v3.ts: signed requests, verified answers, AES-256-GCM resources).
 *
 * - createTrade: JSAPI (`/v3/pay/transactions/jsapi`) when the payer has an
 *   openid (inside WeChat), its prepay_id signed into the parameters of
 *   WeixinJSBridge.getBrandWCPayRequest; H5 (`/v3/pay/transactions/h5`)
 *   otherwise, the cashier URL WeChat gives with `redirect_url` added;
 * - queryTrade, closeTrade, refund, queryRefund, tradeBill: one call each through the
 *   app's callOut (timeout, retries of the idempotent ones on 5xx, 429 and
 *   WeChat's SYSTEM_ERROR, the breaker, one log line without bodies);
 * - notifications (payment and refund): JSON events signed by WeChat Pay,
 *   verified (signature, 5-minute window), their resource decrypted with the
 *   API v3 key, the appid and mchid checked; answered 200, or 4xx/5xx with
 *   `{"code":"FAIL","message":…}` so that WeChat sends again;
 * - the payer's openid: the official account's OAuth (snsapi_base), the
 *   code exchanged at sns/oauth2/access_token.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { WECHAT_OAUTH_URL } from '../../../contract/payment.ts';
import { formatShanghaiRfc3339 } from '../../../engine/time/shanghai-time.ts';
import { isSameOriginTarget } from '../../lib/safe-redirect.ts';
import { OutboundError, type CallOut } from '../outbound.ts';
import { definePaymentChannel, type SandboxPageContext } from './payment-channel.ts';
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
  TradeNumberTaken,
} from './payment-provider.ts';
import {
  aeadOpen,
  CertificateVerifier,
  jsapiParams,
  publicKeyOf,
  PublicKeyVerifier,
  refusal,
  signedHeaders,
  verifySigned,
  WechatPayClient,
  type PlatformKeys,
  type WechatAnswer,
} from './wechat-v3.ts';
import { readWechatPaySettings, type WechatPaySettings } from './wechat-v3-settings.ts';
import { parseWechatTradeBill } from './bill-files.ts';

export const WECHAT_OPEN_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';
const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;

/** trade_state as the interface's state. */
const TRADE_STATE_OF: Readonly<Record<string, TradeState['state']>> = {
  SUCCESS: 'paid',
  NOTPAY: 'unpaid',
  USERPAYING: 'unpaid',
  CLOSED: 'closed',
  REVOKED: 'closed',
  REFUND: 'refunded',
  PAYERROR: 'failed',
};

/** Refusals of a refund that are final (the platform's words are recorded); others (SIGN_ERROR, …) are configuration problems. */
const NOT_REFUSALS = new Set(['SIGN_ERROR', 'NO_AUTH', 'MCH_NOT_EXISTS', 'APPID_MCHID_NOT_MATCH']);

/** The first `max` characters of a text, cut on a code point. */
function clip(text: string, max: number): string {
  return [...text].slice(0, max).join('');
}

interface Transaction {
  appid?: unknown;
  mchid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  success_time?: unknown;
  amount?: { total?: unknown; currency?: unknown };
}

interface Refund {
  mchid?: unknown;
  out_trade_no?: unknown;
  out_refund_no?: unknown;
  refund_id?: unknown;
  refund_status?: unknown;
  status?: unknown;
}

interface WechatEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown; original_type?: unknown };
}

export interface WechatV3Options {
  settings: WechatPaySettings;
  /** Absolute URL of the app's notify route for WeChat (PUBLIC_URL + /_gw/pay-svc/api/v1/notify/wechat). */
  notifyUrl: string;
  callOut: CallOut;
  now: () => Date;
}

/** WeChat's answer when the out_trade_no was placed before as another trade type or for another payer. */
const numberTaken = (answer: { status: number; code?: string | undefined; message?: string | undefined }) =>
  answer.status === 400 && answer.code === 'INVALID_REQUEST' && (answer.message ?? '').includes('订单号重复');

export class WechatV3Provider implements PaymentProvider {
  readonly name = 'wechat';
  /** WeChat Pay's trade bill lists a refund on the day it was applied for (its REFUND line), whatever its state. */
  readonly refundsBilledOn = 'accepted' as const;
  readonly notifyContentTypes = ['application/json'] as const;
  readonly client: WechatPayClient;
  private readonly keys: PlatformKeys;
  private readonly apiV3Key: Buffer;

  constructor(private readonly options: WechatV3Options) {
    const { settings } = options;
    this.apiV3Key = Buffer.from(settings.apiV3Key, 'utf8');
    const certificates = settings.verification.mode === 'certificate' ? new CertificateVerifier(this.apiV3Key, options.now) : undefined;
    this.keys =
      settings.verification.mode === 'public-key' ? new PublicKeyVerifier(settings.verification.publicKeyId, publicKeyOf(settings.verification.publicKey)) : certificates!;
    this.client = new WechatPayClient(settings, this.keys, options.callOut, options.now);
    certificates?.attach(this.client);
  }

  get appId(): string {
    return this.options.settings.appId;
  }

  private get mchId(): string {
    return this.options.settings.mchId;
  }

  /**
   * JSAPI with the payer's openid, else H5. WeChat answers an order placed
   * again with the same parameters with the same prepay_id / h5_url, so the
   * call is retried and the client may ask again.
   */
  async createTrade(input: CreateTradeInput): Promise<{ payUrl: string; jsapi?: Record<string, string> }> {
    const common = {
      appid: this.appId,
      mchid: this.mchId,
      description: clip(input.subject, 127),
      out_trade_no: input.tradeNo,
      notify_url: this.options.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
      ...(input.expiresAt ? { time_expire: formatShanghaiRfc3339(input.expiresAt) } : {}),
    };
    if (input.payer?.openid) {
      const answer = await this.client.send('transactions.jsapi', 'POST', '/v3/pay/transactions/jsapi', { ...common, payer: { openid: input.payer.openid } }, true);
      if (numberTaken(answer)) throw new TradeNumberTaken(input.tradeNo);
      if (answer.status !== 200 || !isId(answer.json.prepay_id)) throw refusal('transactions.jsapi', answer);
      return { payUrl: '', jsapi: jsapiParams(this.client.signer, this.appId, answer.json.prepay_id, this.options.now()) };
    }
    const answer = await this.client.send(
      'transactions.h5',
      'POST',
      '/v3/pay/transactions/h5',
      { ...common, scene_info: { payer_client_ip: input.payer?.clientIp ?? '127.0.0.1', h5_info: { type: 'Wap' } } },
      true,
    );
    if (numberTaken(answer)) throw new TradeNumberTaken(input.tradeNo);
    const h5Url = answer.json.h5_url;
    if (answer.status !== 200 || typeof h5Url !== 'string' || !h5Url.startsWith('https://') && !h5Url.startsWith('http://')) throw refusal('transactions.h5', answer);
    return { payUrl: `${h5Url}&redirect_url=${encodeURIComponent(input.returnUrl)}` };
  }

  async queryTrade(tradeNo: string): Promise<TradeState> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}?mchid=${this.mchId}`;
    const answer = await this.client.send('transactions.query', 'GET', path, undefined, true);
    // WeChat has no such trade (never placed, or placed elsewhere): it can still be paid once placed.
    if (answer.status === 404 || answer.code === 'ORDER_NOT_EXIST') return { tradeNo, state: 'unpaid' };
    if (answer.status !== 200) throw refusal('transactions.query', answer);
    const tx = answer.json as Transaction;
    if (tx.appid !== this.appId || tx.mchid !== this.mchId || tx.out_trade_no !== tradeNo) {
      throw new OutboundError('wechatpay transactions.query: an answer of another trade, appid or mchid', false, 'mismatch');
    }
    const state = TRADE_STATE_OF[String(tx.trade_state)] ?? 'failed';
    const amountFen = tx.amount?.total;
    const paidAt = state === 'paid' || state === 'refunded' ? new Date(String(tx.success_time)) : undefined;
    return {
      tradeNo,
      state,
      ...(Number.isSafeInteger(amountFen) ? { amountFen: amountFen as number } : {}),
      ...(paidAt && !Number.isNaN(paidAt.getTime()) ? { paidAt } : {}),
      ...(isId(tx.transaction_id) ? { platformTradeNo: tx.transaction_id } : {}),
    };
  }

  /** Closes an unpaid trade (204); one WeChat never placed has nothing to close; a paid one (ORDERPAID) is thrown for the refund path. */
  async closeTrade(tradeNo: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}/close`;
    const answer = await this.client.send('transactions.close', 'POST', path, { mchid: this.mchId }, true);
    if (answer.status === 204 || answer.status === 200 || answer.status === 404 || answer.code === 'ORDER_NOT_EXIST' || answer.code === 'ORDER_CLOSED') return;
    throw refusal('transactions.close', answer);
  }

  /** What a refund answer (or query) says; 4xx with {code,message} is a refusal in the platform's words, unless it is the merchant's configuration. */
  private refundOutcome(call: string, answer: WechatAnswer): RefundOutcome {
    if (answer.status >= 400) {
      if (answer.status === 401 || NOT_REFUSALS.has(answer.code ?? '')) throw refusal(call, answer);
      return { state: 'refused', reason: `${answer.code ?? `HTTP ${answer.status}`}: ${answer.message ?? ''}`.trim() };
    }
    const refund = answer.json as Refund;
    const status = String(refund.status ?? refund.refund_status ?? '');
    const platformRefundNo = isId(refund.refund_id) ? { platformRefundNo: refund.refund_id } : {};
    if (status === 'SUCCESS') return { state: 'succeeded', ...platformRefundNo };
    if (status === 'PROCESSING') return { state: 'processing', ...platformRefundNo };
    if (status === 'ABNORMAL') return { state: 'refused', reason: 'ABNORMAL: 退款异常（用户银行卡作废或冻结），需在商户平台处理' };
    if (status === 'CLOSED') return { state: 'refused', reason: 'CLOSED: 退款关闭' };
    throw new OutboundError(`wechatpay ${call}: unknown refund status`, false, 'unknown-status');
  }

  /** `/v3/refund/domestic/refunds` with out_refund_no = refundNo: WeChat refunds a number once, so a re-send never pays twice. */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const answer = await this.client.send(
      'refunds.create',
      'POST',
      '/v3/refund/domestic/refunds',
      {
        out_trade_no: request.tradeNo,
        out_refund_no: request.refundNo,
        reason: clip(request.reason, 80),
        notify_url: this.options.notifyUrl,
        amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
      },
      true,
    );
    return this.refundOutcome('refunds.create', answer);
  }

  /** `/v3/refund/domestic/refunds/{out_refund_no}`; WeChat having no such refund is thrown (sending it again is safe). */
  async queryRefund(request: Pick<RefundRequest, 'tradeNo' | 'refundNo'>): Promise<RefundOutcome> {
    const answer = await this.client.send('refunds.query', 'GET', `/v3/refund/domestic/refunds/${encodeURIComponent(request.refundNo)}`, undefined, true);
    if (answer.status === 404 || answer.code === 'RESOURCE_NOT_EXISTS') throw new OutboundError('wechatpay has no refund of that number', false, 'REFUND_NOT_EXIST');
    return this.refundOutcome('refunds.query', answer);
  }

  /**
   * The day's trade bill (`/v3/bill/tradebill`, bill_type ALL): WeChat's
   * signed answer names the file and its SHA1; the file is downloaded with a
   * signed GET and refused when its hash differs. NO_STATEMENT_EXIST (no
   * trade that day) is an empty bill.
   */
  async tradeBill(date: string): Promise<BillLine[]> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError('bill date must be yyyy-MM-dd');
    const answer = await this.client.send('bill.tradebill', 'GET', `/v3/bill/tradebill?bill_date=${date}&bill_type=ALL`, undefined, true);
    if (answer.code === 'NO_STATEMENT_EXIST') return [];
    const { download_url: url, hash_type: hashType, hash_value: hash } = answer.json;
    if (answer.status !== 200 || typeof url !== 'string' || hashType !== 'SHA1' || typeof hash !== 'string') throw refusal('bill.tradebill', answer);
    const file = await this.client.download('bill.download', url);
    if (file.status !== 200) throw new OutboundError(`wechatpay bill.download refused (HTTP ${file.status})`, false, `http-${file.status}`);
    if (createHash('sha1').update(file.body).digest('hex') !== hash.toLowerCase()) {
      throw new OutboundError('wechatpay bill.download: the file does not match its SHA1', true, 'bill-hash');
    }
    try {
      return parseWechatTradeBill(file.body.toString('utf8'));
    } catch (error) {
      throw new OutboundError(error instanceof Error ? error.message : 'wechatpay bill: unreadable', false, 'bill-unreadable');
    }
  }

  /** A notification's event once its signature and window are checked, and its resource decrypted. */
  private async opened(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<{ event: WechatEvent; resource: Record<string, unknown> }> {
    let problem;
    try {
      problem = await verifySigned(this.keys, signedHeaders(headers), rawBody, this.options.now());
    } catch {
      // Certificate mode could not download the certificates: WeChat sends the notification again.
      throw new NotificationRejected('platform certificates unavailable');
    }
    if (problem) throw new NotificationRejected(problem);
    let event: WechatEvent;
    try {
      event = JSON.parse(rawBody) as WechatEvent;
    } catch {
      throw new NotificationRejected('body is not JSON');
    }
    const box = event.resource;
    if (!isId(event.id) || !box || box.algorithm !== 'AEAD_AES_256_GCM') throw new NotificationRejected('event has the wrong shape');
    const plain = aeadOpen(this.apiV3Key, String(box.nonce ?? ''), String(box.associated_data ?? ''), String(box.ciphertext ?? ''));
    if (plain === null) throw new NotificationRejected('resource does not decrypt');
    try {
      return { event, resource: JSON.parse(plain) as Record<string, unknown> };
    } catch {
      throw new NotificationRejected('resource is not JSON');
    }
  }

  async verifyNotification(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedNotification> {
    const { event, resource } = await this.opened(rawBody, headers);
    if (String(event.event_type).startsWith('REFUND.')) throw new NotificationRejected('a refund notification, not a payment one');
    const tx = resource as Transaction;
    const paidAt = new Date(String(tx.success_time ?? ''));
    const total = tx.amount?.total;
    if (tx.appid !== this.appId || tx.mchid !== this.mchId) throw new NotificationRejected('notification of another appid or mchid');
    if (!isId(tx.out_trade_no) || !Number.isSafeInteger(total) || tx.amount?.currency !== 'CNY' || typeof tx.trade_state !== 'string') {
      throw new NotificationRejected('transaction has the wrong shape');
    }
    const success = tx.trade_state === 'SUCCESS';
    if (success && Number.isNaN(paidAt.getTime())) throw new NotificationRejected('transaction has the wrong shape');
    return {
      notifyId: `wechat:${String(event.id)}`,
      tradeNo: tx.out_trade_no,
      amountFen: total as number,
      status: success ? 'SUCCESS' : 'FAIL',
      paidAt: Number.isNaN(paidAt.getTime()) ? this.options.now() : paidAt,
    };
  }

  /** REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED; null for a payment's notification. */
  async verifyRefundNotification(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedRefundNotification | null> {
    const { event, resource } = await this.opened(rawBody, headers);
    if (!String(event.event_type).startsWith('REFUND.')) return null;
    const refund = resource as Refund;
    if (refund.mchid !== this.mchId) throw new NotificationRejected('notification of another mchid');
    if (!isId(refund.out_refund_no) || !isId(refund.out_trade_no) || typeof refund.refund_status !== 'string') throw new NotificationRejected('refund has the wrong shape');
    const succeeded = refund.refund_status === 'SUCCESS';
    return {
      notifyId: `wechat:${String(event.id)}`,
      refundNo: refund.out_refund_no,
      tradeNo: refund.out_trade_no,
      state: succeeded ? 'succeeded' : 'refused',
      ...(succeeded ? {} : { reason: refund.refund_status === 'ABNORMAL' ? 'ABNORMAL: 退款异常' : `${refund.refund_status}: 退款关闭` }),
    };
  }

  /** WeChat takes any 2xx as received; otherwise it sends again (for a day), reading `{code:"FAIL", message}`. */
  answer(outcome: NotifyOutcome): NotifyAnswer {
    if (outcome.ok) return { status: 204, contentType: 'application/json', body: '' };
    return { status: outcome.httpStatus, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: outcome.message }) };
  }

  /** The OAuth page of the official account (snsapi_base: no prompt) that comes back to `redirectUri` with a code. */
  authorizeUrl(redirectUri: string, state: string): string {
    const query = new URLSearchParams({ appid: this.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_base', state });
    return `${WECHAT_OPEN_AUTHORIZE_URL}?${query.toString()}#wechat_redirect`;
  }

  /** sns/oauth2/access_token: the openid of an OAuth code; null for a code WeChat refuses (invalid, used, expired). */
  async exchangeOAuthCode(code: string): Promise<string | null> {
    const { appId, appSecret, wechatApiBase } = this.options.settings;
    const query = new URLSearchParams({ appid: appId, secret: appSecret, code, grant_type: 'authorization_code' });
    const answer = await this.options.callOut({
      vendor: 'wechat-mp',
      call: 'sns.oauth2.access_token',
      // A code is good once: a second try of a lost answer could only be refused.
      idempotent: false,
      timeoutMs: this.options.settings.timeoutMs,
      run: async (signal) => {
        const response = await fetch(`${wechatApiBase}/sns/oauth2/access_token?${query.toString()}`, { signal });
        if (!response.ok) throw new OutboundError(`wechat sns.oauth2.access_token failed (HTTP ${response.status})`, true, `http-${response.status}`);
        return (await response.json()) as { openid?: unknown; errcode?: unknown };
      },
    });
    if (answer.errcode === -1) throw new OutboundError('wechat sns.oauth2.access_token: system busy', true, '-1');
    return typeof answer.openid === 'string' && /^[A-Za-z0-9_-]{6,64}$/.test(answer.openid) ? answer.openid : null;
  }
}

const OAuthQuery = Type.Object({
  appid: Type.Optional(Type.String({ maxLength: 32 })),
  redirect_uri: Type.String({ minLength: 1, maxLength: 2000 }),
  state: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' })),
});

/**
 * The web app's WeChat authorisation entry (WECHAT_OAUTH_URL): a redirect to
 * the official account's OAuth page, back to the app's own page (made
 * absolute under PUBLIC_URL, as WeChat requires; no other site).
 */
async function oauthRedirectRoute(app: FastifyInstance, provider: WechatV3Provider, context: SandboxPageContext): Promise<void> {
  app.get<{ Querystring: Static<typeof OAuthQuery> }>(WECHAT_OAUTH_URL, { schema: { querystring: OAuthQuery } }, async (request, reply) => {
    const { redirect_uri: redirectUri, state } = request.query;
    if (!context.publicUrl || !isSameOriginTarget(redirectUri, context.publicUrl)) {
      return reply.status(400).type('text/plain; charset=utf-8').send('redirect_uri 参数错误');
    }
    const absolute = /^https?:\/\//.test(redirectUri) ? redirectUri : `${context.publicUrl}${redirectUri.startsWith('/') ? '' : '/'}${redirectUri}`;
    reply.header('cache-control', 'no-store');
    return reply.redirect(provider.authorizeUrl(absolute, state || 'edu'), 302);
  });
}

/** PAYMENT_CHANNELS=wechat:v3: the real WeChat Pay (WECHATPAY_* settings, docs/going-live.md). */
export const wechatV3Channel = definePaymentChannel({
  channel: 'wechat',
  implementation: 'v3',
  sandbox: false,
  settings: (env) => {
    const read = readWechatPaySettings(env);
    // WeChat posts its notifications to PUBLIC_URL + the notify route, and OAuth returns there: an absolute URL is needed.
    if (!env.PUBLIC_URL) read.problems.push('PUBLIC_URL must be set with PAYMENT_CHANNELS wechat:v3 (WeChat Pay posts notifications to PUBLIC_URL/_gw/pay-svc/api/v1/notify/wechat)');
    return read.problems.length > 0 ? { problems: read.problems } : read;
  },
  create: (context) => {
    const settings = context.config.paymentSettings?.wechat as WechatPaySettings | undefined;
    if (!settings) throw new Error('PAYMENT_CHANNELS wechat:v3: the WECHATPAY_* settings were not read');
    if (!/^https?:\/\//.test(context.baseUrl)) throw new Error('PAYMENT_CHANNELS wechat:v3 needs PUBLIC_URL');
    return new WechatV3Provider({ settings, notifyUrl: `${context.baseUrl}${context.notifyPath}`, callOut: context.callOut, now: context.now });
  },
  routes: oauthRedirectRoute,
});
