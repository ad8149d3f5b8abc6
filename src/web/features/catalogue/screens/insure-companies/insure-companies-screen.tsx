import { queries } from '../../../../shared/api/queries.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import styles from '../../components/market.module.css';
import { useLoadedQuery } from '../../../../shared/ui/query-state.ts';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';

/** /insureCompanies: the insurers behind the catalogue's products; each opens its profile (/richTextPage). */
export default function InsureCompaniesScreen() {
  const navigate = useAppNavigate();
  const [state, reload] = useLoadedQuery(queries.files('insurer'));
  return (
    <AppPage title="合作保险公司">
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'error' && <LoadError description={state.message} onRetry={reload} />}
      {state.status === 'ready' && (
        <section className={styles.section} aria-label="合作保险公司">
          <h2 className={styles.sectionTitle}>共 {state.data.length} 家合作保险公司</h2>
          {state.data.map((f) => (
            <button key={f.id} type="button" className={styles.card} onClick={() => navigate(paths.richTextPage(f.id))} data-testid="insurer">
              <span className={styles.cardName}>{f.title}</span>
              <p className={styles.cardSubtitle}>{f.summary}</p>
            </button>
          ))}
        </section>
      )}
    </AppPage>
  );
}
