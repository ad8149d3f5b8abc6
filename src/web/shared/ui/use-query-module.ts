import { useEffect, useState } from 'react';
import { loadedQueryModule, loadQueryModule } from '../api/early-queries.ts';
import { whenIdle } from '../../app/when-idle.ts';

type QueryModule = NonNullable<ReturnType<typeof loadedQueryModule>>;

export type QueryModuleState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; module: QueryModule };

/**
 * The query module (TanStack Query, the page's client, the query options and hooks) for a part of a screen
 * that is not its first view, such as a detail page's rating summary: at once when it has loaded, else asked
 * for when the page is idle, so it is not among the files the screen's first paint waits for
 * (docs/performance.md, "TanStack Query after home"). A part renders its loading state meanwhile, and its error state when
 * the module could not be loaded.
 */
export function useQueryModule(): QueryModuleState {
  const [state, setState] = useState<QueryModuleState>(() => {
    const module = loadedQueryModule();
    return module ? { status: 'ready', module } : { status: 'loading' };
  });
  const loading = state.status === 'loading';
  useEffect(() => {
    if (!loading) return;
    let live = true;
    whenIdle(() =>
      void loadQueryModule().then(
        (module) => live && setState({ status: 'ready', module }),
        () => live && setState({ status: 'failed' }),
      ),
    );
    return () => {
      live = false;
    };
  }, [loading]);
  return state;
}
