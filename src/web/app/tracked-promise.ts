import type { ReactPromise } from 'react';

/**
 * A promise that records its outcome on itself the way React's `use()` reads it (`status`, `value`,
 * `reason`: the convention React sets on thenables it tracks, and TanStack Query and Relay set ahead of
 * time), so `use()` returns a settled promise's value during the render instead of suspending for a
 * microtask. A suspension commits its boundary's fallback, and React then throttles the reveal to 300 ms
 * after it (docs/performance.md, "React's reveal throttle").
 */
export type TrackedPromise<T> = Promise<T> & ReactPromise<T>;

type Marked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** `promise`, marked as it settles (the same object, so identity-based caches keep working). */
export function tracked<T>(promise: Promise<T>): TrackedPromise<T> {
  const marked = promise as Marked<T>;
  if (marked.status) return marked as TrackedPromise<T>;
  marked.status = 'pending';
  marked.then(
    (value) => {
      marked.status = 'fulfilled';
      marked.value = value;
    },
    (reason: unknown) => {
      marked.status = 'rejected';
      marked.reason = reason;
    },
  );
  return marked as TrackedPromise<T>;
}

/** Loads through `load` once, tracked; `again` asks once more when the last try failed. */
export type OnceLoaded<T> = (options?: { again?: boolean }) => TrackedPromise<T>;

/**
 * `load`, called on first use only and its promise tracked. A failed load stays failed for the render
 * (its route's error boundary offers 重新加载); a caller passing `again` (a preload, a navigation arriving
 * at the route) asks once more after a failure.
 */
export function onceLoaded<T>(load: () => Promise<T>): OnceLoaded<T> {
  let loaded: TrackedPromise<T> | undefined;
  return ({ again = false } = {}) => {
    if (!loaded || (again && loaded.status === 'rejected')) loaded = tracked(load());
    return loaded;
  };
}
