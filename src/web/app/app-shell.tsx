import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { TopProgress } from '../components/top-progress.tsx';

/**
 * Root layout: the current screen, a progress bar while the next screen's
 * chunk or loader is pending, and scroll restoration (restored on back/forward,
 * top on every other navigation).
 */
export function AppShell() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <TopProgress />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
