import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';

// Each view is its own chunk: this module stays a few lines, so the home
// route's entry (which lists every screen module and its dependencies) carries
// one small screen for all the contract routes, and pdf.js loads only on /pdf.
const ListView = lazy(() => import('./list-view.tsx'));
const DetailView = lazy(() => import('./detail-view.tsx'));
const SignView = lazy(() => import('./sign-view.tsx'));
const PdfView = lazy(() => import('./pdf-view.tsx'));

/**
 * Every contract route in one screen module: the PDF viewer (/pdf), the
 * signed-agreement list (/signList, /watchSign), the signing result
 * (/detailSign) and, for every other route, the manifest-driven signing
 * screen (/jiningOfflineContract, /lanshanContract, /xuZhouOfflineSign,
 * /taiyuanContract).
 */
export default function ContractScreen() {
  const { pathname } = useLocation();
  const View =
    pathname === '/pdf' ? PdfView : pathname === '/signList' || pathname === '/watchSign' ? ListView : pathname === '/detailSign' ? DetailView : SignView;
  return (
    <Suspense fallback={<PageLoading />}>
      <View />
    </Suspense>
  );
}
