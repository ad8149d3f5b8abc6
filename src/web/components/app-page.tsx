import { useEffect, type ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { useGoBack } from '../app/use-app-navigate.ts';
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
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className={`${styles.page} ${hasBottomBar ? styles.withBottomBar : ''}`}>
      <NavBar className={styles.nav} backIcon={back} back={back ? '' : null} onBack={goBack} right={right}>
        {title}
      </NavBar>
      <main className={styles.content}>{children}</main>
    </div>
  );
}

/** Bar fixed at the bottom of the screen (price and main action), above the safe area. */
export function BottomBar({ children }: { children: ReactNode }) {
  return <div className={styles.bottomBar}>{children}</div>;
}
