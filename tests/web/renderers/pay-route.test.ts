/** Spec §4.4: which way the payment of a created order goes, by product and browser. */
import { describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { alipayPayUrl, payBrowser, paymentStep, wechatAuthUrl } from '../../../src/web/features/insure/renderers/confirm/pay-route.ts';
import { guardian } from './fixtures.ts';

const order = { orderCode: 'ED1', applicationFormCode: 'AF1', amount: 30 };
const UA = {
  wechat: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI',
  alipay: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116 Mobile Safari/537.36 AlipayClient/10.5.30.8000',
  safari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
};

describe('payBrowser', () => {
  it('tells WeChat, Alipay and other browsers apart by user agent', () => {
    expect(payBrowser(UA.wechat)).toBe('wechat');
    expect(payBrowser(UA.alipay)).toBe('alipay');
    expect(payBrowser(UA.safari)).toBe('other');
  });
});

describe('paymentStep', () => {
  const offline: ProductManifest = { ...guardian, order: { ...guardian.order, feeCollection: 'N' } };
  const province: ProductManifest = { ...guardian, order: { ...guardian.order, provinceProduct: true } };

  it('sends a product that is not fee-collected to /paySuccess in every browser', () => {
    for (const browser of ['wechat', 'alipay', 'other'] as const) {
      const step = paymentStep(offline, order, browser);
      expect(step.kind).toBe('navigate');
      expect(step.kind === 'navigate' && step.path.startsWith('/paySuccess?')).toBe(true);
    }
  });

  it('sends the WeChat browser through WeChat authorisation back to /payoff', () => {
    const step = paymentStep(guardian, order, 'wechat', '/');
    expect(step.kind).toBe('wechatAuth');
    if (step.kind !== 'wechatAuth') return;
    const url = new URL(step.url, 'http://app.test');
    expect(url.pathname).toBe('/oauth/wechat/authorize');
    expect(url.searchParams.get('scope')).toBe('snsapi_base');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe('/#/payoff?orderCode=ED1&applicationFormCode=AF1&productCode=21PR000316&amount=30.00');
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('pushes /payoff in other non-Alipay browsers', () => {
    expect(paymentStep(guardian, order, 'other')).toEqual({
      kind: 'navigate',
      path: '/payoff?orderCode=ED1&applicationFormCode=AF1&productCode=21PR000316&amount=30.00',
    });
  });

  it('fetches the pay URL in Alipay, remembering whether a failure should go to the policy list', () => {
    expect(paymentStep(guardian, order, 'alipay')).toEqual({ kind: 'alipay', applicationFormCode: 'AF1', provinceProduct: false });
    expect(paymentStep(province, order, 'alipay')).toEqual({ kind: 'alipay', applicationFormCode: 'AF1', provinceProduct: true });
  });

  it('builds the OAuth address with the given state', () => {
    expect(new URL(wechatAuthUrl('/#/x', 'abc'), 'http://a').searchParams.get('state')).toBe('abc');
  });
});

describe('alipayPayUrl (spec §4.4, §8)', () => {
  const failing = () => {
    let calls = 0;
    const fetch = async () => {
      calls += 1;
      if (calls === 1) throw new Error('network');
      return calls === 2 ? null : { payUrl: '' };
    };
    return { fetch, calls: () => calls };
  };

  it('goes to the pay URL as soon as one attempt gives it', async () => {
    let calls = 0;
    const outcome = await alipayPayUrl(async () => {
      calls += 1;
      if (calls < 3) throw new Error('network');
      return { payUrl: '/_sandbox/alipay/cashier?tradeNo=T1' };
    }, false);
    expect(outcome).toEqual({ kind: 'redirect', url: '/_sandbox/alipay/cashier?tradeNo=T1' });
    expect(calls).toBe(3);
  });

  it('asks 3 times, then prompts 网络异常 for an ordinary product', async () => {
    const f = failing();
    expect(await alipayPayUrl(f.fetch, false)).toEqual({ kind: 'networkError' });
    expect(f.calls()).toBe(3);
  });

  it('asks 3 times, then sends a province product to the policy list', async () => {
    const f = failing();
    expect(await alipayPayUrl(f.fetch, true)).toEqual({ kind: 'policyList' });
    expect(f.calls()).toBe(3);
  });
});
