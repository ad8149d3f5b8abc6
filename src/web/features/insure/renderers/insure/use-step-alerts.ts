import { useEffect, useRef } from 'react';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { alertDialog } from '../../../../shared/ui/dialog.ts';

type Step = NonNullable<ProductManifest['alerts']>[number]['at'];

/**
 * Shows the manifest's alerts of `step` once per visit, one dialog after another. The dialog
 * loads on the first alert (shared/ui/dialog.ts), not with the screen.
 */
export function useStepAlerts(manifest: ProductManifest, step: Step): void {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    const texts = (manifest.alerts ?? []).filter((a) => a.at === step).map((a) => a.text);
    void (async () => {
      for (const content of texts) await alertDialog({ content, confirmText: '我知道了' });
    })();
  }, [manifest, step]);
}
