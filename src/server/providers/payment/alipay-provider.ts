import { formatShanghai, parseShanghai } from '../../../engine/time/shanghai-time.ts';
import { channelCashierRoutes } from './channel-sandbox-routes.ts';
import { ChannelSandboxProvider, type ChannelPayment, type ChannelSandboxOptions, type EncodedNotification } from './channel-sandbox-provider.ts';
import type { RawAnswer } from './notification-delivery.ts';
import { NotificationRejected, type NotifyAnswer, type NotifyOutcome, type VerifiedNotification } from './payment-provider.ts';
import { canonicalParams, fenText, rsaSign, rsaVerify, yuanStringToFen, generateRsaKeyPair, type RsaKeyPair } from './signing.ts';
import { definePaymentChannel, PLATFORM_KEY_PAIR } from './payment-channel.ts';

export const ALIPAY_APP_ID = '2021000100000001';
const NOT_SIGNED = ['sign', 'sign_type'];

/** The sandbox plays the platform: it signs notifications with the private key, the app verifies with the public one. */
export interface AlipayKeys {
  platform: RsaKeyPair;
}

export function generateAlipayKeys(): AlipayKeys {
  return PLATFORM_KEY_PAIR.make([generateRsaKeyPair()]);
}

/**
 * Alipay sandbox (wap pay). Notifications are form posts
 * (application/x-www-form-urlencoded) signed RSA2: RSA-SHA256 over the
 * parameters sorted by name as `k=v&k=v`, without `sign` and `sign_type`.
 * The app answers the plain text `success`; anything else is retried.
 */
export class AlipayProvider extends ChannelSandboxProvider {
  readonly name = 'alipay';
  readonly notifyContentTypes = ['application/x-www-form-urlencoded'] as const;
  readonly cashierTitle = '支付宝';
  protected readonly refundRefusal = 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL: 退款金额超限';

  constructor(
    options: ChannelSandboxOptions,
    private readonly keys: AlipayKeys,
  ) {
    super(options);
  }

  encode(payment: ChannelPayment): EncodedNotification {
    const amount = fenText(payment.amountFen);
    const params: Record<string, string> = {
      notify_id: payment.notifyId,
      notify_time: formatShanghai(this.now()),
      notify_type: 'trade_status_sync',
      app_id: ALIPAY_APP_ID,
      auth_app_id: ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: `2026${payment.notifyId.replace(/\D/g, '').padEnd(24, '0').slice(0, 24)}`,
      out_trade_no: payment.tradeNo,
      buyer_id: payment.payerId ?? '2088000000000001',
      total_amount: amount,
      receipt_amount: amount,
      buyer_pay_amount: amount,
      trade_status: payment.status === 'SUCCESS' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
      gmt_payment: formatShanghai(payment.paidAt),
    };
    params.sign = rsaSign(this.keys.platform.privateKey, canonicalParams(params, NOT_SIGNED));
    params.sign_type = 'RSA2';
    return { body: new URLSearchParams(params).toString(), contentType: 'application/x-www-form-urlencoded; charset=utf-8', headers: {} };
  }

  async verifyNotification(rawBody: string): Promise<VerifiedNotification> {
    const params = Object.fromEntries(new URLSearchParams(rawBody));
    if (params.sign_type !== 'RSA2' || !params.sign) throw new NotificationRejected('missing RSA2 signature');
    if (!rsaVerify(this.keys.platform.publicKey, canonicalParams(params, NOT_SIGNED), params.sign)) {
      throw new NotificationRejected('bad signature');
    }
    const amountFen = yuanStringToFen(params.total_amount);
    const paidAt = parseShanghai(params.gmt_payment ?? '') ?? parseShanghai(params.notify_time ?? '');
    const status = params.trade_status;
    if (
      params.app_id !== ALIPAY_APP_ID ||
      !params.notify_id ||
      params.notify_id.length > 64 ||
      !params.out_trade_no ||
      params.out_trade_no.length > 64 ||
      amountFen === null ||
      !paidAt ||
      !['TRADE_SUCCESS', 'TRADE_FINISHED', 'TRADE_CLOSED'].includes(status ?? '')
    ) {
      throw new NotificationRejected('notification has the wrong shape');
    }
    return {
      notifyId: `alipay:${params.notify_id}`,
      tradeNo: params.out_trade_no,
      amountFen,
      status: status === 'TRADE_CLOSED' ? 'FAIL' : 'SUCCESS',
      paidAt,
    };
  }

  answer(outcome: NotifyOutcome): NotifyAnswer {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: outcome.ok ? 'success' : 'fail' };
  }

  acknowledged(answer: RawAnswer): boolean {
    return answer.status === 200 && answer.text.trim() === 'success';
  }
}

/** PAYMENT_CHANNELS=alipay (or alipay:sandbox): the Alipay sandbox with its cashier page. */
export const alipaySandboxChannel = definePaymentChannel({
  channel: 'alipay',
  implementation: 'sandbox',
  sandbox: true,
  keys: PLATFORM_KEY_PAIR,
  create: (context, keys) => new AlipayProvider(context, keys),
  routes: channelCashierRoutes,
});
