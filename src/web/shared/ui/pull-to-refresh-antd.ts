/** antd-mobile's PullToRefresh, in a chunk of its own: loaded by ./lazy-pull-to-refresh.tsx. */
export { PullToRefresh } from 'antd-mobile';
