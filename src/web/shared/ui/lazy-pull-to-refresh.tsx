import { lazy, Suspense, type ComponentType } from 'react';
import type { PullToRefreshProps } from 'antd-mobile';

/**
 * antd-mobile's PullToRefresh, off the list screens' opening download: it
 * brings @react-spring/web and @use-gesture/react (about 24 KB gzip,
 * docs/performance.md). The download starts as soon as a screen using it is
 * loaded, in parallel with the list's first page, and the list renders
 * without waiting for it: until it arrives (usually before the first page
 * does) the rows show as they are and cannot be pulled yet. Should it fail to
 * load, the list stays without pull to refresh.
 */
const loading: Promise<{ default: ComponentType<PullToRefreshProps> }> = import('./pull-to-refresh-antd.ts').then(
  (m) => ({ default: m.PullToRefresh }),
  () => ({ default: ({ children }: PullToRefreshProps) => <>{children}</> }),
);
const Loaded = lazy(() => loading);

export function PullToRefresh(props: PullToRefreshProps) {
  return (
    <Suspense fallback={<>{props.children}</>}>
      <Loaded {...props} />
    </Suspense>
  );
}
