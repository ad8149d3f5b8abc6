// @vitest-environment happy-dom
/**
 * The sale recorder's first snapshot waits for the page (the insure
 * page's total blocking time; docs/recording.md): rrweb's full snapshot is one
 * long task, so it is taken once the page has been painted, in an idle period,
 * and at once when the buyer touches, types or leaves before that, so the
 * recording still holds the page as it was and everything the buyer did.
 *
 * rrweb is replaced by a stand-in that does what the recorder relies on: on
 * `record()` it emits a full snapshot of the page as it is (here, the field's
 * value) and from then on an input event for each `input` it sees at the
 * document, masked as the recorder asks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_RECORD_KEY } from '../../src/web/features/recording/keys.ts';
import type * as RecorderModule from '../../src/web/features/recording/recorder.ts';

interface StandInOptions {
  emit: (event: { type: number; data: Record<string, unknown>; timestamp: number }) => void;
  maskInputFn?: (text: string) => string;
}

const rrweb = vi.hoisted(() => ({ record: vi.fn() }));
vi.mock('@rrweb/record', () => ({ record: rrweb.record }));

function standInRecord(options: StandInOptions): () => void {
  const field = document.querySelector('input');
  options.emit({ type: 2, data: { fieldValue: field?.value ?? null }, timestamp: Date.now() });
  const onInput = (event: Event) => {
    const target = event.target as HTMLInputElement;
    options.emit({ type: 3, data: { source: 5, text: options.maskInputFn?.(target.value) ?? target.value }, timestamp: Date.now() });
  };
  document.addEventListener('input', onInput, { capture: true });
  return () => document.removeEventListener('input', onInput, { capture: true });
}

/** Frames and idle periods run only when the test says so. */
let frames: FrameRequestCallback[] = [];
let idles: IdleRequestCallback[] = [];
function runFrames(): void {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
}
function runIdle(): void {
  const due = idles;
  idles = [];
  for (const callback of due) callback({ didTimeout: false, timeRemaining: () => 50 });
}
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A sale saved by an earlier page (the detail page started it): the insure form resumes it. */
function savedSale(): void {
  localStorage.setItem(
    SAVED_RECORD_KEY,
    JSON.stringify({ serial: 'a'.repeat(32), version: 'dev', productCode: 'P1', nextSeq: 0, lastHash: '0'.repeat(64), pending: [], steps: [], events: [], pages: [] }),
  );
}

/** The events of the saved record once the page is left (the recordBreak), parsed. */
function eventsSavedOnLeaving(): { type: number; data: Record<string, unknown> }[] {
  window.dispatchEvent(new Event('pagehide'));
  const saved = JSON.parse(localStorage.getItem(SAVED_RECORD_KEY) ?? '{}') as { events?: string[] };
  return (saved.events ?? []).map((text) => JSON.parse(text) as { type: number; data: Record<string, unknown> });
}

let recorder: typeof RecorderModule;

beforeEach(async () => {
  frames = [];
  idles = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idles.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: '0000', msg: '', data: null }))));
  rrweb.record.mockReset();
  rrweb.record.mockImplementation(standInRecord);
  localStorage.clear();
  document.body.innerHTML = '<main><label>姓名 <input id="root_policyHolder_name"></label></main>';
  location.hash = '#/insure?productCode=P1';
  vi.resetModules();
  recorder = await import('../../src/web/features/recording/recorder.ts');
  savedSale();
});

afterEach(async () => {
  await recorder.dispose(false);
  vi.unstubAllGlobals();
});

describe('the first snapshot of a recorded page', () => {
  it('is taken after the page has been painted, in an idle period', async () => {
    await recorder.recordSale('P1', false);
    expect(rrweb.record).not.toHaveBeenCalled();
    runFrames();
    expect(rrweb.record).not.toHaveBeenCalled();
    await nextTask();
    expect(rrweb.record).not.toHaveBeenCalled();
    runIdle();
    expect(rrweb.record).toHaveBeenCalledTimes(1);
    expect(eventsSavedOnLeaving().map((event) => event.type)).toEqual([2]);
  });

  it('is taken at once when the buyer types before that, and the typing is recorded', async () => {
    await recorder.recordSale('P1', false);
    const field = document.querySelector('input')!;
    let recordingWhenThePageSawTheKey = false;
    field.addEventListener('keydown', () => {
      recordingWhenThePageSawTheKey = rrweb.record.mock.calls.length === 1;
    });
    field.dispatchEvent(new KeyboardEvent('keydown', { key: '张', bubbles: true }));
    field.value = '张伟';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(recordingWhenThePageSawTheKey).toBe(true);
    // The frame and the idle period that come later start nothing more.
    runFrames();
    await nextTask();
    runIdle();
    expect(rrweb.record).toHaveBeenCalledTimes(1);
    expect(eventsSavedOnLeaving().map((event) => event.data)).toEqual([{ fieldValue: '' }, { source: 5, text: '**' }]);
  });

  it('is taken at once on the first touch', async () => {
    await recorder.recordSale('P1', false);
    document.querySelector('label')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(rrweb.record).toHaveBeenCalledTimes(1);
  });

  it('is taken when the page is left before its idle period', async () => {
    await recorder.recordSale('P1', false);
    expect(rrweb.record).not.toHaveBeenCalled();
    expect(eventsSavedOnLeaving().map((event) => event.type)).toEqual([2]);
    expect(rrweb.record).toHaveBeenCalledTimes(1);
  });

  it('is not taken for a sale abandoned before it', async () => {
    await recorder.recordSale('P1', false);
    await recorder.dispose(false);
    runFrames();
    await nextTask();
    runIdle();
    document.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(rrweb.record).not.toHaveBeenCalled();
  });
});
