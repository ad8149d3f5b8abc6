import { Skeleton } from 'antd-mobile';
import { ReadOnlyRate } from '../../../../../shared/ui/read-only-rate.tsx';
import type { RatingStats } from '../../../../../../contract/ratings.ts';
import { formatCommentCount, formatScore } from '../../../../../../engine/ratings/ratings.ts';
import { paths } from '../../../../../app/paths.ts';
import { useAppNavigate } from '../../../../../app/use-app-navigate.ts';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';
import { useQueryModule, type QueryModuleState } from '../../../../../shared/ui/use-query-module.ts';
import styles from '../detail.module.css';

type StatsState = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; stats: RatingStats };

/**
 * Rating summary (spec §3 Rating stats, §9): the mean score with stars and
 * the number of ratings, 999+ above three digits; 查看全部 opens the list.
 * Without any rating the section is not shown.
 * A failed statistics call hides the numbers, never the page.
 * Below the page's first view, so its statistics query waits for the query
 * library, which the page asks for when idle (useQueryModule).
 */
export function RatingSection({ manifest }: DetailSectionProps) {
  const library = useQueryModule();
  if (library.status === 'ready') return <RatingStatsSummary productCode={manifest.productCode} library={library.module} />;
  return <RatingSummary productCode={manifest.productCode} state={library.status === 'failed' ? { phase: 'failed' } : { phase: 'loading' }} />;
}

type QueryLibrary = Extract<QueryModuleState, { status: 'ready' }>['module'];

function RatingStatsSummary({ productCode, library }: { productCode: string; library: QueryLibrary }) {
  const query = library.useAppQuery(library.queries.ratingStats(productCode));
  const state: StatsState = query.isPending ? { phase: 'loading' } : query.data ? { phase: 'ready', stats: query.data } : { phase: 'failed' };
  return <RatingSummary productCode={productCode} state={state} />;
}

function RatingSummary({ productCode, state }: { productCode: string; state: StatsState }) {
  const navigate = useAppNavigate();
  const open = () => navigate(paths.estimateList(productCode));
  const count = state.phase === 'ready' ? state.stats.commentNum : 0;
  // A product nobody has rated yet (every new manifest) shows no rating section at all.
  if (state.phase === 'ready' && count === 0) return null;
  return (
    <SectionCard
      heading="h2"
      title="用户评价"
      testId="rating-summary"
      extra={
        count > 0 ? (
          <button type="button" className={styles.ratingMore} onClick={open}>
            查看全部 ›
          </button>
        ) : undefined
      }
    >
      {state.phase === 'loading' && <Skeleton.Paragraph lineCount={1} animated />}
      {state.phase === 'failed' && <p className={styles.ratingEmpty}>评价暂时无法加载</p>}
      {state.phase === 'ready' &&
        (count === 0 ? (
          <p className={styles.ratingEmpty}>暂无评价，投保后欢迎分享您的体验</p>
        ) : (
          <button type="button" className={styles.ratingSummary} onClick={open} aria-label={`评分${formatScore(state.stats.score, count)}，${formatCommentCount(count)}条评价`}>
            <span className={styles.ratingScore} data-testid="rating-score">
              {formatScore(state.stats.score, count)}
            </span>
            <ReadOnlyRate value={Math.round(state.stats.score * 2) / 2} style={{ '--star-size': '16px', '--active-color': '#ffc53d' }} />
            <span className={styles.ratingCount}>
              <strong data-testid="rating-count">{formatCommentCount(count)}</strong> 条评价
            </span>
          </button>
        ))}
    </SectionCard>
  );
}
