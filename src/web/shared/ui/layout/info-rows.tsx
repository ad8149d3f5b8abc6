import type { ReactNode } from 'react';
import styles from './layout.module.css';

/** One label and its value. Rows whose value is absent (`undefined`, `null`, `false` or '') are left out. */
export interface InfoRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

const isShown = (row: InfoRow | false | null | undefined): row is InfoRow =>
  Boolean(row) && ![undefined, null, '', false].includes((row as InfoRow).value as never);

/**
 * The label/value rows of every card and summary (policy cards, sales,
 * renewals, payment and success summaries, policy details): the label in a
 * column wide enough for five characters that never wraps, the value beside
 * it wrapping inside its own column, both on the same baseline.
 */
export function InfoRows({
  rows,
  spread = false,
  className,
}: {
  rows: readonly (InfoRow | false | null | undefined)[];
  /** Long labels (benefit names): the label takes the room and wraps, the value keeps to the right on one line. */
  spread?: boolean;
  className?: string;
}) {
  const shown = rows.filter(isShown);
  return (
    <dl className={`${styles.rows} ${spread ? styles.spread : ''} ${className ?? ''}`}>
      {shown.map((row, i) => (
        // Labels may repeat (two co-insurers, 共保 each): the position keeps the keys apart.
        <div key={`${i}-${row.label}`} data-testid={row.testId}>
          <dt>{row.label}</dt>
          {/* Values are often what a person typed (names, schools, classes): isolated from the label and each other. */}
          <dd>
            <bdi>{row.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
