import type { ComponentProps } from 'react';
import { lazyPopup } from '../../../../shared/ui/lazy-popup.tsx';
import type { RatingPopup } from './rating-popup.tsx';

/** The rating popup, loaded when it first opens (its Popup and Rate bring react-spring and use-gesture). */
export const LazyRatingPopup = lazyPopup<ComponentProps<typeof RatingPopup>>(
  () => import('./rating-popup.tsx').then((m) => m.RatingPopup),
  (props) => props.visible,
);
