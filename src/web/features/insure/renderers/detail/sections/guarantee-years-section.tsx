import { Selector } from 'antd-mobile';
import { guaranteeYearsOf, offersGuaranteeYears } from '../../../../../../engine/pricing/premium.ts';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';
import styles from '../detail.module.css';
import '../../../../../shared/ui/a11y/selector.css';

/**
 * Guarantee years picker (保障年限, spec §3 allowed guarantee years): one
 * single-choice option per allowed value; hidden when only one is allowed.
 * The premium is the one-year premium × the years and cover lasts as many
 * times the product's months (the engine's computePremium and coverPeriod).
 */
export function GuaranteeYearsSection({ manifest, selection, select }: DetailSectionProps) {
  if (!offersGuaranteeYears(manifest)) return null;
  const years = guaranteeYearsOf(manifest);
  return (
    <SectionCard heading="h2" title="保障年限" testId="guarantee-years">
      <div className={styles.factorRow}>
        <span className={styles.factorName}>可选年限</span>
        <Selector
          columns={years.length}
          options={years.map((n) => ({ label: `${n}年`, value: String(n) }))}
          value={[String(selection.years)]}
          onChange={(values) => {
            const value = values[0];
            if (value !== undefined) select({ years: Number(value) });
          }}
          showCheckMark={false}
          style={{ '--padding': '6px 12px', flex: 1 }}
        />
      </div>
    </SectionCard>
  );
}
