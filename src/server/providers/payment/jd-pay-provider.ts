import { channelCashierRoutes } from './channel-sandbox-routes.ts';
import { ChannelSandboxProvider, type ChannelPayment, type ChannelSandboxOptions, type EncodedNotification } from './channel-sandbox-provider.ts';
import type { RawAnswer } from './notification-delivery.ts';
import { NotificationRejected, type NotifyAnswer, type NotifyOutcome, type VerifiedNotification } from './payment-provider.ts';
import { canonicalParams, rsaSign, rsaVerify, generateRsaKeyPair, type RsaKeyPair } from './signing.ts';
import { definePaymentChannel, PLATFORM_KEY_PAIR } from './payment-channel.ts';
import { formatShanghai, fromShanghaiWall } from '../../../engine/time/shanghai-time.ts';

export const JD_MERCHANT = '110000000001';

/** yyyyMMddHHmmss in Beijing time, as JD writes times. */
function jdTime(date: Date): string {
  return formatShanghai(date).replace(/\D/g, '');
}

function parseJdTime(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  const date = fromShanghaiWall(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The sandbox plays the platform: it signs notifications with the private key, the app verifies with the public one. */
export interface JdKeys {
  platform: RsaKeyPair;
}

export function generateJdKeys(): JdKeys {
  return PLATFORM_KEY_PAIR.make([generateRsaKeyPair()]);
}

/**
 * JD Pay sandbox (online retail payment, spec /paySuccessJD). Notifications
 * are JSON objects of string fields (version V2.0, merchant, tradeNum, amount
 * in fen, status 2 = paid / 3 = failed, tradeTime) with `sign`: RSA-SHA256 by
 * JD's key over the other fields sorted as `k=v&k=v`. JD has no notification
 * id: a trade's status is its identity. The app answers plain `success`.
 */
export class JdPayProvider extends ChannelSandboxProvider {
  readonly name = 'jd';
  readonly notifyContentTypes = ['application/json'] as const;
  readonly cashierTitle = '京东支付';
  protected readonly refundRefusal = 'REFUND_AMOUNT_OVER: 退款金额超过可退金额';

  /** JD sends the browser back to spec §2 /paySuccessJD (no log-in): only the trade number travels. */
  returnUrl(publicUrl: string | undefined, trade: { tradeNo: string }): string {
    return `${publicUrl ?? ''}/#/paySuccessJD?${new URLSearchParams({ tradeNum: trade.tradeNo }).toString()}`;
  }

  constructor(
    options: ChannelSandboxOptions,
    private readonly keys: JdKeys,
  ) {
    super(options);
  }

  encode(payment: ChannelPayment): EncodedNotification {
    const fields: Record<string, string> = {
      version: 'V2.0',
      merchant: JD_MERCHANT,
      tradeNum: payment.tradeNo,
      tradeType: '0',
      amount: String(payment.amountFen),
      currency: 'CNY',
      status: payment.status === 'SUCCESS' ? '2' : '3',
      tradeTime: jdTime(payment.paidAt),
    };
    fields.sign = rsaSign(this.keys.platform.privateKey, canonicalParams(fields, ['sign']));
    return { body: JSON.stringify(fields), contentType: 'application/json', headers: {} };
  }

  async verifyNotification(rawBody: string): Promise<VerifiedNotification> {
    let data: unknown;
    try {
      data = JSON.parse(rawBody);
    } catch {
      throw new NotificationRejected('body is not JSON');
    }
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new NotificationRejected('body is not an object');
    const fields = data as Record<string, unknown>;
    if (Object.values(fields).some((v) => typeof v !== 'string')) throw new NotificationRejected('fields must be strings');
    const f = fields as Record<string, string>;
    if (!f.sign || !rsaVerify(this.keys.platform.publicKey, canonicalParams(f, ['sign']), f.sign)) {
      throw new NotificationRejected('bad signature');
    }
    const paidAt = parseJdTime(f.tradeTime);
    if (
      f.merchant !== JD_MERCHANT ||
      !f.tradeNum ||
      f.tradeNum.length > 64 ||
      !/^\d{1,10}$/.test(f.amount ?? '') ||
      (f.status !== '2' && f.status !== '3') ||
      !paidAt
    ) {
      throw new NotificationRejected('notification has the wrong shape');
    }
    return {
      notifyId: `jd:${f.tradeNum}:${f.status}`,
      tradeNo: f.tradeNum,
      amountFen: Number(f.amount),
      status: f.status === '2' ? 'SUCCESS' : 'FAIL',
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

/** PAYMENT_CHANNELS=jd (or jd:sandbox): the JD Pay sandbox with its cashier page. */
export const jdSandboxChannel = definePaymentChannel({
  channel: 'jd',
  implementation: 'sandbox',
  sandbox: true,
  keys: PLATFORM_KEY_PAIR,
  create: (context, keys) => new JdPayProvider(context, keys),
  routes: channelCashierRoutes,
});
