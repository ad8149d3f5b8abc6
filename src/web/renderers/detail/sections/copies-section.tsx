import { useLayoutEffect, useRef } from 'react';
import { Stepper } from 'antd-mobile';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../components/layout/section-card.tsx';
import styles from '../detail.module.css';

/** Copies stepper, 1..maxCopies; hidden when only one copy may be bought. */
export function CopiesSection({ manifest, selection, select }: DetailSectionProps) {
  const max = manifest.pricing.maxCopies;
  const row = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => nameStepper(row.current, '购买份数'));
  if (max <= 1) return null;
  return (
    <SectionCard heading="h2" title="购买份数">
      <div ref={row} className={`${styles.factorRow} ${styles.copiesRow}`}>
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

/**
 * antd-mobile's Stepper gives its number input role="spinbutton" and aria-value* but no name, and
 * copies the aria-value* onto the input's wrapper <div>, where ARIA does not allow them: name the
 * input, clear the wrapper (after every render, which sets them again).
 */
function nameStepper(row: HTMLElement | null, name: string): void {
  const wrapper = row?.querySelector('.adm-stepper .adm-input');
  for (const attribute of ['aria-valuenow', 'aria-valuemax', 'aria-valuemin', 'role']) wrapper?.removeAttribute(attribute);
  wrapper?.querySelector('input')?.setAttribute('aria-label', name);
}
