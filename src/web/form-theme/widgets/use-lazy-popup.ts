import { useCallback, useEffect, useState } from 'react';
import type * as Pickers from './pickers-antd.ts';

export type PickersModule = typeof Pickers;

let loaded: Promise<PickersModule> | null = null;

/**
 * antd-mobile's pickers, fetched once (the first open, or a touch on a trigger just before it).
 * A failed fetch (offline after a new deployment) is forgotten, so the next tap tries again.
 */
export function loadPickers(): Promise<PickersModule> {
  loaded ??= import('./pickers-antd.ts').catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

/** Starts fetching the pickers without waiting (a finger on a trigger: the tap that opens it follows). */
export function preloadPickers(): void {
  loadPickers().catch(() => undefined);
}

/**
 * A picker loaded on its first open and mounted only while it is open. Closed, the
 * form shows its own light trigger row; `open` fetches antd-mobile's pickers (react-spring and
 * use-gesture with them) the first time, then mounts the picker hidden and shows it on the next
 * render, so it still slides in. A picker kept mounted would keep its animation and columns alive,
 * and a form of three insureds has a dozen of them re-rendering on every keystroke. `close` hides
 * it; `afterClose` (the picker's own, after the slide out) unmounts it. `pickers` is the loaded
 * module while the picker is mounted, else null.
 */
export function useLazyPopup() {
  const [pickers, setPickers] = useState<PickersModule | null>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (pickers) setVisible(true);
  }, [pickers]);
  const open = useCallback(() => {
    // A module that cannot load leaves the row closed; the next tap tries again.
    loadPickers().then(setPickers, () => undefined);
  }, []);
  const close = useCallback(() => setVisible(false), []);
  const afterClose = useCallback(() => setPickers(null), []);
  return { pickers, visible, open, close, afterClose };
}
