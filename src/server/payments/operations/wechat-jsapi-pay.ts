import type { WechatJsapiPay } from '../../../contract/payment.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthUser } from '../../auth/access-token.ts';
import { rejected } from '../../http/envelope.ts';
import { requireOwnForm } from '../../orders/own-form.ts';
import type { WechatPayProvider } from '../../providers/payment/wechat-pay-provider.ts';
import type { WechatV3Provider } from '../../providers/payment/wechat-v3-provider.ts';
import { openTrade } from '../create-pay-url.ts';
import { isWechatPayerOf } from '../payments-repo.ts';

/** The sandbox (codes it issued itself) or the real channel (codes of the official account's OAuth). */
export type WechatChannel = WechatPayProvider | WechatV3Provider;

/**
 * WeChat JSAPI pay of the caller's order by an openid the server itself got
 * from WeChat for this user (getOpenid), never one the client made up.
 */
export async function wechatJsapiPay(
  deps: AppDeps,
  wechat: WechatChannel | undefined,
  user: AuthUser,
  input: { orderCode: string; openid: string; clientIp: string },
): Promise<WechatJsapiPay> {
  if (!wechat) throw rejected('支付渠道不可用');
  // The openid is asked about once the order is known to be the caller's.
  await requireOwnForm(deps.db, { orderCode: input.orderCode }, user);
  if (!(await isWechatPayerOf(deps.db, user.userId, input.openid))) throw rejected('微信授权已失效，请重新授权');
  const trade = await openTrade(deps, user, { orderCode: input.orderCode }, 'wechat', { openid: input.openid, clientIp: input.clientIp });
  // The real channel signs WeChat's prepay_id; the sandbox stands in for WeixinJSBridge with its cashier.
  if (trade.jsapi) return { ...(trade.jsapi as Omit<WechatJsapiPay, 'tradeNo'>), tradeNo: trade.tradeNo };
  if (!('jsapiParams' in wechat)) throw rejected('支付渠道不可用');
  const params = wechat.jsapiParams(`wx${trade.tradeNo}`);
  return { ...params, tradeNo: trade.tradeNo, sandboxCashierUrl: trade.payUrl };
}
