import { useState, type CSSProperties } from 'react';
import { Button } from 'antd-mobile';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import 'antd-mobile/es/components/input/input.css';
import 'antd-mobile/es/components/stepper/stepper.css';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';
import styles from '../detail.module.css';

/** Copies stepper, 1..maxCopies; hidden when only one copy may be bought. */
export function CopiesSection({ manifest, selection, select }: DetailSectionProps) {
  const max = manifest.pricing.maxCopies;
  if (max <= 1) return null;
  return (
    <SectionCard heading="h2" title="购买份数">
      <div className={`${styles.factorRow} ${styles.copiesRow}`}>
        <span className={styles.factorName}>每位被保人最多{max}份</span>
        <CopiesStepper name="购买份数" max={max} value={selection.copies} onChange={(copies) => select({ copies })} />
      </div>
    </SectionCard>
  );
}

/**
 * A whole-number stepper, 1..max, with antd-mobile's Stepper markup and CSS (its Button, which
 * the home route already has, and its icons) but neither its Input nor its decimal arithmetic
 * (@rc-component/mini-decimal): about 5 KB gzip off the detail page
 * (docs/performance.md). As antd-mobile's: typing sets the value (kept within 1..max), focus shows
 * and selects the number, blur shows the value. Unlike antd-mobile's, the number input has a name
 * and its wrapper no misplaced aria-value* attributes. 44 px buttons and a 44 px number between
 * them (inside the 2 px dividers): tapped with a thumb.
 */
function CopiesStepper({ name, max, value, onChange }: { name: string; max: number; value: number; onChange: (value: number) => void }) {
  const [text, setText] = useState<string | null>(null);
  const set = (next: number) => {
    const bounded = Math.min(Math.max(Math.round(next), 1), max);
    if (bounded !== value) onChange(bounded);
  };
  return (
    <div
      className={`adm-stepper ${text !== null ? 'adm-stepper-active' : ''}`}
      style={{ '--height': '44px', '--button-width': '44px', '--input-width': '48px' } as CSSProperties}
    >
      <Button className="adm-stepper-minus" fill="none" shape="rectangular" color="primary" aria-label="减少" disabled={value <= 1} onClick={() => set(value - 1)}>
        <MinusOutline />
      </Button>
      <div className="adm-stepper-middle">
        <div className="adm-input adm-stepper-input">
          <input
            className={`adm-input-element ${styles.stepperNumber}`}
            inputMode="decimal"
            role="spinbutton"
            aria-label={name}
            aria-valuenow={value}
            aria-valuemin={1}
            aria-valuemax={max}
            value={text ?? String(value)}
            onFocus={(event) => {
              setText(String(value));
              event.currentTarget.select();
            }}
            onChange={(event) => {
              setText(event.target.value);
              const parsed = Number.parseFloat(event.target.value.trim());
              set(Number.isNaN(parsed) ? 1 : parsed);
            }}
            onBlur={() => setText(null)}
          />
        </div>
      </div>
      <Button className="adm-stepper-plus" fill="none" shape="rectangular" color="primary" aria-label="增加" disabled={value >= max} onClick={() => set(value + 1)}>
        <AddOutline />
      </Button>
    </div>
  );
}
