import type { ReactNode } from 'react';
import styles from './entry-grid.module.css';

export interface Entry {
  key: string;
  label: string;
  /** An icon on the light blue tile, or a character on a `tone`. */
  icon: ReactNode;
  tone?: 'blue' | 'green' | 'orange' | 'red';
  onClick: () => void;
}

/** The service entries of a home (a market's, the promoter area's): four tiles with an icon and a label. */
export function EntryGrid({ label, entries }: { label: string; entries: readonly Entry[] }) {
  return (
    <nav className={styles.entries} aria-label={label}>
      {entries.map((entry) => (
        <button key={entry.key} type="button" className={styles.entry} onClick={entry.onClick}>
          <span className={`${styles.icon} ${entry.tone ? styles[entry.tone] : ''}`} aria-hidden="true">
            {entry.icon}
          </span>
          {entry.label}
        </button>
      ))}
    </nav>
  );
}
