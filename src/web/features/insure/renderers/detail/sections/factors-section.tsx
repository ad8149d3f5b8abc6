import { Selector } from 'antd-mobile';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';
import styles from '../detail.module.css';
import '../../../../../shared/ui/a11y/selector.css';

/** One single-choice picker per pricing factor (e.g. 有无社保). */
export function FactorsSection({ manifest, selection, select }: DetailSectionProps) {
  const { factors } = manifest.pricing;
  if (factors.length === 0) return null;
  return (
    <SectionCard heading="h2" title="投保选项">
      {factors.map((factor) => (
        <div key={factor.code} className={styles.factorRow}>
          <span className={styles.factorName}>{factor.name}</span>
          <Selector
            // Up to three choices side by side; more wrap two per row so labels like 18-30周岁 stay on one line.
            columns={factor.options.length <= 3 ? factor.options.length : 2}
            options={factor.options.map((o) => ({ label: o.label, value: o.value }))}
            value={[selection.factors[factor.code] ?? factor.default]}
            onChange={(values) => {
              const value = values[0];
              if (value !== undefined) select({ factors: { [factor.code]: value } });
            }}
            showCheckMark={false}
            style={{ '--padding': '6px 12px', flex: 1 }}
          />
        </div>
      ))}
    </SectionCard>
  );
}
