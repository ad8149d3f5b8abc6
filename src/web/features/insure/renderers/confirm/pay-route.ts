/**
 * Spec §4.4, which way the payment goes: not fee-collected → /paySuccess; in
 * the WeChat browser → WeChat authorisation, then /payoff; in other
 * non-Alipay browsers → /payoff; in Alipay → the pay URL (up to 3
 * attempts), or /policyList for a province product whose pay URL fails.
 * Pure: the caller performs the step.
 */
import { WECHAT_APP_ID, WECHAT_OAUTH_URL } from '../../../../../contract/payment-constants.ts';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { paymentPath } from './place-order.ts';

/** Spec §8 toast before leaving for a payment page. */
export const MSG_TO_PAYMENT = '跳转支付页面';
/** Spec §9: the pay URL is fetched up to 3 times. */
export const PAY_URL_ATTEMPTS = 3;

export type PayBrowser = 'wechat' | 'alipay' | 'other';

/** Client codes of spec §3 (0 WeChat, 1 Alipay, 2 other), from the user agent. */
export function payBrowser(userAgent: string): PayBrowser {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (/AlipayClient/i.test(userAgent)) return 'alipay';
  return 'other';
}

export type PaymentStep =
  | { kind: 'navigate'; path: string }
  | { kind: 'wechatAuth'; url: string }
  | { kind: 'alipay'; applicationFormCode: string; provinceProduct: boolean };

/** WeChat OAuth (snsapi_base) that comes back to `redirectUri` with a code. */
export function wechatAuthUrl(redirectUri: string, state = 'edu'): string {
  const query = new URLSearchParams({ appid: WECHAT_APP_ID, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_base', state });
  return `${WECHAT_OAUTH_URL}?${query.toString()}#wechat_redirect`;
}

/** The app's own address of a hash route, relative to the site (what the OAuth page sends the browser back to). */
export function appUrl(pathname: string, route: string): string {
  return `${pathname}#${route}`;
}

export function paymentStep(
  manifest: ProductManifest,
  order: { orderCode: string; applicationFormCode: string; amount: number },
  browser: PayBrowser,
  pathname = '/',
): PaymentStep {
  const next = paymentPath(manifest, order);
  if (manifest.order.feeCollection === 'N') return { kind: 'navigate', path: next };
  if (browser === 'wechat') return { kind: 'wechatAuth', url: wechatAuthUrl(appUrl(pathname, next)) };
  if (browser === 'other') return { kind: 'navigate', path: next };
  return { kind: 'alipay', applicationFormCode: order.applicationFormCode, provinceProduct: manifest.order.provinceProduct === true };
}

export type AlipayOutcome = { kind: 'redirect'; url: string } | { kind: 'policyList' } | { kind: 'networkError' };

/**
 * Spec §4.4 and §8 for the Alipay client: the pay URL, up to 3 attempts; when
 * none came, a province product goes to /policyList and any other gets the
 * 网络异常 prompt.
 */
export async function alipayPayUrl(
  fetchPayUrl: () => Promise<{ payUrl: string } | null>,
  provinceProduct: boolean,
): Promise<AlipayOutcome> {
  for (let attempt = 1; attempt <= PAY_URL_ATTEMPTS; attempt++) {
    try {
      const data = await fetchPayUrl();
      if (data?.payUrl) return { kind: 'redirect', url: data.payUrl };
    } catch {
      // The next attempt may succeed.
    }
  }
  return provinceProduct ? { kind: 'policyList' } : { kind: 'networkError' };
}
