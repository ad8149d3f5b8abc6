import { useMemo, type ReactNode } from 'react';
import { type QueryKey } from '@tanstack/react-query';
import { useAppQueryClient } from '../../../shared/api/query-hooks.ts';
import { InfiniteScroll } from 'antd-mobile';
import { isNotPromoter, type PromoterPage } from '../api/promoter-area.ts';
import { refreshFirstPage } from '../../../shared/ui/infinite-list.ts';
import { PullToRefresh } from '../../../shared/ui/lazy-pull-to-refresh.tsx';
import { CardList, CardSkeleton } from '../../../shared/ui/layout/section-card.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { errorMessage, useRetryQuery } from '../../../shared/ui/query-state.ts';
import { StatusBlock } from '../../../shared/ui/status-block.tsx';
import { NotPromoter } from './not-promoter.tsx';
import styles from './promoter.module.css';

/** What the list needs of `useInfiniteQuery`'s result. */
export interface PagedQuery<P> {
  data: { pages: P[] } | undefined;
  isError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  fetchNextPage: (options: { throwOnError: boolean }) => Promise<unknown>;
}

/** The end of a list: loading, failed (tap to retry) or 没有更多数据. */
export const END_TEXT = { more: '加载中…', failed: '加载失败，点击重试', done: '没有更多数据' } as const;

/**
 * A paged list of the promoter area with every state: a skeleton while the
 * first page loads, 仅推广人员可访问 on 4003, the error with 重试, the empty
 * state, then the rows, more pages as the list scrolls and 没有更多数据 at
 * the end. Pull to refresh reloads page 1.
 */
export function PromoterPagedList<T, P extends PromoterPage<T>>({
  query,
  queryKey,
  keyOf,
  renderItem,
  empty,
  header,
  testId,
}: {
  query: PagedQuery<P>;
  queryKey: QueryKey;
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  empty: { title: string; description?: string; action?: ReactNode };
  /** Above the rows and the empty state, from the first page (a count, a summary). */
  header?: (first: P) => ReactNode;
  testId?: string;
}) {
  const queryClient = useAppQueryClient();
  const retry = useRetryQuery(queryKey);
  const pages = query.data?.pages;
  // A row already shown (the list moved between two pages) is not shown twice.
  const items = useMemo(() => {
    if (!pages) return undefined;
    const seen = new Set<string>();
    return pages.flatMap((page) => page.list).filter((item) => {
      const key = keyOf(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [pages, keyOf]);

  if (!items || !pages?.[0]) {
    if (query.isError) return isNotPromoter(query.error) ? <NotPromoter /> : <LoadError description={errorMessage(query.error)} onRetry={retry} />;
    return <CardSkeleton count={3} testId="promoter-loading" />;
  }
  const loadMore = async () => {
    await query.fetchNextPage({ throwOnError: true });
  };
  return (
    <PullToRefresh onRefresh={() => refreshFirstPage(queryClient, queryKey)}>
      {header?.(pages[0])}
      {items.length === 0 ? (
        <StatusBlock kind="empty" title={empty.title} description={empty.description}>
          {empty.action}
        </StatusBlock>
      ) : (
        <>
          <CardList testId={testId}>
            {items.map((item) => (
              <li key={keyOf(item)}>{renderItem(item)}</li>
            ))}
          </CardList>
          <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>
            {(hasMore, failed, retryMore) =>
              failed ? (
                <button type="button" className={styles.end} onClick={retryMore}>
                  {END_TEXT.failed}
                </button>
              ) : (
                <span className={styles.end}>{hasMore ? END_TEXT.more : END_TEXT.done}</span>
              )
            }
          </InfiniteScroll>
        </>
      )}
    </PullToRefresh>
  );
}
