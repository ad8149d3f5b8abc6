import styles from './top-progress.module.css';

/** Thin bar at the top while the router loads the next screen's chunk. */
export function TopProgress() {
  return <div className={styles.bar} role="progressbar" aria-label="页面加载中" />;
}
