import { lazy, Suspense, useState } from 'react';
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
        <ShareIcon />
        <span className={styles.label}>分享</span>
      </button>
      <LazySharePopup visible={visible} onClose={() => setVisible(false)} target={target} />
    </>
  );
}

function ShareIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="18" cy="5" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="6" cy="12" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="18" cy="19" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M8.3 10.8l7.4-4.4M8.3 13.2l7.4 4.4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
