import { useCallback, useEffect, useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { AppLink } from '../../../../shared/ui/app-link.tsx';
import type { DevCatalogue, DevCatalogueEntry } from '../../../../../contract/product.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { NotFoundResult } from '../../../../shared/ui/not-found-result.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { fetchDevCatalogue, previewLinks } from './dev-catalogue.ts';
import styles from './catalogue-preview-screen.module.css';

type State = { phase: 'loading' } | { phase: 'off' } | { phase: 'error'; message: string } | { phase: 'ready'; catalogue: DevCatalogue };

/**
 * `/catalogue` (development only): every manifest file with its validation
 * status and problems, read again on every visit, and links to its rendered
 * detail, insure and confirm pages. Absent when the server has no
 * development endpoints.
 */
export default function CataloguePreviewScreen() {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const load = useCallback(() => {
    setState({ phase: 'loading' });
    fetchDevCatalogue().then(
      (catalogue) => setState(catalogue ? { phase: 'ready', catalogue } : { phase: 'off' }),
      (error: unknown) => setState({ phase: 'error', message: error instanceof Error ? error.message : '加载失败' }),
    );
  }, []);
  useEffect(load, [load]);

  return (
    <AppPage
      title="产品目录预览"
      right={
        state.phase === 'ready' ? (
          <Button size="mini" fill="none" onClick={load}>
            刷新
          </Button>
        ) : undefined
      }
    >
      {state.phase === 'loading' && <PageLoading />}
      {state.phase === 'off' && <NotFoundResult description="产品目录预览仅在开发环境提供" />}
      {state.phase === 'error' && <LoadError description={state.message} onRetry={load} />}
      {state.phase === 'ready' && <CatalogueList catalogue={state.catalogue} />}
    </AppPage>
  );
}

function CatalogueList({ catalogue }: { catalogue: DevCatalogue }) {
  const bad = catalogue.list.filter((e) => !e.valid).length;
  return (
    <>
      <p className={styles.summary} data-testid="catalogue-summary">
        共 {catalogue.list.length} 个产品清单，{bad === 0 ? '全部通过校验' : `${bad} 个有问题`}
        <br />
        <span className={styles.dir}>{catalogue.manifestsDir}</span>
      </p>
      {catalogue.list.map((entry) => (
        <CatalogueEntry key={entry.file} entry={entry} />
      ))}
    </>
  );
}

function CatalogueEntry({ entry }: { entry: DevCatalogueEntry }) {
  return (
    <section
      className={`${styles.entry} ${entry.valid ? '' : styles.entryBad}`}
      aria-label={entry.productName || entry.id}
      data-testid="catalogue-entry"
      data-valid={entry.valid}
    >
      <div className={styles.head}>
        <span className={`${styles.dot} ${entry.valid ? '' : styles.dotBad}`} aria-label={entry.valid ? '校验通过' : '校验失败'} />
        <h2 className={styles.name}>{entry.productName || entry.id}</h2>
      </div>
      <p className={styles.meta}>
        {entry.productCode || '（无产品代码）'}
        {entry.aliasCodes.length > 0 && ` · 别名 ${entry.aliasCodes.join('、')}`} · {entry.file}
      </p>
      <div className={styles.tags}>
        <Tag color={entry.valid ? 'success' : 'danger'}>{entry.valid ? '校验通过' : `${entry.problems.length} 个问题`}</Tag>
        <Tag color={entry.status === 'online' ? 'primary' : 'default'} fill="outline">
          {entry.status === 'online' ? '在售' : '已下架'}
        </Tag>
        {entry.loginRequired && (
          <Tag color="warning" fill="outline">
            需登录
          </Tag>
        )}
        {entry.valid && !entry.served && (
          <Tag color="warning">已修改，重启后生效</Tag>
        )}
      </div>
      {entry.problems.length > 0 && (
        <ul className={styles.problems}>
          {entry.problems.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {entry.valid && (
        <nav className={styles.links} aria-label="预览">
          {previewLinks(entry).map((link) => (
            <AppLink key={link.to} to={link.to}>
              {link.label}
            </AppLink>
          ))}
        </nav>
      )}
    </section>
  );
}
