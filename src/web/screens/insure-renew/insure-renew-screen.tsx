import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import type { RenewalItem, RenewalProducts } from '../../../contract/policy.ts';
import { policyApi } from '../../api/policy-api.ts';
import { withQuery } from '../../app/paths.ts';
import { useAppNavigate } from '../../app/use-app-navigate.ts';
import { AppPage } from '../../components/app-page.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { StatusBlock } from '../../components/status-block.tsx';
import { isLoggedIn } from '../../state/session.ts';
import styles from '../../components/policy/policy-detail.module.css';
import { RenewalCards } from '../../components/policy/renewal-cards.tsx';

type Product = RenewalProducts['list'][number];
type State =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'notRenewable' }
  | { phase: 'ready'; product: Product; policies: RenewalItem[] };

/**
 * `/insurerenew?productCode=` (no log-in): the renewal view of one of the 12
 * renewal products: what renewing means, the 去续保 / 再次购买 button, and,
 * for a logged-in holder, their policies of the product to renew.
 */
export default function InsureRenewScreen() {
  const [query] = useSearchParams();
  const productCode = query.get('productCode') ?? '';
  const navigate = useAppNavigate();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    (async () => {
      const products = await policyApi.renewalProducts({ silent: true });
      const product = products?.list.find((p) => p.productCode === productCode);
      if (!product) return { phase: 'notRenewable' } as const;
      const policies = isLoggedIn() ? ((await policyApi.renewalList({ productCode, pageSize: 50 }, { silent: true }).catch(() => null))?.list ?? []) : [];
      return { phase: 'ready', product, policies } as const;
    })()
      .then((next) => live && setState(next))
      .catch((error: unknown) => live && setState({ phase: 'error', message: error instanceof Error ? error.message : '加载失败' }));
    return () => {
      live = false;
    };
  }, [productCode, attempt]);

  const title = '续保';
  if (state.phase === 'loading') return <AppPage title={title}><PageLoading /></AppPage>;
  if (state.phase === 'error') return <AppPage title={title}><LoadError description={state.message} onRetry={() => { setState({ phase: 'loading' }); setAttempt((n) => n + 1); }} /></AppPage>;
  if (state.phase === 'notRenewable') return <AppPage title={title}><StatusBlock kind="empty" title="该产品暂不支持续保" /></AppPage>;
  const { product, policies } = state;
  return (
    <AppPage title={title}>
      <section className={styles.head} data-testid="renewal-product">
        <p className={styles.status}>{product.productName}</p>
        <p className={styles.hint}>保障期间 {product.insurancePeriod}，到期前续保可保障不间断；续保订单会记录上一年保单号与续保次数。</p>
      </section>
      {policies.length > 0 ? (
        <RenewalCards list={policies} />
      ) : (
        <section className={styles.card}>
          <Button block color="primary" shape="rounded" onClick={() => navigate(withQuery(product.detailRoute, { productCode: product.productCode }))}>
            {product.renewalLabel}
          </Button>
        </section>
      )}
    </AppPage>
  );
}
