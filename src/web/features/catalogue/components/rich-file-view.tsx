import { queries } from '../../../shared/api/queries.ts';
import { readMarketChoice } from '../state/market-choice.ts';
import { AppPage } from '../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../shared/ui/status-block.tsx';
import styles from './market.module.css';
import { RichText } from './rich-text.tsx';
import { useLoadedQuery } from '../../../shared/ui/query-state.ts';

/** A document of edu-svc wxb/_bai/selectFileById, sanitised; optionally the service desk of the current market below it. */
export function RichFileView({ id, fallbackTitle, withContact = false }: { id: string; fallbackTitle: string; withContact?: boolean }) {
  const current = readMarketChoice().current;
  const [state, reload] = useLoadedQuery(queries.richFile(id, withContact ? (current ? { marketId: current } : {}) : null));
  const title = state.status === 'ready' ? state.data.file.title : fallbackTitle;
  return (
    <AppPage title={title}>
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'error' &&
        (state.message === '文件不存在' || state.message === '缺少文件编号' ? (
          <StatusBlock kind="empty" title="内容不存在" description="链接可能已失效" />
        ) : (
          <LoadError description={state.message} onRetry={reload} />
        ))}
      {state.status === 'ready' && (
        <>
          <RichText html={state.data.file.html} />
          {state.data.contact && (
            <footer className={styles.contact} data-testid="service-contact">
              {state.data.contact.name}：<a href={`tel:${state.data.contact.phone}`}>{state.data.contact.phone}</a>
              {state.data.contact.hours && `（${state.data.contact.hours}）`}
            </footer>
          )}
        </>
      )}
    </AppPage>
  );
}
