import { useState } from 'react';
import { useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { LightTabs } from '../../../../shared/ui/light-tabs.tsx';
import { ReadOnlyRate } from '../../../../shared/ui/read-only-rate.tsx';
import type { RatingRecord } from '../../../../../contract/ratings.ts';
import { COMMENT_NODE, COMMENT_NODE_NAMES, COMMENT_NODES, type CommentNode } from '../../../../../engine/ratings/ratings.ts';
import { queries } from '../../../../shared/api/queries.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import styles from './confirm.module.css';
import '../../../../shared/ui/a11y/tabs.css';

/** Spec §9: the confirm page's widget shows the first two ratings of a tab. */
export const WIDGET_PAGE_SIZE = 2;

type TabState = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; list: RatingRecord[]; total: number };

/**
 * The review widget of the confirm page (spec §2): the first two ratings of
 * the insurance service (tab 1) and claim service (tab 2), and 查看更多 to
 * the full list. A failed call shows a line, never breaks the page.
 */
export function ReviewWidget({ productCode }: { productCode: string }) {
  const navigate = useAppNavigate();
  const [node, setNode] = useState<CommentNode>(COMMENT_NODE.policy);
  const query = useAppQuery(queries.ratingHead(productCode, node, WIDGET_PAGE_SIZE));
  const state: TabState = query.isPending
    ? { phase: 'loading' }
    : query.isError && !query.data
      ? { phase: 'failed' }
      : { phase: 'ready', list: query.data?.list ?? [], total: query.data?.total ?? 0 };

  return (
    <section className={styles.card} aria-label="用户评价" data-testid="review-widget">
      <header className={`${styles.cardHeader} ${styles.reviewHeader}`}>
        <h3 className={styles.cardTitle}>用户评价</h3>
        <button type="button" className={styles.reviewMore} onClick={() => navigate(paths.estimateList(productCode))}>
          查看更多 ›
        </button>
      </header>
      <LightTabs
        tabs={COMMENT_NODES.map((key) => ({ key, title: `${COMMENT_NODE_NAMES[key]}评价` }))}
        activeKey={node}
        onChange={(key) => setNode(key as CommentNode)}
        style={{ '--title-font-size': '14px' }}
      />
      {state.phase === 'loading' && <p className={styles.reviewNote}>获取数据...</p>}
      {state.phase === 'failed' && <p className={styles.reviewNote}>获取数据失败...</p>}
      {state.phase === 'ready' && state.list.length === 0 && <p className={styles.reviewNote}>暂无评价</p>}
      {state.phase === 'ready' && state.list.length > 0 && (
        <ul className={styles.reviews}>
          {state.list.map((record) => (
            <li key={record.id} className={styles.review} data-testid="review-item">
              <div className={styles.reviewHead}>
                <span>{record.loginAccount}</span>
                <ReadOnlyRate value={Math.round((record.commentStatistics[0]?.score ?? 0) * 2) / 2} style={{ '--star-size': '12px', '--active-color': '#ffc53d' }} />
              </div>
              {record.text && <p className={styles.reviewText}>{record.text}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
