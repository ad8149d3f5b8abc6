import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './api/query-client.ts';
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
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  </StrictMode>,
);
