import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { documentPaintPresented } from './shared/api/document-start.ts';
import { AppRouter, appNavigation, firstRouteReady } from './app/router.tsx';
import { rememberLandingPromoCode, setUpAntdMobileForReact19, setUpApiUi, unlabelInputClearIcons } from './app/setup.ts';

setUpAntdMobileForReact19();
unlabelInputClearIcons();
setUpApiUi(appNavigation());
rememberLandingPromoCode();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// In a transition: React renders the first screen in slices of a few milliseconds, yielding between them
// (a default update renders in one task: 100-150 ms at a phone's 4x slower CPU, blocking input), and
// commits it whole; the loading shell stays on screen until then.
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        {/* No QueryClientProvider: screens use the page's client through shared/api/query-hooks.ts, so TanStack Query loads after home. */}
        <AppRouter />
      </StrictMode>,
    ),
  );
// index.html's loading shell stays until the first route's files (and a detail route's look-up) have
// arrived, at most FIRST_RENDER_WAIT_MS: the first render then shows the screen, not a fallback that
// React would hold for 300 ms once the screen was ready (router.tsx, `firstRouteReady`).
const FIRST_RENDER_WAIT_MS = 8000;
// On a detail link whose top the document painted, also until that view has been presented (at most a second
// after the answer: early-detail-paint.ts), so that the browser shows it before the app replaces it.
void Promise.race([
  Promise.all([firstRouteReady(), documentPaintPresented()]),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(render, render);
