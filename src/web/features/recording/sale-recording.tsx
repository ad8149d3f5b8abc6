/**
 * What screens use of the sale recording (docs/recording.md): the
 * visible notice that starts or resumes it, key steps and the finish. The
 * recorder itself (rrweb, compression, upload) is loaded on demand from here,
 * so it is in no screen's chunk and never in the home route.
 */
import { useEffect } from 'react';
import type { SaleStep, SaleStepBody } from '../../../contract/recording.ts';
import { EARLY_DETAIL_TEXTS } from '../../app/early-detail-paint.ts';
import { whenIdle } from '../../app/when-idle.ts';
import { SAVED_RECORD_KEY } from './keys.ts';

const recorder = () => import('./recorder.ts');

/** True while a sale is being recorded (a saved record exists). */
function recording(): boolean {
  return localStorage.getItem(SAVED_RECORD_KEY) !== null;
}

/**
 * Starts (`fresh`: a new sale, on a detail page) or resumes the recording of
 * the sale once the notice is on screen. Call it after the page's clear-record
 * rule (a detail page disposes the previous sale first).
 */
export function useSaleRecording(ready: boolean, productCode: string | undefined, fresh = false): void {
  useEffect(() => {
    if (!ready) return;
    // The recorder (rrweb, 24 KB gzip) is asked for in the idle period after the screen's commit (after the
    // frame that paints it), not in the commit: asked for then, it shared the connections with the screen's
    // own files and images on a detail page opened by its link (docs/performance.md, "What the simulated load charges"). Its full
    // snapshot waits for the page's paint and an idle period, or the buyer's first input, anyway (recorder.ts).
    // As before, the start is not cancelled when the screen goes, and a step the buyer takes before it is kept
    // in the saved record (recorder.ts `track`).
    whenIdle(() => void recorder().then((m) => m.recordSale(productCode || undefined, fresh)));
  }, [ready, productCode, fresh]);
}

/** A key step of the recorded sale (nothing when no sale is recorded). */
export function saleStep(step: SaleStep, detail: Partial<Pick<SaleStepBody, 'clauseName' | 'orderCode' | 'result'>> = {}): void {
  if (!recording()) return;
  void recorder().then((m) => m.track(step, detail));
}

/** The payment result is shown: the recording ends and its rest is uploaded. */
export function finishSale(orderCode: string | undefined, result: 'success' | 'failure'): void {
  if (!recording()) return;
  void recorder().then((m) => m.finishSale(orderCode, result));
}

/** The notice the buyer sees before anything is recorded (spec §1, 可回溯). */
export function RecordingNotice() {
  return (
    <div className="recording-notice" role="note">
      {EARLY_DETAIL_TEXTS.notice}
    </div>
  );
}

/** The class that masks a displayed personal value (name, ID number, phone, school, address) in the recording. */
export const MASKED = 'rr-mask';
