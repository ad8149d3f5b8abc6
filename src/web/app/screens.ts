import { lazy, type ComponentType } from 'react';

/**
 * Every screen is `screens/<name>/<name>-screen.tsx` with a default export,
 * loaded on demand (spec §2): one chunk per screen.
 */
const SCREENS = {
  home: () => import('../screens/home/home-screen.tsx'),
  'product-detail': () => import('../screens/product-detail/product-detail-screen.tsx'),
  login: () => import('../screens/login/login-screen.tsx'),
  insure: () => import('../screens/insure/insure-screen.tsx'),
  confirm: () => import('../screens/confirm/confirm-screen.tsx'),
  payoff: () => import('../screens/payoff/payoff-screen.tsx'),
  'pay-success': () => import('../screens/pay-success/pay-success-screen.tsx'),
  'policy-list': () => import('../screens/policy-list/policy-list-screen.tsx'),
  'not-found': () => import('../screens/not-found/not-found-screen.tsx'),
  'catalogue-preview': () => import('../screens/catalogue-preview/catalogue-preview-screen.tsx'),
  // --- ratings
  'estimate-list': () => import('../screens/estimate-list/estimate-list-screen.tsx'),
  // --- markets
  'market-home': () => import('../screens/market-home/market-home-screen.tsx'),
  'market-share': () => import('../screens/market-share/market-share-screen.tsx'),
  'market-chooser': () => import('../screens/market-chooser/market-chooser-screen.tsx'),
  'search-center': () => import('../screens/search-center/search-center-screen.tsx'),
  'select-company': () => import('../screens/select-company/select-company-screen.tsx'),
  'insure-companies': () => import('../screens/insure-companies/insure-companies-screen.tsx'),
  'insure-svc-profile': () => import('../screens/insure-svc-profile/insure-svc-profile-screen.tsx'),
  'claim-svc-profile': () => import('../screens/claim-svc-profile/claim-svc-profile-screen.tsx'),
  'rich-text-page': () => import('../screens/rich-text-page/rich-text-page-screen.tsx'),
  'new-product-insure': () => import('../screens/new-product-insure/new-product-insure-screen.tsx'),
  'self-test': () => import('../screens/self-test/self-test-screen.tsx'),
  // --- accounts
  'password-login': () => import('../screens/password-login/password-login-screen.tsx'),
  register: () => import('../screens/register/register-screen.tsx'),
  'forget-password': () => import('../screens/forget-password/forget-password-screen.tsx'),
  'reset-new-password': () => import('../screens/reset-new-password/reset-new-password-screen.tsx'),
  'bind-phone': () => import('../screens/bind-phone/bind-phone-screen.tsx'),
  'user-info': () => import('../screens/user-info/user-info-screen.tsx'),
  'my-index': () => import('../screens/my-index/my-index-screen.tsx'),
  'real-name-auth': () => import('../screens/real-name-auth/real-name-auth-screen.tsx'),
  'certification-result': () => import('../screens/certification-result/certification-result-screen.tsx'),
  'about-us': () => import('../screens/about-us/about-us-screen.tsx'),
  problem: () => import('../screens/problem/problem-screen.tsx'),
  // --- information pages, protocol reading (issue 6, info)
  'info-page': () => import('../screens/info-page/info-page-screen.tsx'),
  'protocol-reading': () => import('../screens/protocol-reading/protocol-reading-screen.tsx'),
  'clause-view': () => import('../screens/clause-view/clause-view-screen.tsx'),
  'view-image': () => import('../screens/view-image/view-image-screen.tsx'),
  statistics: () => import('../screens/statistics/statistics-screen.tsx'),
  // --- policies
  'policy-detail': () => import('../screens/policy-detail/policy-detail-screen.tsx'),
  'insure-detail': () => import('../screens/insure-detail/insure-detail-screen.tsx'),
  'cooperation-list': () => import('../screens/cooperation-list/cooperation-list-screen.tsx'),
  'zancun-list': () => import('../screens/zancun-list/zancun-list-screen.tsx'),
  'renewal-list': () => import('../screens/renewal-list/renewal-list-screen.tsx'),
  'insure-renew': () => import('../screens/insure-renew/insure-renew-screen.tsx'),
  // --- payments
  'pay-success-jd': () => import('../screens/pay-success-jd/pay-success-jd-screen.tsx'),
  weixin: () => import('../screens/weixin/weixin-screen.tsx'),
} as const;

export type ScreenName = keyof typeof SCREENS;

/** Route-object `lazy` for a screen. */
export function lazyScreen(name: ScreenName) {
  return async () => ({ Component: (await SCREENS[name]()).default as ComponentType });
}

/** React.lazy for a screen rendered inside another route element (the catch-all route). */
export function lazyComponent<N extends ScreenName>(name: N) {
  return lazy(SCREENS[name] as () => Promise<{ default: Awaited<ReturnType<(typeof SCREENS)[N]>>['default'] }>);
}
