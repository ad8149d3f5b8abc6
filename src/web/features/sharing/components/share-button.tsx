import { useState } from 'react';
import { UploadOutline } from 'antd-mobile-icons';
import { lazyPopup } from '../../../shared/ui/lazy-popup.tsx';
import styles from './share-button.module.css';

export interface ShareTarget {
  /** A hash route, e.g. `/xuzhouStudentSafetyDetails?productCode=…`. */
  route: string;
  title: string;
}

/**
 * The share popup, loaded on first open (with its libraries, never with the
 * page): screens that offer sharing mount it with `visible` false at no cost.
 */
export const LazySharePopup = lazyPopup<{ visible: boolean; onClose: () => void; target: ShareTarget }>(
  () => import('./share-popup.tsx').then((m) => m.SharePopup),
  (props) => props.visible,
);

/**
 * 分享 (icon and text, a 44×44 px tap target) for a NavBar's right slot,
 * opening the share popup for `target`. In the nav bar rather than floating
 * over the page, where it would hide amounts of the page as it scrolls.
 */
export function ShareButton({ target }: { target: ShareTarget }) {
  const [visible, setVisible] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.nav}
        onClick={() => setVisible(true)}
        data-testid="share-button"
      >
        <UploadOutline className={styles.icon} aria-hidden="true" />
        <span className={styles.label}>分享</span>
      </button>
      <LazySharePopup visible={visible} onClose={() => setVisible(false)} target={target} />
    </>
  );
}
