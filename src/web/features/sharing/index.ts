/** What other features use of sharing: the share button and popup, and WeChat's share card of a page. */
export { LazySharePopup, ShareButton } from './components/share-button.tsx';
export { useWeChatShare } from './components/use-wechat-share.ts';
