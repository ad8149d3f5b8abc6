import { Toast } from 'antd-mobile';

/** Red failure toast (spec §8). */
export function failToast(content: string, durationMs = 2000): void {
  Toast.show({ icon: 'fail', content, duration: durationMs });
}

export function successToast(content: string, durationMs = 2000): void {
  Toast.show({ icon: 'success', content, duration: durationMs });
}

/** A loading toast that stays until {@link clearToast}. */
export function loadingToast(content: string): void {
  Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
}

export function clearToast(): void {
  Toast.clear();
}
