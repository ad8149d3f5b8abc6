import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from './section-card.tsx';
import styles from '../detail.module.css';

/** Age limit, sales area, insurance period and who is covered. */
export function InfoSection({ manifest }: DetailSectionProps) {
  const { ageLimit, salesArea, insurancePeriod, securityObject } = manifest.detail;
  const rows: [string, string][] = [
    ['投保年龄', ageLimit],
    ['销售区域', salesArea],
    ['保险期间', insurancePeriod],
    ['保障对象', securityObject],
  ];
  return (
    <SectionCard title="投保须知">
      <dl className={styles.infoList}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.infoRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
