import { useEffect, useRef } from 'react';
import { useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { Button } from 'antd-mobile';
import { useLocation, useSearchParams } from 'react-router-dom';
import { loginRedirectUrl } from '../../../../app/guards.ts';
import type { RenewalItem, RenewalProducts } from '../../../../../contract/policy.ts';
import { queries } from '../../../../shared/api/queries.ts';
import { withQuery } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { CardSkeleton, SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { errorMessage, useRetryQuery } from '../../../../shared/ui/query-state.ts';
import { isLoggedIn } from '../../../../shared/state/session.ts';
import styles from '../../components/policy-detail.module.css';
import { RenewalCards, useRenew } from '../../components/renewal-cards.tsx';

type Product = RenewalProducts['list'][number];
type State =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'notRenewable' }
  | { phase: 'ready'; product: Product; policies: RenewalItem[] };

/**
 * `/insurerenew?productCode=` (no log-in): the renewal view of one of the 12
 * renewal products: what renewing means, the 去续保 / 再次购买 button, and,
 * for a logged-in holder, their policies of the product to renew. The
 * renewal reminder's link also names the policy (`&applicationFormCode=`):
 * its renewal opens at once with the form filled in, after a log-in when
 * there is no session.
 */
export default function InsureRenewScreen() {
  const [query] = useSearchParams();
  const productCode = query.get('productCode') ?? '';
  const navigate = useAppNavigate();
  const products = useAppQuery(queries.renewalProducts());
  const retry = useRetryQuery(queries.renewalProducts().queryKey);
  const renewable = products.data?.list.find((p) => p.productCode === productCode);
  // A logged-in holder's policies of the product; without them (a visitor, or a failed call) the button alone.
  const held = useAppQuery({ ...queries.renewalPolicies(productCode), enabled: renewable !== undefined && isLoggedIn() });
  const state: State = products.isPending
    ? { phase: 'loading' }
    : products.isError
      ? { phase: 'error', message: errorMessage(products.error) }
      : !renewable
        ? { phase: 'notRenewable' }
        : held.isLoading
          ? { phase: 'loading' }
          : { phase: 'ready', product: renewable, policies: held.data ?? [] };

  // The reminder's policy: renewed straight away once it is among the holder's renewable policies.
  const named = query.get('applicationFormCode');
  const location = useLocation();
  const renew = useRenew();
  const opened = useRef(false);
  const namedItem = state.phase === 'ready' && named ? state.policies.find((p) => p.applicationFormCode === named) : undefined;
  useEffect(() => {
    if (named && !isLoggedIn()) {
      navigate(loginRedirectUrl({ pathname: location.pathname, search: location.search }), { replace: true });
      return;
    }
    if (!namedItem || opened.current) return;
    opened.current = true;
    // The link's policy is dropped from this entry first: back from the product page shows the renewal view, not a second jump.
    navigate(withQuery(location.pathname, { productCode }), { replace: true });
    void renew(namedItem);
  }, [named, namedItem]);

  const title = '续保';
  if (state.phase === 'loading') return <AppPage title={title}><CardSkeleton count={1} /></AppPage>;
  if (state.phase === 'error') return <AppPage title={title}><LoadError description={state.message} onRetry={retry} /></AppPage>;
  if (state.phase === 'notRenewable') return <AppPage title={title}><StatusBlock kind="empty" title="该产品暂不支持续保" /></AppPage>;
  const { product, policies } = state;
  return (
    <AppPage title={title}>
      <section className={styles.head} data-testid="renewal-product">
        <p className={styles.status}>{product.productName}</p>
        <p className={styles.hint}>保障期间 {product.insurancePeriod}。在保单到期前续保，保障不间断。</p>
      </section>
      {policies.length > 0 ? (
        <RenewalCards list={policies} />
      ) : (
        <SectionCard>
          <Button block color="primary" shape="rounded" onClick={() => navigate(withQuery(product.detailRoute, { productCode: product.productCode }))}>
            {product.renewalLabel}
          </Button>
        </SectionCard>
      )}
    </AppPage>
  );
}
