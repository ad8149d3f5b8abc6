import type { DetailSectionProps } from '../types.ts';
import styles from '../detail.module.css';

/** Customer service line and the cooperation authorisation statement. */
export function ServiceSection({ manifest }: DetailSectionProps) {
  const { onlineService, cooperationAuthorisation } = manifest.detail;
  if (!onlineService && !cooperationAuthorisation) return null;
  return (
    <footer className={styles.service}>
      {onlineService && <p>{onlineService}</p>}
      {cooperationAuthorisation && <p>{cooperationAuthorisation}</p>}
    </footer>
  );
}
