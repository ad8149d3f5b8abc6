import { useEffect } from 'react';
import { getUser } from '../../../shared/state/session.ts';

export function isWeChat(userAgent = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/**
 * The WeChat share card of a page at `route` (a hash route; spec §2 WeChat share). Nothing happens outside
 * WeChat: the JSSDK code (wechat-share.ts) is loaded only there, so it is not among the files a detail
 * page's first view waits for in other browsers (docs/performance.md, "TanStack Query after home").
 */
export function useWeChatShare(route: string, title: string, desc: string): void {
  const weChat = isWeChat();
  const userCode = getUser()?.userCode;
  useEffect(() => {
    if (!weChat) return;
    let live = true;
    // Its code not loaded (offline): WeChat's own menu still shares the page, without the card.
    import('./wechat-share.ts')
      .then(({ shareInWeChat }) => shareInWeChat({ route, title, desc, userCode }, () => live))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [weChat, userCode, route, title, desc]);
}
