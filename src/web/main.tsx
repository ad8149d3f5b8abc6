import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, appNavigation } from './app/router.tsx';
import { rememberLandingPromoCode, setUpAntdMobileForReact19, setUpApiUi, unlabelInputClearIcons } from './app/setup.ts';

setUpAntdMobileForReact19();
unlabelInputClearIcons();
setUpApiUi(appNavigation());
rememberLandingPromoCode();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    {/* No QueryClientProvider: screens use the page's client through api/query-hooks.ts, so TanStack Query loads after home (issue 15). */}
    <AppRouter />
  </StrictMode>,
);
