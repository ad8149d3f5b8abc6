import type { DialogAlertProps, DialogConfirmProps, DialogShowProps } from 'antd-mobile';
import type * as Overlays from './overlays-antd.ts';

/**
 * The app's dialogs. antd-mobile's Dialog (its Mask brings @react-spring/web, about 17 KB gzip)
 * loads when a dialog first opens, not with the screen that may open one
 * (docs/performance.md).
 */
let loaded: Promise<typeof Overlays> | null = null;
const dialog = async () => (await (loaded ??= import('./overlays-antd.ts'))).Dialog;

/** Dialog.confirm: resolves true when confirmed. */
export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  return (await dialog()).confirm(props);
}

/** Dialog.alert: resolves when closed. */
export async function alertDialog(props: DialogAlertProps): Promise<void> {
  return (await dialog()).alert(props);
}

/** Dialog.show: a dialog with the given actions (closed by them). */
export async function showDialog(props: DialogShowProps): Promise<void> {
  (await dialog()).show(props);
}
