/**
 * Runs `run` in the browser's next idle period (at most two seconds later), or
 * after a short timer where there is no requestIdleCallback (Safari before 18):
 * for work a screen wants soon but not before the browser has painted what the
 * visitor is waiting for (the query library after home, the sale recorder after
 * a screen that records).
 */
export function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run(), { timeout: 2000 });
  else setTimeout(run, 200);
}
