import { useEffect, useMemo } from 'react';
import { Button } from 'antd-mobile';
import { useLocation, useSearchParams } from 'react-router-dom';
import { paths, ROUTES } from '../../../../app/paths.ts';
import { useAppNavigate, useGoBack } from '../../../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { NotFoundResult } from '../../../../shared/ui/not-found-result.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { useProtocolReading } from '../../state/insure-flow.ts';
import styles from '../../components/protocol/protocol-reading.module.css';
import { clauseMarkup, useProductClauses } from '../../components/protocol/use-product-clauses.ts';

/**
 * One clause of a product, `?productCode=&no=` (1-based, as displayNo).
 * /commonProtocolRead counts it as read for the insure step (with 上一份 /
 * 下一份 through the product's clauses); /viewClause only shows it (from a
 * policy or a detail page, where nothing is being agreed to).
 */
export default function ClauseViewScreen() {
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const productCode = query.get('productCode') ?? '';
  const no = Number(query.get('no') ?? '1');
  const counts = pathname === ROUTES.commonProtocolRead;
  const state = useProductClauses(productCode);
  const names = useMemo(() => (state.phase === 'ready' ? state.items.map((i) => i.name) : []), [state]);
  const reading = useProtocolReading(productCode, names);
  const navigate = useAppNavigate();
  const goBack = useGoBack();
  const item = state.phase === 'ready' && Number.isInteger(no) ? state.items[no - 1] : undefined;
  const { markRead } = reading;

  useEffect(() => {
    if (counts && item) markRead(item.name);
  }, [counts, item, markRead]);

  return (
    <AppPage title={item?.name ?? '条款详情'} hasBottomBar={item !== undefined}>
      {state.phase === 'loading' && <PageLoading />}
      {(state.phase === 'notFound' || (state.phase === 'ready' && !item)) && <NotFoundResult description="条款不存在" />}
      {state.phase === 'error' && <LoadError description={state.message} onRetry={state.retry} />}
      {item && state.phase === 'ready' && (
        <>
          <article className={styles.clause} data-testid="clause">
            <h1>{item.name}</h1>
            <div dangerouslySetInnerHTML={clauseMarkup(item)} />
          </article>
          <BottomBar>
            {counts ? (
              <div className={styles.clauseNav}>
                <Button shape="rounded" disabled={no <= 1} onClick={() => navigate(paths.clause(productCode, no - 1, true), { replace: true })}>
                  上一份
                </Button>
                {no < state.items.length ? (
                  <Button color="primary" shape="rounded" onClick={() => navigate(paths.clause(productCode, no + 1, true), { replace: true })}>
                    下一份（已阅读 {reading.readCount}/{state.items.length}）
                  </Button>
                ) : (
                  <Button color="primary" shape="rounded" onClick={goBack}>
                    阅读完毕（{reading.readCount}/{state.items.length}）
                  </Button>
                )}
              </div>
            ) : (
              <Button block color="primary" shape="rounded" onClick={goBack}>
                返回
              </Button>
            )}
          </BottomBar>
        </>
      )}
    </AppPage>
  );
}
