import type { ReactNode } from 'react';
import styles from '../detail.module.css';

/** White block with a title, the frame of most detail sections. */
export function SectionCard({ title, extra, children, testId }: { title: string; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.card} aria-label={title} data-testid={testId}>
      <header className={styles.cardHeader}>
        <h2 className={styles.cardTitle}>{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}
