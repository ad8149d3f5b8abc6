/** antd-mobile's NoticeBar, in a chunk of its own: loaded by ./lazy-notice-bar.tsx. */
export { NoticeBar } from 'antd-mobile';
