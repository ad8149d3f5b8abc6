import { useMemo, useState } from 'react';
import { useAppInfiniteQuery, useAppQueryClient } from '../../../../shared/api/query-hooks.ts';
import { InfiniteScroll, Skeleton, Tabs, Tag } from 'antd-mobile';
import { ReadOnlyRate } from '../../../../shared/ui/read-only-rate.tsx';
import { useSearchParams } from 'react-router-dom';
import { COMMENT_NODE, COMMENT_NODE_NAMES, COMMENT_NODES, type CommentNode } from '../../../../../engine/ratings/ratings.ts';
import { queries } from '../../../../shared/api/queries.ts';
import { RATING_PAGE_SIZE } from '../../../../shared/api/ratings.ts';
import { refreshFirstPage } from '../../../../shared/ui/infinite-list.ts';
import { useRetryQuery } from '../../../../shared/ui/query-state.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { PullToRefresh } from '../../../../shared/ui/lazy-pull-to-refresh.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { addPage, EMPTY_PAGES, type RatingPages } from './rating-pages.ts';
import styles from './estimate-list-screen.module.css';
import '../../../../shared/ui/a11y/tabs.css';

type ListState = { phase: 'loading' } | { phase: 'error'; message: string } | ({ phase: 'ready' } & RatingPages);

/** Spec §8: what the list says when its first page fails. */
const LOAD_FAILED = '获取数据失败...';

/**
 * `/estimateList?productCode` (log-in): the product's ratings, insurance
 * service (00) and claim service (01) in two tabs, 15 a page (spec §4 Rating
 * list, §8 messages).
 */
export default function EstimateListScreen() {
  const [params] = useSearchParams();
  const productCode = params.get('productCode') ?? '';
  const [node, setNode] = useState<CommentNode>(COMMENT_NODE.policy);
  const queryClient = useAppQueryClient();
  const options = queries.ratingPages(productCode, node);
  const pages = useAppInfiniteQuery({ ...options, enabled: productCode !== '' });
  const retry = useRetryQuery(options.queryKey);
  // The pages in order through the paging rule (a rating seen on an earlier page is not shown twice).
  const loaded = useMemo(
    () => pages.data?.pages.reduce<RatingPages>((s, items, i) => addPage(s, (pages.data?.pageParams[i] as number | undefined) ?? i + 1, items, RATING_PAGE_SIZE), EMPTY_PAGES),
    [pages.data],
  );
  const state: ListState = loaded ? { phase: 'ready', ...loaded } : pages.isError ? { phase: 'error', message: LOAD_FAILED } : { phase: 'loading' };

  /** Pull to refresh: page 1 again, the later pages dropped (spec §4). */
  const reload = () => refreshFirstPage(queryClient, options.queryKey);
  /** A rejection lets InfiniteScroll offer 点击重试. */
  const loadMore = async () => {
    await pages.fetchNextPage({ throwOnError: true });
  };

  return (
    <AppPage title="用户评价">
      <div className={styles.tabs}>
        <Tabs activeKey={node} onChange={(key) => setNode(key as CommentNode)}>
          {COMMENT_NODES.map((key) => (
            <Tabs.Tab key={key} title={COMMENT_NODE_NAMES[key]} />
          ))}
        </Tabs>
      </div>
      {!productCode && <StatusBlock kind="empty" title="缺少产品编码" description="请从产品详情页进入评价列表" />}
      {productCode && state.phase === 'loading' && (
        <div className={styles.list} role="status" aria-busy="true" aria-label="获取数据...">
          {[0, 1, 2].map((i) => (
            <div key={i} className={styles.item}>
              <Skeleton.Paragraph lineCount={2} animated />
            </div>
          ))}
        </div>
      )}
      {productCode && state.phase === 'error' && (
        <LoadError description={state.message} onRetry={retry} />
      )}
      {productCode && state.phase === 'ready' && (
        <PullToRefresh onRefresh={reload}>
          {state.list.length === 0 ? (
            <StatusBlock kind="empty" title="暂无评价" description="还没有人评价，投保后欢迎分享您的体验" />
          ) : (
            <>
              <ul className={styles.list}>
                {state.list.map((record) => (
                  <li key={record.id} className={styles.item} data-testid="rating-item">
                    <div className={styles.head}>
                      <span className={styles.account}>{record.loginAccount}</span>
                      <span className={styles.time}>{record.createTime.slice(0, 10)}</span>
                    </div>
                    <ReadOnlyRate value={Math.round((record.commentStatistics[0]?.score ?? 0) * 2) / 2} style={{ '--star-size': '14px', '--active-color': '#ffc53d' }} />
                    {record.text && <p className={styles.text}>{record.text}</p>}
                    {record.tags.length > 0 && (
                      <div className={styles.tags}>
                        {record.tags.map((tag) => (
                          <Tag key={tag} color="warning" fill="outline">
                            {tag}
                          </Tag>
                        ))}
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              <InfiniteScroll loadMore={loadMore} hasMore={!state.finished && pages.hasNextPage}>
                {(hasMore, failed, retry) =>
                  failed ? (
                    <button type="button" className={styles.more} onClick={retry}>
                      获取数据失败...点击重试
                    </button>
                  ) : (
                    <span className={styles.more}>{hasMore ? '获取数据...' : '没有更多数据...'}</span>
                  )
                }
              </InfiniteScroll>
            </>
          )}
        </PullToRefresh>
      )}
    </AppPage>
  );
}
