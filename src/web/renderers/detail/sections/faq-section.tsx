import { Collapse } from 'antd-mobile';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../components/layout/section-card.tsx';
import styles from '../detail.module.css';

export function FaqSection({ manifest }: DetailSectionProps) {
  const { faq } = manifest.detail;
  if (faq.length === 0) return null;
  return (
    <SectionCard heading="h2" title="常见问题">
      <Collapse accordion className={styles.collapse}>
        {faq.map((item, i) => (
          <Collapse.Panel key={String(i)} title={item.q}>
            <p className={styles.answer}>{item.a}</p>
          </Collapse.Panel>
        ))}
      </Collapse>
    </SectionCard>
  );
}
