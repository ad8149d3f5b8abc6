import { guaranteeRows, needsNoticeBar } from '../selection.ts';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';
import { MarqueeText } from '../../../../../shared/ui/marquee-text.tsx';
import styles from '../detail.module.css';

/** Guarantee table of the selected plan: duties by weight, long names scrolling in a notice bar. */
export function GuaranteeSection({ plan, selection }: DetailSectionProps) {
  const rows = guaranteeRows(plan, selection.copies);
  return (
    <SectionCard heading="h2" title="保障内容" extra={<span className={styles.cardExtra}>{plan.name}</span>} testId="guarantee">
      <dl className={styles.guarantee}>
        {rows.map((row) => (
          <div key={row.key} className={styles.guaranteeRow}>
            <dt className={styles.guaranteeName}>
              {needsNoticeBar(row.limitName) ? (
                <MarqueeText
                  content={row.limitName}
                  speed={40}
                  delay={1000}
                  style={{
                    '--background-color': 'transparent',
                    '--border-color': 'transparent',
                    '--text-color': '#333',
                    '--font-size': '14px',
                    '--height': '22px',
                  }}
                  className={styles.noticeBar}
                />
              ) : (
                row.limitName
              )}
            </dt>
            <dd className={styles.guaranteeValue}>{row.showValue}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
