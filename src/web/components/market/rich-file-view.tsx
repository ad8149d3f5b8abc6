import type { RichFile } from '../../../contract/market.ts';
import { api } from '../../api/endpoints.ts';
import { readMarketChoice } from '../../state/market-choice.ts';
import { AppPage } from '../app-page.tsx';
import { LoadError } from '../load-error.tsx';
import { PageLoading } from '../page-loading.tsx';
import { StatusBlock } from '../status-block.tsx';
import styles from './market.module.css';
import { RichText } from './rich-text.tsx';
import { useLoad } from './use-load.ts';

type Contact = { name: string; phone: string; hours: string };

/** A document of edu-svc wxb/_bai/selectFileById, sanitised; optionally the service desk of the current market below it. */
export function RichFileView({ id, fallbackTitle, withContact = false }: { id: string; fallbackTitle: string; withContact?: boolean }) {
  const [state, reload] = useLoad<{ file: RichFile; contact: Contact | null }>(id, async () => {
    if (!id) throw new Error('缺少文件编号');
    const current = readMarketChoice().current;
    const [file, contact] = await Promise.all([
      api.selectFileById(id, { silent: true }),
      withContact ? api.tourContactPerson(current ? { marketId: current } : {}, { silent: true }).catch(() => null) : Promise.resolve(null),
    ]);
    if (!file) throw new Error('文件不存在');
    return { file, contact };
  });
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
