import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { loginRedirectUrl } from '../../../../app/guards.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { alertDialog } from '../../../../shared/ui/dialog.ts';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { NotFoundResult, PRODUCT_UNAVAILABLE_TITLE } from '../../../../shared/ui/not-found-result.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { useProductManifest } from '../../components/use-product-manifest.ts';
import { DetailRenderer, DetailShareButton } from '../../renderers/detail/detail-renderer.tsx';
import { clearSavedRecord, clearStoredForm } from '../../../../shared/state/form-reset.ts';
import { getPromoCode } from '../../../../shared/state/promo-code.ts';
import { isLoggedIn } from '../../../../shared/state/session.ts';
import { RecordingNotice, useSaleRecording } from '../../../recording/index.ts';

/**
 * A product detail page: `/newProductDetail?productCode=` or one of the
 * manifest's own routes (the catch-all route passes the product code).
 */
export default function ProductDetailScreen({ productCode: routeProductCode }: { productCode?: string }) {
  const [query] = useSearchParams();
  const location = useLocation();
  const navigate = useAppNavigate();
  const productCode = routeProductCode ?? query.get('productCode') ?? '';
  // A manifest seen before renders on the first frame, so a back navigation restores its scroll position.
  const state = useProductManifest(productCode);

  const manifest = state.status === 'ready' ? state.manifest : null;
  useEntryRules(manifest, location);

  // A log-in-only product is never shown (nor quoted) to a visitor: the entry rules send them to log-in.
  const leavingForLogin = manifest?.loginRequired === true && !isLoggedIn();
  // The sale's recording starts here, after the entry rules disposed any previous one (docs/recording.md).
  useSaleRecording(manifest !== null && !leavingForLogin, manifest?.productCode, manifest?.clearRecord ?? true);
  if (state.status !== 'ready' || leavingForLogin) {
    return (
      <AppPage title="产品详情">
        {(state.status === 'loading' || leavingForLogin) && <PageLoading />}
        {state.status === 'notFound' && <NotFoundResult title={PRODUCT_UNAVAILABLE_TITLE} description="该商品可能已停售，请返回首页查看其他商品" />}
        {state.status === 'error' && <LoadError description={state.message} onRetry={state.retry} />}
      </AppPage>
    );
  }
  return (
    <AppPage title={state.manifest.productName} hasBottomBar right={<DetailShareButton manifest={state.manifest} />}>
      <RecordingNotice />
      <DetailRenderer manifest={state.manifest} onInsure={() => {
          // Contract mode (docs/contracts.md): the agreement is signed on the manifest's contract route first.
          const contract = state.manifest.contract;
          navigate(contract && contract.enabled !== false ? `${contract.route}?productCode=${state.manifest.productCode}` : paths.insure(state.manifest.productCode));
        }} />
    </AppPage>
  );
}

/**
 * What entering a detail route does once its manifest is known: the log-in
 * rule, the clear-record / clear-form flags and the product's alerts at
 * 'detail' (spec §2 navigation rules).
 */
function useEntryRules(manifest: ProductManifest | null, location: { pathname: string; search: string }) {
  const navigate = useAppNavigate();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!manifest || applied.current === manifest.productCode) return;
    applied.current = manifest.productCode;
    if (manifest.loginRequired && !isLoggedIn()) {
      navigate(loginRedirectUrl(location, getPromoCode(), manifest.productCode), { replace: true });
      return;
    }
    if (manifest.clearRecord ?? true) clearSavedRecord();
    if (manifest.clearForm) clearStoredForm();
    void (async () => {
      for (const alert of manifest.alerts ?? []) {
        if (alert.at === 'detail') await alertDialog({ content: alert.text, confirmText: '我知道了' });
      }
    })();
  }, [manifest, location, navigate]);
}
