import type { ReactNode } from 'react';
import styles from './status-block.module.css';

const ICONS = {
  empty: (
    <svg viewBox="0 0 96 72" width="96" height="72" aria-hidden="true">
      <ellipse cx="48" cy="64" rx="36" ry="5" fill="#eef0f3" />
      <path d="M20 26l10-14h36l10 14v28a4 4 0 0 1-4 4H24a4 4 0 0 1-4-4z" fill="#f5f7fa" stroke="#d9dde3" strokeWidth="2" />
      <path d="M20 26h18a10 10 0 0 0 20 0h18" fill="none" stroke="#d9dde3" strokeWidth="2" />
    </svg>
  ),
  error: (
    <svg viewBox="0 0 96 72" width="96" height="72" aria-hidden="true">
      <ellipse cx="48" cy="64" rx="36" ry="5" fill="#eef0f3" />
      <path d="M14 30a48 48 0 0 1 68 0M24 40a34 34 0 0 1 48 0M34 50a20 20 0 0 1 28 0" fill="none" stroke="#c9d6ea" strokeWidth="5" strokeLinecap="round" />
      <path d="M30 16l36 40" stroke="#ff8f6b" strokeWidth="5" strokeLinecap="round" />
    </svg>
  ),
} as const;

/**
 * Empty and error states: a small illustration, a title, a description and
 * actions. Hand-made rather than antd-mobile's ErrorBlock, whose bundled
 * illustrations would weigh on the first screen.
 */
export function StatusBlock({
  kind,
  title,
  description,
  children,
  fullPage = false,
}: {
  kind: keyof typeof ICONS;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  fullPage?: boolean;
}) {
  return (
    <div className={`${styles.block} ${fullPage ? styles.fullPage : ''}`} role={kind === 'error' ? 'alert' : undefined}>
      {ICONS[kind]}
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}
