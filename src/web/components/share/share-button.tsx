import { lazy, Suspense, useState } from 'react';
import { UploadOutline } from 'antd-mobile-icons';
import styles from './share-button.module.css';

/** The popup and its libraries load when a user first asks to share, never with the page. */
const SharePopup = lazy(() => import('./share-popup.tsx').then((m) => ({ default: m.SharePopup })));

export interface ShareTarget {
  /** A hash route, e.g. `/xuzhouStudentSafetyDetails?productCode=…`. */
  route: string;
  title: string;
}

/**
 * The share popup, loaded on first open: screens that offer sharing mount it
 * with `visible` false at no cost (nothing is fetched until it opens once).
 */
export function LazySharePopup({ visible, onClose, target }: { visible: boolean; onClose: () => void; target: ShareTarget }) {
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SharePopup visible={visible} onClose={onClose} target={target} />
    </Suspense>
  );
}

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
