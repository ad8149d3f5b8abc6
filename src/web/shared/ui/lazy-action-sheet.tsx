import type { ActionSheetProps } from 'antd-mobile';
import { lazyPopup } from './lazy-popup.tsx';

/** antd-mobile's ActionSheet, loaded when it first opens (its Popup brings react-spring and use-gesture). */
export const LazyActionSheet = lazyPopup<ActionSheetProps>(
  () => import('./overlays-antd.ts').then((m) => m.ActionSheet),
  (props) => props.visible === true,
);
