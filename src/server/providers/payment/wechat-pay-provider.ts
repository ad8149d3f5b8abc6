import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ChannelSandboxProvider, headerOf, type ChannelPayment, type ChannelSandboxOptions, type EncodedNotification } from './channel-sandbox-provider.ts';
import type { RawAnswer } from './notification-delivery.ts';
import { NotificationRejected, type NotifyAnswer, type NotifyOutcome, type VerifiedNotification } from './payment-provider.ts';
import { channelCashierRoutes, wechatOAuthRoutes } from './channel-sandbox-routes.ts';
import { definePaymentChannel, isRsaKeyPair } from './payment-channel.ts';
import { aesGcmDecrypt, aesGcmEncrypt, generateRsaKeyPair, keySerial, rsaSign, rsaVerify, wechatSignedMessage, type RsaKeyPair } from './signing.ts';

import { WECHAT_APP_ID, WECHAT_OAUTH_URL } from '../../../contract/payment.ts';
import { formatShanghaiRfc3339 } from '../../../engine/time/shanghai-time.ts';

export { WECHAT_APP_ID };
/** Sandbox merchant identity (a real one comes from the WeChat Pay merchant platform). */
export const WECHAT_MCH_ID = '1600000001';
/** WeChat refuses notifications whose timestamp is more than 5 minutes off. */
const MAX_SKEW_S = 300;
const ASSOCIATED_DATA = 'transaction';
const OAUTH_CODE_TTL_MS = 5 * 60_000;
/** An OAuth code: a 22-character HMAC, the expiry in base-36 seconds (7 characters), the openid in base64url. */
const OAUTH_MAC_CHARS = 22;
const OAUTH_EXPIRY_CHARS = 7;
/** Where the app sends the browser for WeChat authorisation (the sandbox stands in for open.weixin.qq.com). */
export const WECHAT_OAUTH_PATH = WECHAT_OAUTH_URL;

interface WechatTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_type: string;
  trade_state: string;
  success_time: string;
  payer: { openid: string };
  amount: { total: number; payer_total: number; currency: string };
}

interface WechatEvent {
  id: string;
  create_time: string;
  resource_type: string;
  event_type: string;
  summary: string;
  resource: { original_type: string; algorithm: string; ciphertext: string; associated_data: string; nonce: string };
}

/**
 * The WeChat sandbox plays the platform (signs notifications with its private
 * key; the app verifies with the public one) and the merchant (the app signs
 * the JSAPI parameters).
 */
export interface WechatKeys {
  platform: RsaKeyPair;
  merchant: RsaKeyPair;
  /** API v3 key: 32 ASCII characters (AES-256-GCM). */
  apiV3Key: string;
}

const makeWechatKeys = ([platform, merchant]: readonly RsaKeyPair[]): WechatKeys => ({ platform: platform!, merchant: merchant!, apiV3Key: randomBytes(24).toString('base64url') });

export function generateWechatKeys(): WechatKeys {
  return makeWechatKeys([generateRsaKeyPair(), generateRsaKeyPair()]);
}

function isWechatKeys(value: unknown): value is WechatKeys {
  const keys = value as Partial<WechatKeys> | null | undefined;
  return isRsaKeyPair(keys?.platform) && isRsaKeyPair(keys?.merchant) && typeof keys?.apiV3Key === 'string' && keys.apiV3Key.length === 32;
}

const beijingRfc3339 = formatShanghaiRfc3339;

/**
 * WeChat Pay (API v3) sandbox: JSAPI payments inside WeChat, H5 (wap) payments
 * elsewhere. Notifications are JSON events whose `resource` is encrypted with
 * AES-256-GCM under the API v3 key; the headers carry a timestamp, a nonce and
 * an RSA-SHA256 signature over `timestamp\nnonce\nbody\n` by the platform key.
 * The app answers HTTP 200 (or 204) to acknowledge, 4xx/5xx with
 * `{code:"FAIL"}` to refuse; anything but 2xx is retried.
 */
export class WechatPayProvider extends ChannelSandboxProvider {
  readonly name = 'wechat';
  readonly notifyContentTypes = ['application/json'] as const;
  readonly cashierTitle = '微信支付';
  protected readonly refundRefusal = 'INVALID_REQUEST: 申请退款金额超过订单可退金额';

  constructor(
    options: ChannelSandboxOptions,
    private readonly keys: WechatKeys,
  ) {
    super(options);
  }

  /**
   * Sandbox OAuth (snsapi_base): the user allowed the app; a code for their
   * openid, valid 5 minutes (as WeChat's). The code carries the openid and its
   * expiry under an HMAC of the sandbox's API v3 key, so that whichever
   * instance the app's getOpenid reaches can exchange it (no per-process
   * memory, docs/scaling.md); getOpenid spends it in the database, so it is
   * good once, as WeChat's.
   */
  issueOAuthCode(openid: string): string {
    const expires = Math.ceil((this.now().getTime() + OAUTH_CODE_TTL_MS) / 1000).toString(36).padStart(OAUTH_EXPIRY_CHARS, '0');
    const body = `${expires}${Buffer.from(openid).toString('base64url')}`;
    return `${this.oauthMac(body)}${body}`;
  }

  /** sns/oauth2/access_token: the openid of a code; null for a forged, altered or expired code. */
  exchangeOAuthCode(code: string): string | null {
    const mac = code.slice(0, OAUTH_MAC_CHARS);
    const body = code.slice(OAUTH_MAC_CHARS);
    const given = Buffer.from(mac);
    const expected = Buffer.from(this.oauthMac(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const expiresAt = parseInt(body.slice(0, OAUTH_EXPIRY_CHARS), 36) * 1000;
    if (!(expiresAt > this.now().getTime())) return null;
    const openid = Buffer.from(body.slice(OAUTH_EXPIRY_CHARS), 'base64url').toString();
    return openid || null;
  }

  private oauthMac(body: string): string {
    return createHmac('sha256', this.keys.apiV3Key).update(`oauth-code:${body}`).digest('base64url').slice(0, OAUTH_MAC_CHARS);
  }

  encode(payment: ChannelPayment): EncodedNotification {
    const success = payment.status === 'SUCCESS';
    const transaction: WechatTransaction = {
      appid: WECHAT_APP_ID,
      mchid: WECHAT_MCH_ID,
      out_trade_no: payment.tradeNo,
      transaction_id: `4200${payment.notifyId.replace(/\D/g, '').padEnd(24, '0').slice(0, 24)}`,
      trade_type: 'JSAPI',
      trade_state: success ? 'SUCCESS' : 'PAYERROR',
      success_time: beijingRfc3339(payment.paidAt),
      payer: { openid: payment.payerId ?? 'oSandboxPayer000000000000000' },
      amount: { total: payment.amountFen, payer_total: payment.amountFen, currency: 'CNY' },
    };
    const nonce = randomBytes(6).toString('hex');
    const event: WechatEvent = {
      id: payment.notifyId,
      create_time: beijingRfc3339(this.now()),
      resource_type: 'encrypt-resource',
      event_type: success ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.PAYERROR',
      summary: success ? '支付成功' : '支付失败',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: aesGcmEncrypt(this.keys.apiV3Key, nonce, ASSOCIATED_DATA, JSON.stringify(transaction)),
        associated_data: ASSOCIATED_DATA,
        nonce,
      },
    };
    const body = JSON.stringify(event);
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const headerNonce = randomBytes(16).toString('hex');
    return {
      body,
      contentType: 'application/json',
      headers: {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': headerNonce,
        'wechatpay-serial': keySerial(this.keys.platform.publicKey),
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
        'wechatpay-signature': rsaSign(this.keys.platform.privateKey, wechatSignedMessage(timestamp, headerNonce, body)),
      },
    };
  }

  async verifyNotification(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<VerifiedNotification> {
    const timestamp = headerOf(headers, 'wechatpay-timestamp');
    const nonce = headerOf(headers, 'wechatpay-nonce');
    const signature = headerOf(headers, 'wechatpay-signature');
    const serial = headerOf(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) throw new NotificationRejected('missing Wechatpay headers');
    if (serial !== keySerial(this.keys.platform.publicKey)) throw new NotificationRejected('unknown platform certificate serial');
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Number(timestamp) - this.now().getTime() / 1000) > MAX_SKEW_S) {
      throw new NotificationRejected('timestamp outside the allowed window');
    }
    if (!rsaVerify(this.keys.platform.publicKey, wechatSignedMessage(timestamp, nonce, rawBody), signature)) {
      throw new NotificationRejected('bad signature');
    }
    let event: Partial<WechatEvent>;
    try {
      event = JSON.parse(rawBody) as Partial<WechatEvent>;
    } catch {
      throw new NotificationRejected('body is not JSON');
    }
    const resource = event.resource;
    if (typeof event.id !== 'string' || event.id.length === 0 || event.id.length > 64 || !resource || resource.algorithm !== 'AEAD_AES_256_GCM') {
      throw new NotificationRejected('event has the wrong shape');
    }
    const plain = aesGcmDecrypt(this.keys.apiV3Key, String(resource.nonce), String(resource.associated_data ?? ''), String(resource.ciphertext));
    if (plain === null) throw new NotificationRejected('resource does not decrypt');
    let tx: Partial<WechatTransaction>;
    try {
      tx = JSON.parse(plain) as Partial<WechatTransaction>;
    } catch {
      throw new NotificationRejected('resource is not JSON');
    }
    const paidAt = new Date(String(tx.success_time));
    if (
      tx.appid !== WECHAT_APP_ID ||
      tx.mchid !== WECHAT_MCH_ID ||
      typeof tx.out_trade_no !== 'string' ||
      tx.out_trade_no.length === 0 ||
      tx.out_trade_no.length > 64 ||
      !Number.isSafeInteger(tx.amount?.total) ||
      tx.amount?.currency !== 'CNY' ||
      Number.isNaN(paidAt.getTime())
    ) {
      throw new NotificationRejected('transaction has the wrong shape');
    }
    return {
      notifyId: `wechat:${event.id}`,
      tradeNo: tx.out_trade_no,
      amountFen: tx.amount.total,
      status: tx.trade_state === 'SUCCESS' ? 'SUCCESS' : 'FAIL',
      paidAt,
    };
  }

  answer(outcome: NotifyOutcome): NotifyAnswer {
    if (outcome.ok) return { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) };
    return { status: outcome.httpStatus, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: outcome.message }) };
  }

  acknowledged(answer: RawAnswer): boolean {
    return answer.status >= 200 && answer.status < 300;
  }

  /**
   * The JSAPI parameters the page hands to WeixinJSBridge.getBrandWCPayRequest,
   * signed by the merchant key over `appId\ntimeStamp\nnonceStr\npackage\n`.
   */
  jsapiParams(prepayId: string): { appId: string; timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string } {
    const timeStamp = String(Math.floor(this.now().getTime() / 1000));
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    const paySign = rsaSign(this.keys.merchant.privateKey, `${WECHAT_APP_ID}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
    return { appId: WECHAT_APP_ID, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }
}

/** PAYMENT_CHANNELS=wechat (or wechat:sandbox): the WeChat Pay sandbox with its cashier and OAuth pages. */
export const wechatSandboxChannel = definePaymentChannel({
  channel: 'wechat',
  implementation: 'sandbox',
  sandbox: true,
  keys: { rsaPairs: 2, make: makeWechatKeys, valid: isWechatKeys },
  create: (context, keys) => new WechatPayProvider(context, keys),
  async routes(app, provider, context) {
    await wechatOAuthRoutes(app, provider, context);
    await channelCashierRoutes(app, provider, context);
  },
});
