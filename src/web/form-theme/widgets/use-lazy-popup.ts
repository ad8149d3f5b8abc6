import { useCallback, useEffect, useState } from 'react';

/**
 * A picker mounted only while it is open (issue 15): an antd-mobile picker
 * kept mounted keeps its react-spring animation and columns alive, and a form
 * of three insureds has a dozen of them re-rendering on every keystroke.
 * `open` mounts it hidden and shows it on the next render (so it still slides
 * in); `close` hides it; `afterClose` (the picker's own, after the slide out)
 * unmounts it.
 */
export function useLazyPopup() {
  const [mounted, setMounted] = useState(false);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (mounted) setVisible(true);
  }, [mounted]);
  const open = useCallback(() => setMounted(true), []);
  const close = useCallback(() => setVisible(false), []);
  const afterClose = useCallback(() => setMounted(false), []);
  return { mounted, visible, open, close, afterClose };
}
