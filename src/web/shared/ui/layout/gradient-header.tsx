import type { ReactNode } from 'react';
import styles from './gradient-header.module.css';

/**
 * The coloured head of a promoter's figure screen (my achievements, rewards,
 * a renewal): a small label line, the screen's figures, a footnote. `tone`
 * is the screen's colour; `centered` centres a single big figure.
 */
export function GradientHeader({
  tone,
  label,
  note,
  centered = false,
  testId,
  busy,
  children,
}: {
  tone: 'blue' | 'orange' | 'red';
  /** The label line; two children are spread to either side. */
  label: ReactNode;
  note?: ReactNode;
  centered?: boolean;
  testId?: string;
  /** The figures are still loading. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`${styles.header} ${styles[tone]} ${centered ? styles.centered : ''}`} data-testid={testId} aria-busy={busy}>
      <p className={styles.label}>{label}</p>
      {children}
      {note && <p className={styles.note}>{note}</p>}
    </section>
  );
}

/** A row of small labelled figures in a `GradientHeader`, in equal columns. */
export function HeaderFigures({ figures, className }: { figures: readonly { label: string; value: string }[]; className?: string }) {
  return (
    <dl className={`${styles.figures} ${className ?? ''}`}>
      {figures.map((figure) => (
        <div key={figure.label}>
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
