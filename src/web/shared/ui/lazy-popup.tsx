import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A popup (or sheet) component that loads when it first opens, never with the
 * page: antd-mobile's Popup, Mask and ActionSheet bring @react-spring/web and
 * @use-gesture/react (about 24 KB gzip) into whatever imports them
 * (docs/performance.md). A screen mounts the returned component closed at no
 * cost; the first open fetches the module, and it stays mounted afterwards so
 * its closing animation and later openings behave as before.
 */
export function lazyPopup<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPopup(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
