import { SHARE } from '../../../../contract/promoter.ts';
import { loadQueryModule } from '../../../shared/api/early-queries.ts';
import { promoterApi } from '../api/promoter.ts';
import { failToast } from '../../../shared/ui/toast.ts';
import { promoterCardQuery, shareLink } from './share-link.ts';
import { isWeChat } from './use-wechat-share.ts';

/** WeChat's JSSDK, loaded from WeChat's own host (the content-security policy allows it: hardening.ts). */
export const JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
/** The share card's picture: the app icon as a 300 px PNG (WeChat shows no SVG thumbnail), by absolute URL as WeChat requires. */
export const SHARE_ICON = 'img/share-logo.png';
const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData'] as const;

/** The part of the JSSDK this module uses. */
interface ShareData {
  title: string;
  desc?: string;
  link: string;
  imgUrl: string;
}
export interface WeChatSdk {
  config(options: { debug?: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (result: unknown) => void): void;
  updateAppMessageShareData(data: ShareData): void;
  updateTimelineShareData(data: Omit<ShareData, 'desc'>): void;
}

let sdk: Promise<WeChatSdk> | null = null;

/** Adds the JSSDK's script element once; a failed load may be retried by the next page. */
export function loadWeChatSdk(): Promise<WeChatSdk> {
  sdk ??= new Promise<WeChatSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = JSSDK_URL;
    script.async = true;
    script.onload = () => {
      const wx = (window as Window & { wx?: WeChatSdk }).wx;
      if (wx) resolve(wx);
      else reject(new Error('WeChat JSSDK loaded without wx'));
    };
    script.onerror = () => {
      script.remove();
      sdk = null;
      reject(new Error('WeChat JSSDK failed to load'));
    };
    document.head.appendChild(script);
  });
  return sdk;
}

/**
 * Spec §2 WeChat share: inside WeChat, signs this page's address
 * (edu-svc/weChat/weChatShare, the address without its #hash) and gives the
 * JSSDK the share card of the page (title, description, link with the
 * sharer's promo code, the app icon). A refused signature toasts
 * 获取微信分享授权失败. Outside WeChat it does nothing.
 */
export async function configureWeChatShare(share: { title: string; desc: string; link: string }): Promise<void> {
  if (!isWeChat()) return;
  let config;
  try {
    config = await promoterApi.weChatShare(location.href.split('#')[0]!);
  } catch {
    failToast(SHARE.authFailed);
    return;
  }
  let wx: WeChatSdk;
  try {
    wx = await loadWeChatSdk();
  } catch {
    return; // No SDK (blocked or offline): WeChat's own menu still shares the page, without the card.
  }
  const imgUrl = new URL(SHARE_ICON, document.baseURI).href;
  wx.config({ debug: false, ...config, jsApiList: [...JS_API_LIST] });
  wx.error(() => failToast(SHARE.authFailed));
  wx.ready(() => {
    wx.updateAppMessageShareData({ title: share.title, desc: share.desc, link: share.link, imgUrl });
    wx.updateTimelineShareData({ title: share.title, link: share.link, imgUrl });
  });
}

/**
 * The share card of a page at `route` inside WeChat (`useWeChatShare` loads this module only there). A
 * logged-in user's link carries their promo code, so the card waits for their promoter card, fetched through
 * the query cache (the share popup reads the same entry); a failed card shares without a code. `live` is
 * false once the page has moved on.
 */
export async function shareInWeChat(page: { route: string; title: string; desc: string; userCode: string | undefined }, live: () => boolean): Promise<void> {
  const { userCode } = page;
  const promoCode = userCode
    ? await loadQueryModule()
        .then(({ queryClient }) => queryClient.fetchQuery(promoterCardQuery(userCode)))
        .then((card) => card?.promoCode, () => undefined)
    : undefined;
  if (live()) await configureWeChatShare({ title: page.title, desc: page.desc, link: shareLink(page.route, promoCode) });
}
