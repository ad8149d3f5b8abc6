import { useId } from 'react';
import { DownOutline } from 'antd-mobile-icons';
import 'antd-mobile/es/components/list/list.css';
import 'antd-mobile/es/components/collapse/collapse.css';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';
import styles from '../detail.module.css';

/**
 * The FAQ: one answer open at a time. `<details name>` (an exclusive group) with antd-mobile's
 * Collapse markup and CSS, so the same look without Collapse's JS, which animates the height
 * with @react-spring/web (about 17 KB gzip on the detail page's first paint,
 * docs/performance.md). The answer opens at once instead of sliding.
 */
export function FaqSection({ manifest }: DetailSectionProps) {
  const group = useId();
  const { faq } = manifest.detail;
  if (faq.length === 0) return null;
  return (
    <SectionCard heading="h2" title="常见问题">
      <div className={`adm-collapse ${styles.collapse}`}>
        <div className="adm-list adm-list-default">
          <div className="adm-list-body">
            <div className="adm-list-body-inner">
              {faq.map((item, i) => (
                <details key={String(i)} name={group} className={styles.faqItem}>
                  <summary className={`adm-list-item adm-collapse-panel-header ${styles.faqQuestion}`}>
                    <div className="adm-list-item-content">
                      <div className="adm-list-item-content-main">{item.q}</div>
                      <div className="adm-list-item-content-arrow">
                        <div className={`adm-collapse-arrow ${styles.faqArrow}`}>
                          <DownOutline />
                        </div>
                      </div>
                    </div>
                  </summary>
                  <div className="adm-collapse-panel-content adm-collapse-panel-content-active">
                    <div className="adm-collapse-panel-content-inner">
                      <div className="adm-list-item">
                        <div className="adm-list-item-content">
                          <div className="adm-list-item-content-main">
                            <p className={styles.answer}>{item.a}</p>
                          </div>
                        </div>
                      </div>
                    </div>
                  </div>
                </details>
              ))}
            </div>
          </div>
        </div>
      </div>
    </SectionCard>
  );
}
