/**
 * antd-mobile's pickers, in one chunk loaded when the first picker of the insure form opens
 * (./use-lazy-popup.ts): Picker, DatePicker and CascadePicker bring Popup, Mask, @react-spring/web
 * and @use-gesture/react (about 24 KB gzip) with them, none of which a closed picker needs
 * (docs/performance.md).
 */
export { CascadePicker, DatePicker, Picker } from 'antd-mobile';
