import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Runs `load` on mount and whenever `key` changes; `reload` retries. A late answer for an old key is dropped.
 * For work that must run afresh on every visit rather than be cached (the self-test's checks, the
 * statistics, the caller's own renewals);
 * server data goes through the query cache (shared/api/queries.ts).
 */
export function useLoad<T>(key: string, load: () => Promise<T>): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : '加载失败' }),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure every render; `key` says when it means something else.
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, reload];
}
