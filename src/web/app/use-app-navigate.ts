import { useCallback } from 'react';
import { resolvePath, useLocation, useNavigate, type NavigateOptions, type To } from 'react-router-dom';
import { isSameLocation } from './guards.ts';
import { ROUTES } from './paths.ts';

export interface AppNavigate {
  /** Goes to `to`, or does nothing when `to` is the current route with the same query (spec §2). */
  (to: To, options?: NavigateOptions): void;
  /** History step (-1 is back). */
  (delta: number): void;
}

/** `navigate` with the spec's rule that a repeated navigation to the same route is ignored silently. */
export function useAppNavigate(): AppNavigate {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') {
        void navigate(to);
        return;
      }
      if (isSameLocation(resolvePath(to, location.pathname), location)) return;
      void navigate(to, options);
    },
    [navigate, location],
  ) as AppNavigate;
}

/** Whether the app has history of its own to go back to (false on a page opened first, from a link or a reload of the landing). */
export function hasAppHistory(): boolean {
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}

/** Back when the app has history of its own, else home (a page opened from a shared link has nothing to go back to). */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasAppHistory()) void navigate(-1);
    else void navigate(ROUTES.home, { replace: true });
  }, [navigate]);
}
