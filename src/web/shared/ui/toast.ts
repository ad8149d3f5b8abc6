import type { ToastShowProps } from 'antd-mobile';
import type * as Overlays from './overlays-antd.ts';

/**
 * The app's toasts. antd-mobile's Toast (its Mask brings @react-spring/web, about 17 KB gzip)
 * loads on the first toast, not with the screen that may show one (docs/performance.md).
 * Calls keep their order: each waits for the same module.
 */
let loaded: Promise<typeof Overlays> | null = null;

function withToast(act: (toast: typeof Overlays.Toast) => void): void {
  loaded ??= import('./overlays-antd.ts');
  // A toast whose module cannot load (offline after a new deployment) is not shown.
  loaded.then((m) => act(m.Toast)).catch(() => undefined);
}

function show(props: ToastShowProps): void {
  withToast((toast) => toast.show(props));
}

/** Plain toast (no icon): a message about what the visitor just did. */
export function infoToast(content: string): void {
  show({ content });
}

/** Red failure toast (spec §8). */
export function failToast(content: string, durationMs = 2000): void {
  show({ icon: 'fail', content, duration: durationMs });
}

export function successToast(content: string, durationMs = 2000): void {
  show({ icon: 'success', content, duration: durationMs });
}

/** A loading toast that stays until {@link clearToast}. */
export function loadingToast(content: string, maskClickable = false): void {
  show({ icon: 'loading', content, duration: 0, maskClickable });
}

export function clearToast(): void {
  withToast((toast) => toast.clear());
}
