// Deep imports on the home route: the build's `core` chunk follows import paths, and the package's
// index re-exports every component (scripts/lib/vite-home-route-chunk.ts).
import 'antd-mobile/es/global';
// The page's base styles, after antd-mobile's: one stylesheet with the home route's (`core`), not a file of their own.
import '../base.css';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { registerApiUi } from '../shared/api/client.ts';
import { render, unmount } from './antd-render.ts';
import { getPromoCode, landingQuery, storePromoCodeFromQuery } from '../shared/state/promo-code.ts';
import { loginRedirectUrl } from './guards.ts';
import { ROUTES } from './paths.ts';
import type { AppNavigation } from './navigation.ts';

/**
 * antd-mobile v5 renders Toast and Dialog with the legacy ReactDOM.render,
 * which React 19 removed; give it a createRoot-based renderer (antd-mobile
 * "v5 for React 19" guide). Must run before the first Toast or Dialog.
 */
export function setUpAntdMobileForReact19(): void {
  unstableSetRender((node, container) => {
    render(node, container);
    return () => unmount(container);
  });
}

/** Connects the UI-free API client to toasts and navigation (spec §8 error handling). */
export function setUpApiUi(navigation: Pick<AppNavigation, 'location' | 'navigate'>): void {
  registerApiUi({
    // Loaded on first use: Toast and its animation library stay out of the first screen's bundle.
    toast: (message, durationMs) => void import('../shared/ui/toast.ts').then((m) => m.failToast(message, durationMs)),
    goLogin: () => {
      const location = navigation.location();
      if (location.pathname === ROUTES.login) return;
      navigation.navigate(loginRedirectUrl(location, getPromoCode()));
    },
    goHome: () => {
      if (navigation.location().pathname !== ROUTES.home) navigation.navigate(ROUTES.home, { replace: true });
    },
  });
}

/** Spec §6: the landing link's promo code is stored, or the stored one emptied. */
export function rememberLandingPromoCode(): void {
  storePromoCodeFromQuery(landingQuery(window.location), true);
}

/**
 * antd-mobile names an input's clear icon with an aria-label on a plain <div> (no role), which
 * ARIA prohibits (axe: aria-prohibited-attr) and which no screen reader can activate anyway: the
 * field's own label is what it announces. The icon appears while a filled field has focus, so
 * the label is dropped as it is added (alone, or within a subtree that mounts with it).
 */
export function unlabelInputClearIcons(): void {
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof HTMLElement)) continue;
        // The icon itself, or inside a subtree mounted at once (a search screen opened with a query).
        if (node.classList.contains('adm-input-clear')) node.removeAttribute('aria-label');
        for (const icon of Array.from(node.querySelectorAll('.adm-input-clear[aria-label]'))) icon.removeAttribute('aria-label');
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}
