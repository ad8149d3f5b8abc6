import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';
import styles from '../detail.module.css';

export function FeaturesSection({ manifest }: DetailSectionProps) {
  const { features } = manifest.detail;
  if (features.length === 0) return null;
  return (
    <SectionCard className={styles.features} label="产品亮点">
      {features.map((feature, i) => (
        <div key={feature.title} className={styles.feature}>
          <span className={styles.featureIndex}>{String(i + 1).padStart(2, '0')}</span>
          <div>
            <h3 className={styles.featureTitle}>{feature.title}</h3>
            <p className={styles.featureText}>{feature.text}</p>
          </div>
        </div>
      ))}
    </SectionCard>
  );
}
