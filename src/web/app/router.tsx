import { createHashRouter, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/page-loading.tsx';
import { AppShell } from './app-shell.tsx';
import { ROUTES } from './paths.ts';
import { catchAllLoader, routeLoader } from './route-loaders.ts';
import { CONFIRM_ROUTES, ROUTE_META, type RouteMeta } from './route-meta.ts';
// --- policies
import { POLICY_DETAIL_LOGIN_ROUTES } from './route-meta.ts';
import { RouteError } from './route-error.tsx';
import { lazyScreen, type ScreenName } from './screens.ts';
// --- information pages, protocol reading (issue 6, info)
import { INFO_PAGES } from '../screens/info-page/info-pages.ts';
import { PRODUCT_NOTICE_ROUTES } from '../screens/protocol-reading/notice-routes.ts';

/** One screen route: lazy screen module, the spec's flags as `handle`, and the loader that applies them. */
function screenRoute(path: string, screen: ScreenName, meta: RouteMeta): RouteObject {
  return { path, lazy: lazyScreen(screen), loader: routeLoader(meta), handle: meta };
}

/**
 * Every route of the app (spec §2), hash-style. Product detail routes are not
 * listed: the catch-all route maps a path to its product through the catalogue.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppShell />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: lazyScreen('home'), loader: routeLoader(ROUTE_META.home), handle: ROUTE_META.home },
      screenRoute(ROUTES.newProductDetail, 'product-detail', {}),
      screenRoute(ROUTES.login, 'login', ROUTE_META.login),
      screenRoute(ROUTES.insure, 'insure', ROUTE_META.insure),
      ...CONFIRM_ROUTES.map((path) => screenRoute(path, 'confirm', ROUTE_META.confirm)),
      screenRoute(ROUTES.payoff, 'payoff', ROUTE_META.payoff),
      screenRoute(ROUTES.paySuccess, 'pay-success', ROUTE_META.paySuccess),
      screenRoute(ROUTES.policyList, 'policy-list', ROUTE_META.policyList),
      screenRoute(ROUTES.catalogue, 'catalogue-preview', ROUTE_META.catalogue),
      // --- ratings
      screenRoute(ROUTES.estimateList, 'estimate-list', ROUTE_META.estimateList),
      // --- markets
      screenRoute(ROUTES.insureMarketHome, 'market-home', ROUTE_META.insureMarketHome),
      screenRoute(ROUTES.locationMarketHome, 'market-chooser', ROUTE_META.locationMarketHome),
      screenRoute(ROUTES.market2Share, 'market-share', ROUTE_META.market2Share),
      screenRoute(ROUTES.searchCenter, 'search-center', ROUTE_META.searchCenter),
      screenRoute(ROUTES.selectCompany, 'select-company', ROUTE_META.selectCompany),
      screenRoute(ROUTES.insureCompanies, 'insure-companies', ROUTE_META.insureCompanies),
      screenRoute(ROUTES.insureSvcProfile, 'insure-svc-profile', ROUTE_META.insureSvcProfile),
      screenRoute(ROUTES.claimSvcProfile, 'claim-svc-profile', ROUTE_META.claimSvcProfile),
      screenRoute(ROUTES.richTextPage, 'rich-text-page', ROUTE_META.richTextPage),
      screenRoute(ROUTES.newProductInsure, 'new-product-insure', ROUTE_META.newProductInsure),
      screenRoute(ROUTES.test, 'self-test', ROUTE_META.test),
      // --- accounts
      screenRoute(ROUTES.verCodeLogin, 'login', ROUTE_META.verCodeLogin),
      screenRoute(ROUTES.passwordLogin, 'password-login', ROUTE_META.passwordLogin),
      screenRoute(ROUTES.register, 'register', ROUTE_META.register),
      screenRoute(ROUTES.forgetPassword, 'forget-password', ROUTE_META.forgetPassword),
      screenRoute(ROUTES.resetNewPassword, 'reset-new-password', ROUTE_META.resetNewPassword),
      screenRoute(ROUTES.bindPhone, 'bind-phone', ROUTE_META.bindPhone),
      screenRoute(ROUTES.userInfo, 'user-info', ROUTE_META.userInfo),
      screenRoute(ROUTES.myIndex, 'my-index', ROUTE_META.myIndex),
      screenRoute(ROUTES.realNameAuth, 'real-name-auth', ROUTE_META.realNameAuth),
      screenRoute(ROUTES.certificationResult, 'certification-result', ROUTE_META.certificationResult),
      screenRoute(ROUTES.aboutUs, 'about-us', ROUTE_META.aboutUs),
      screenRoute(ROUTES.problem, 'problem', ROUTE_META.problem),
      // --- information pages, protocol reading (issue 6, info)
      ...INFO_PAGES.map((page) => screenRoute(`/${page.slug}`, 'info-page', page.requiresLogin ? ROUTE_META.infoPageLogin : ROUTE_META.infoPage)),
      screenRoute(ROUTES.checkProtocol, 'protocol-reading', ROUTE_META.checkProtocol),
      ...PRODUCT_NOTICE_ROUTES.map((path) => screenRoute(path, 'protocol-reading', ROUTE_META.productNotice)),
      screenRoute(ROUTES.commonProtocolRead, 'clause-view', ROUTE_META.commonProtocolRead),
      screenRoute(ROUTES.viewClause, 'clause-view', ROUTE_META.viewClause),
      screenRoute(ROUTES.viewImage, 'view-image', ROUTE_META.viewImage),
      screenRoute(ROUTES.statistics, 'statistics', ROUTE_META.statistics),
      // --- policies
      ...POLICY_DETAIL_LOGIN_ROUTES.map((path) => screenRoute(path, 'policy-detail', ROUTE_META.policyDetail)),
      screenRoute(ROUTES.policyDetailWaitInsurance, 'policy-detail', ROUTE_META.policyDetailPublic),
      screenRoute(ROUTES.insureDetail, 'insure-detail', ROUTE_META.insureDetail),
      screenRoute(ROUTES.cooperationList, 'cooperation-list', ROUTE_META.cooperationList),
      screenRoute(ROUTES.zancunList, 'zancun-list', ROUTE_META.zancunList),
      screenRoute(ROUTES.renewalList, 'renewal-list', ROUTE_META.renewalList),
      screenRoute(ROUTES.insurerenew, 'insure-renew', ROUTE_META.insurerenew),
      // --- payments
      screenRoute(ROUTES.paySuccessJD, 'pay-success-jd', ROUTE_META.paySuccessJD),
      screenRoute(ROUTES.weixin, 'weixin', ROUTE_META.weixin),
      {
        path: '*',
        loader: catchAllLoader,
        lazy: async () => ({ Component: (await import('./catch-all-route.tsx')).CatchAllRoute }),
        handle: ROUTE_META.notFound,
      },
    ],
  },
];

export const router = createHashRouter(routes);
