/**
 * How antd-mobile renders its imperative overlays (Toast, Dialog) on React 19:
 * a `createRoot` per container. antd-mobile v5 calls the legacy
 * `ReactDOM.render`, which React 19 removed (antd-mobile's "v5 for React 19"
 * guide). `setUpAntdMobileForReact19` (./setup.ts) installs it; the build also
 * puts this module in place of antd-mobile's default renderer (rc-util's, with
 * Babel's async helpers, about 3 KB gzip in the entry, never called once the
 * renderer is installed): `antdRender` in vite.config.ts.
 */
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

type RootHost = (Element | DocumentFragment) & { _reactRoot?: Root };

export function render(node: ReactElement, container: Element | DocumentFragment): void {
  const host = container as RootHost;
  host._reactRoot ??= createRoot(host);
  host._reactRoot.render(node);
}

export async function unmount(container: Element | DocumentFragment): Promise<void> {
  const host = container as RootHost;
  // Let the closing animation's last frame commit before unmounting.
  await new Promise((resolve) => setTimeout(resolve, 0));
  host._reactRoot?.unmount();
  delete host._reactRoot;
}
