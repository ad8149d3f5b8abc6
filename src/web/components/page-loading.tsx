import styles from './page-loading.module.css';

/** Full-height loading state of a screen (lazy chunk, first data). A CSS spinner: it ships in the first bundle. */
export function PageLoading({ text = '加载中…' }: { text?: string }) {
  return (
    <div className={styles.wrap} role="status" aria-live="polite" data-testid="page-loading">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.text}>{text}</span>
    </div>
  );
}
