import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';
import styles from '../detail.module.css';

/** Insurance notice paragraphs (投保须知 / 重要提示). */
export function NoticeSection({ manifest }: DetailSectionProps) {
  return (
    <SectionCard heading="h2" title="重要提示">
      <ol className={styles.notice}>
        {manifest.detail.notice.map((paragraph) => (
          <li key={paragraph}>{paragraph}</li>
        ))}
      </ol>
    </SectionCard>
  );
}
