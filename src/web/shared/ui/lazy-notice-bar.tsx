import { lazy, Suspense, type ComponentProps } from 'react';
import type { NoticeBar } from 'antd-mobile';

const Loaded = lazy(() => import('./notice-bar-antd.ts').then((m) => ({ default: m.NoticeBar })));

/**
 * antd-mobile's NoticeBar, loaded when a screen first shows one: the confirm page shows it only
 * when the application has a blocker, so its code (the bar, its sound icon and its marquee, about
 * 4 KB gzip) stays out of the page's opening download (docs/performance.md). The bar
 * appears once its chunk has arrived.
 */
export function LazyNoticeBar(props: ComponentProps<typeof NoticeBar>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
