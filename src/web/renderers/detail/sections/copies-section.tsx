import { Stepper } from 'antd-mobile';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from './section-card.tsx';
import styles from '../detail.module.css';

/** Copies stepper, 1..maxCopies; hidden when only one copy may be bought. */
export function CopiesSection({ manifest, selection, select }: DetailSectionProps) {
  const max = manifest.pricing.maxCopies;
  if (max <= 1) return null;
  return (
    <SectionCard title="购买份数">
      <div className={`${styles.factorRow} ${styles.copiesRow}`}>
        <span className={styles.factorName}>每位被保人最多{max}份</span>
        <Stepper
          // 44 px buttons: the - and + are tapped with a thumb.
          style={{ '--height': '44px', '--button-width': '44px', '--input-width': '44px' }}
          min={1}
          max={max}
          digits={0}
          value={selection.copies}
          onChange={(value) => select({ copies: Math.min(Math.max(Math.round(value || 1), 1), max) })}
        />
      </div>
    </SectionCard>
  );
}
