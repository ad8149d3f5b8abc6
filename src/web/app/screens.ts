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
