import { Tag } from 'antd-mobile';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';
import styles from '../detail.module.css';

/** Underwriting insurers, the lead insurer (partyRole 1) first. */
export function InsurersSection({ manifest }: DetailSectionProps) {
  const insurers = [...manifest.insurers].sort((a, b) => a.partyRole - b.partyRole);
  return (
    <SectionCard heading="h2" title="承保公司">
      <ul className={styles.insurers}>
        {insurers.map((insurer) => (
          <li key={insurer.name} className={styles.insurer}>
            <img src={insurer.logoUrl ?? '/img/insurer-default.svg'} alt="" width={36} height={36} loading="lazy" />
            <div className={styles.insurerText}>
              <span className={styles.insurerName}>{insurer.name}</span>
              <span className={styles.insurerArea}>承保地区：{insurer.insuringAreaName}</span>
            </div>
            <Tag color={insurer.partyRole === 1 ? 'primary' : 'default'} fill="outline">
              {insurer.partyRole === 1 ? '主承保' : '共保'}
            </Tag>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
