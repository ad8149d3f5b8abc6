import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { useGoBack } from '../../app/use-app-navigate.ts';
import styles from './app-page.module.css';

/**
 * A screen's frame: a sticky NavBar (with back unless `back` is false), the
 * document title, and a content area. `hasBottomBar` pads the content for a
 * fixed {@link BottomBar} so nothing hides behind it.
 */
export function AppPage({
  title,
  back = true,
  right,
  hasBottomBar = false,
  children,
}: {
  title: string;
  back?: boolean;
  right?: ReactNode;
  hasBottomBar?: boolean;
  children: ReactNode;
}) {
  const goBack = useGoBack();
  const pageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useLayoutEffect(() => nameBackButton(pageRef.current, back), [back]);
  return (
    <div ref={pageRef} className={`${styles.page} ${hasBottomBar ? styles.withBottomBar : ''}`}>
      <NavBar className={styles.nav} backIcon={back} back={back ? '' : null} onBack={goBack} right={right}>
        {title}
      </NavBar>
      <main className={styles.content}>{children}</main>
    </div>
  );
}

/**
 * antd-mobile's NavBar always marks its left slot role="button", with no name (the arrow is an
 * icon, the back text empty): screen readers announce a nameless button, even on screens without
 * back. Named 返回 when it goes back; otherwise not a button at all.
 */
function nameBackButton(page: HTMLElement | null, back: boolean): void {
  const left = page?.querySelector(':scope > .adm-nav-bar > .adm-nav-bar-left');
  if (!left) return;
  if (back) left.setAttribute('aria-label', '返回');
  else left.removeAttribute('role');
}

/** Bar fixed at the bottom of the screen (price and main action), above the safe area. */
export function BottomBar({ children }: { children: ReactNode }) {
  return <div className={styles.bottomBar}>{children}</div>;
}
