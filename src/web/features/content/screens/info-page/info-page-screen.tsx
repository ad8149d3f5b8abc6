import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ContentPage } from '../../../../../contract/content.ts';
import { ErrorCode } from '../../../../../contract/envelope.ts';
import { ApiError } from '../../../../shared/api/client.ts';
import { infoApi } from '../../../../shared/api/info.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { NotFoundResult } from '../../../../shared/ui/not-found-result.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { INFO_PAGES } from './info-pages.ts';
import { ContentBlocks } from './content-blocks.tsx';
import styles from './info-page.module.css';

type State = { phase: 'loading' } | { phase: 'ready'; page: ContentPage } | { phase: 'notFound' } | { phase: 'error'; message: string };

/**
 * Every information and agreement page (/registerKnow, /hideClare,
 * /insuranceClauses, …): the route names a content document
 * (content/pages/<slug>.md, served by content/_bai/page/:slug), rendered as
 * headings, paragraphs and lists.
 */
export default function InfoPageScreen() {
  const { pathname } = useLocation();
  const slug = pathname.replace(/^\//, '');
  const fallbackTitle = INFO_PAGES.find((p) => p.slug === slug)?.title ?? '';
  const [state, setState] = useState<State>({ phase: 'loading' });

  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    try {
      setState({ phase: 'ready', page: await infoApi.contentPage(slug, { silent: true }) });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.NotFound) setState({ phase: 'notFound' });
      else setState({ phase: 'error', message: error instanceof Error ? error.message : '加载失败' });
    }
  }, [slug]);

  useEffect(() => {
    void load();
  }, [load]);

  const title = state.phase === 'ready' ? state.page.title : fallbackTitle;
  return (
    <AppPage title={title}>
      {state.phase === 'loading' && <PageLoading />}
      {state.phase === 'notFound' && <NotFoundResult description="页面不存在" />}
      {state.phase === 'error' && <LoadError description={state.message} onRetry={() => void load()} />}
      {state.phase === 'ready' && (
        <article className={styles.doc} data-testid="info-page">
          <h1 className={styles.title}>{state.page.title}</h1>
          <p className={styles.updated}>更新日期：{state.page.updated}</p>
          <ContentBlocks blocks={state.page.blocks} />
        </article>
      )}
    </AppPage>
  );
}
