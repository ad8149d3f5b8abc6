/**
 * The sale recorder (docs/recording.md): its own lazy chunk, never
 * in the home route. rrweb records the sale from its first insurance page to
 * the payment result, with personal data masked at the source; events are
 * deflated and sent every few seconds (or at a size bound) as chunks chained
 * by SHA-256. The saved record (local storage `savedRecord`: serial, version,
 * sealed chunks not yet acknowledged, and the events not yet sealed — the
 * recordBreak) survives a reload, a network failure and the payment redirect,
 * so the recording resumes under the same serial without a gap.
 */
import { record } from '@rrweb/record';
import { GW } from '../../../contract/define-call.ts';
import { ErrorCode, SUCCESS } from '../../../contract/envelope.ts';
import { CHAIN_GENESIS, CHUNK_MAX_BASE64, RECORDING_PATHS, type PageVersion, type RecordingChunkBody, type SaleStep, type SaleStepBody } from '../../../contract/recording.ts';
import { maskEveryCharacter, maskNumbersInText, maskWhole } from '../../../engine/rules/text-masking.ts';
import { SAVED_RECORD_KEY, USER_KEY } from './keys.ts';

/** A chunk is sealed and sent this often… */
const SEAL_EVERY_MS = 5_000;
/** …or as soon as its events reach this many characters of JSON. */
const SEAL_AT_CHARS = 400_000;
/** A full snapshot every minute, so a replay can start anywhere and a lost chunk costs at most a minute. */
const CHECKOUT_EVERY_MS = 60_000;

type Step = Omit<SaleStepBody, 'serial'>;

interface SavedRecord {
  serial: string;
  /** The app build the recording started with. */
  version: string;
  productCode?: string;
  nextSeq: number;
  lastHash: string;
  /** Sealed chunks not yet acknowledged by the server. */
  pending: RecordingChunkBody[];
  /** Steps not yet acknowledged. */
  steps: Step[];
  /** The recordBreak: events recorded but not sealed yet (JSON texts), and the pages shown meanwhile. */
  events: string[];
  pages: PageVersion[];
}

/** The build id: the content-hashed name of the entry script (`index-AbC123.js`), or `dev`. */
export function buildId(): string {
  const src = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
  return /\/([^/]+)\.js$/.exec(src)?.[1] ?? 'dev';
}

function currentRoute(): string {
  return location.hash.replace(/^#/, '').split('?')[0] || '/';
}

function readSaved(): SavedRecord | null {
  try {
    const raw = localStorage.getItem(SAVED_RECORD_KEY);
    return raw ? (JSON.parse(raw) as SavedRecord) : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ masking at the source

/** Displayed names, ID numbers, phones, schools and addresses carry this class (rrweb's default mask class). */
export const MASK_CLASS = 'rr-mask';

/** Text as recorded: everything inside `.rr-mask` starred, ID numbers and phones anywhere masked as the screens mask them (engine masking rules). */
export function maskText(text: string, element: HTMLElement | null): string {
  if (element?.closest(`.${MASK_CLASS}`)) return maskEveryCharacter(text);
  return maskNumbersInText(text);
}

// ------------------------------------------------------------------ compression and hashing

async function deflate(text: string): Promise<Uint8Array> {
  if (typeof CompressionStream === 'function') {
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  // Browsers without CompressionStream load pako (its own lazy chunk); the server reads both (zlib).
  const pako = await import('pako');
  return pako.deflate(text);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// ------------------------------------------------------------------ transport

/** POST to a recording call without the app's toasts (the recorder works in the background). */
async function post<T>(path: string, body: unknown, keepalive = false): Promise<{ code: string; msg?: string; data: T } | null> {
  // Read from storage rather than through shared/state/session.ts (see keys.ts).
  let token: string | undefined;
  try {
    token = (JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as { token?: string } | null)?.token;
  } catch {
    token = undefined;
  }
  try {
    const res = await fetch(GW + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      keepalive,
      credentials: 'same-origin',
    });
    const json = (await res.json()) as { code?: unknown; msg?: string; data?: T };
    return typeof json.code === 'string' ? { code: json.code, msg: json.msg, data: json.data as T } : null;
  } catch {
    return null;
  }
}

/** Answers that mean the chunk itself will never be accepted (it is dropped and shows as a gap). */
const REFUSED = new Set<string>([ErrorCode.BadRequest, ErrorCode.Rejected, ErrorCode.Resubmit]);

// ------------------------------------------------------------------ the recorder

let saved: SavedRecord | null = null;
let stopRecording: (() => void) | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
let eventChars = 0;
let sealing: Promise<void> = Promise.resolve();
let flushing: Promise<void> | null = null;

function persist(): void {
  if (!saved) return;
  try {
    localStorage.setItem(SAVED_RECORD_KEY, JSON.stringify(saved));
  } catch {
    // Storage full: keep what is sealed, drop the oldest unsealed events rather than everything.
    saved.events = saved.events.slice(Math.floor(saved.events.length / 2));
    try {
      localStorage.setItem(SAVED_RECORD_KEY, JSON.stringify(saved));
    } catch {
      /* nothing more to do: the upload continues from memory */
    }
  }
}

/** Seals events into one or more chunks (split when the deflated data would exceed the server's bound). */
async function sealEvents(record: SavedRecord, events: string[], pages: PageVersion[], final: boolean): Promise<void> {
  const data = toBase64(await deflate(`[${events.join(',')}]`));
  if (data.length > CHUNK_MAX_BASE64 && events.length > 1) {
    const half = Math.ceil(events.length / 2);
    await sealEvents(record, events.slice(0, half), pages, false);
    await sealEvents(record, events.slice(half), [], final);
    return;
  }
  const times = events.map((e) => (JSON.parse(e) as { timestamp: number }).timestamp);
  const seq = record.nextSeq;
  const prevHash = record.lastHash;
  const hash = await sha256Hex(`${prevHash}:${seq}:${data}`);
  const now = Date.now();
  record.pending.push({
    serial: record.serial,
    seq,
    prevHash,
    hash,
    data,
    eventCount: events.length,
    firstAt: times.length ? Math.min(...times) : now,
    lastAt: times.length ? Math.max(...times) : now,
    pages,
    final,
  });
  record.nextSeq = seq + 1;
  record.lastHash = hash;
}

/** Seals the unsealed events (the chain is built one seal at a time). */
function seal(final = false): Promise<void> {
  sealing = sealing.then(async () => {
    const record = saved;
    if (!record || (record.events.length === 0 && record.pages.length === 0 && !final)) return;
    // Copies: events keep arriving while this seal awaits compression and hashing.
    const events = record.events.slice();
    const pages = record.pages.slice();
    // Taken only once sealed: until then a page hide still saves them.
    await sealEvents(record, events, pages, final);
    record.events = record.events.slice(events.length);
    record.pages = record.pages.slice(pages.length);
    eventChars = 0;
    persist();
  });
  return sealing;
}

/** Sends the unacknowledged chunks in order, then the steps; stops at the first network failure. */
function flush(keepalive = false): Promise<void> {
  if (flushing) return flushing;
  flushing = (async () => {
    const record = saved;
    while (record && record.pending.length > 0) {
      const chunk = record.pending[0]!;
      const answer = await post(RECORDING_PATHS.upload, chunk, keepalive && chunk.data.length < 60_000);
      if (!answer) return;
      if (answer.code === ErrorCode.NotFound) return dispose(false);
      if (answer.code !== SUCCESS && !REFUSED.has(answer.code)) return;
      // Refused for good (the server said why): dropped, it shows as a gap in the replay.
      if (answer.code !== SUCCESS) console.warn(`recording: chunk ${chunk.seq} refused (${answer.code} ${answer.msg ?? ''})`);
      record.pending.shift();
      persist();
    }
    while (record && record.steps.length > 0) {
      const answer = await post(RECORDING_PATHS.step, { serial: record.serial, ...record.steps[0] }, keepalive);
      if (!answer || (answer.code !== SUCCESS && !REFUSED.has(answer.code))) return;
      record.steps.shift();
      persist();
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * A clear-record route (spec §2) removed the saved record: the sale was
 * abandoned, so the recorder stops (what was sealed is still sent). Checked on
 * every page change and tick, so the home route's code needs no hook.
 */
function disposedByRoute(): boolean {
  if (!saved || localStorage.getItem(SAVED_RECORD_KEY) !== null) return false;
  void dispose(true);
  return true;
}

/** The route of the last page version noted. */
let shownRoute = '';

function notePage(): void {
  if (!saved || disposedByRoute()) return;
  const route = currentRoute();
  if (route === shownRoute) return;
  shownRoute = route;
  const page: PageVersion = { route, build: buildId(), at: Date.now(), ...(saved.productCode ? { productCode: saved.productCode } : {}) };
  saved.pages.push(page);
  track('pageEnter', {});
}

function onHide(): void {
  // A page left before its snapshot was taken is snapshotted now, so the recordBreak holds it.
  startWaitingNow();
  // The recordBreak: what is not sealed yet is saved synchronously; sealed chunks go out with keepalive.
  persist();
  void flush(true);
}

function onVisibility(): void {
  if (document.visibilityState === 'hidden') onHide();
}

let shownHash = '';

/**
 * rrweb works out a style attribute's change on a span of a scratch document
 * (`document.implementation.createHTMLDocument()`, called without a title) by
 * `setAttribute('style', old)`, which our content-security policy refuses
 * (style-src-attr, no 'unsafe-inline'): a violation report per change, and a
 * diff against an empty style. Elements of such a scratch document take a
 * style through the CSSOM instead, which the policy allows. Calls with a
 * title (DOMPurify's) are left as they are.
 */
function styleThroughCssom(): void {
  const implementation = document.implementation;
  const create = implementation.createHTMLDocument.bind(implementation);
  implementation.createHTMLDocument = (...args: [title?: string]) => {
    const scratch = create(...args);
    if (args.length > 0) return scratch;
    const createElement = scratch.createElement.bind(scratch);
    scratch.createElement = ((tag: string, options?: ElementCreationOptions) => {
      const element = createElement(tag, options);
      const setAttribute = element.setAttribute.bind(element);
      element.setAttribute = (name: string, value: string) => {
        if (name.toLowerCase() === 'style') element.style.cssText = value;
        else setAttribute(name, value);
      };
      return element;
    }) as Document['createElement'];
    return scratch;
  };
}

let scratchPatched = false;

/**
 * What makes rrweb start before its idle period: the buyer's first touch, key,
 * focus or input on the page. The listener runs in the capture phase at the
 * window, before the page's own handlers and before the event reaches the
 * document, where rrweb's observers (added by the start) then see it: the
 * snapshot holds the page as it was, the event follows it.
 */
const FIRST_INPUT = ['pointerdown', 'touchstart', 'mousedown', 'keydown', 'focusin', 'input', 'change'] as const;
/** The longest the start waits for an idle period once the page has been painted. */
const START_IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `start` once the page has been painted (a frame, then a task after it)
 * in an idle period, or at once on the buyer's first input before that, or
 * when `now` is called (the page is hidden or left, the sale finishes).
 */
function afterPaintWhenIdle(start: () => void): { now: () => void; cancel: () => void } {
  let waiting = true;
  let frame = 0;
  let task: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const cancel = () => {
    waiting = false;
    cancelAnimationFrame(frame);
    clearTimeout(task);
    if (idle !== undefined) cancelIdleCallback(idle);
    for (const type of FIRST_INPUT) window.removeEventListener(type, now, true);
  };
  const now = () => {
    if (!waiting) return;
    cancel();
    start();
  };
  for (const type of FIRST_INPUT) window.addEventListener(type, now, { capture: true, passive: true });
  frame = requestAnimationFrame(() => {
    task = setTimeout(() => {
      // Safari before 18 has no requestIdleCallback: the task after the frame is the start.
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(now, { timeout: START_IDLE_TIMEOUT_MS });
      else now();
    }, 0);
  });
  return { now, cancel };
}

/** rrweb's start (its full snapshot, then its observers) while it waits for the page's first paint and an idle period. */
let pendingStart: { now: () => void; cancel: () => void } | undefined;

/** Takes the waiting snapshot at once (the page is hidden or left, the sale finishes). */
function startWaitingNow(): void {
  pendingStart?.now();
}

/** rrweb itself: a full snapshot of the page now, then its observers. */
function runRrweb(): void {
  pendingStart = undefined;
  stopRecording = record({
    emit(event) {
      if (!saved) return;
      // The router pushes hash routes through the history API (no hashchange): each event checks the route.
      if (location.hash !== shownHash) {
        shownHash = location.hash;
        notePage();
        // The new route may be a clear-record one: notePage has then disposed the recording.
        if (!saved) return;
      }
      const text = JSON.stringify(event);
      saved.events.push(text);
      eventChars += text.length;
      if (eventChars > SEAL_AT_CHARS) void seal().then(() => flush());
    },
    checkoutEveryNms: CHECKOUT_EVERY_MS,
    maskAllInputs: true,
    maskTextSelector: '*',
    maskTextFn: maskText,
    maskInputFn: maskWhole,
    // No mouse moves; scrolls at most every 300 ms; an input only its last value.
    sampling: { mousemove: false, mouseInteraction: { MouseUp: false, MouseDown: false, Click: true, ContextMenu: false, DblClick: false, Focus: false, Blur: false, TouchStart: false, TouchEnd: false }, scroll: 300, media: 800, input: 'last' },
    recordCanvas: false,
    collectFonts: false,
    inlineImages: false,
    slimDOMOptions: 'all',
  });
}

/**
 * Records from here on. rrweb's first full snapshot is one long task (the
 * whole page serialised, its stylesheets inlined): it waits for the page's
 * first paint and an idle period rather than holding up the screen's first
 * render, and starts at once on the buyer's first input before that
 * (afterPaintWhenIdle), so nothing the buyer does is missed.
 */
function startRrweb(): void {
  if (!scratchPatched) {
    styleThroughCssom();
    scratchPatched = true;
  }
  stopRrweb();
  const start = afterPaintWhenIdle(runRrweb);
  pendingStart = start;
  stopRecording = () => {
    start.cancel();
    if (pendingStart === start) pendingStart = undefined;
  };
  window.addEventListener('hashchange', notePage);
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  timer = setInterval(() => {
    if (!disposedByRoute()) void seal().then(() => flush());
  }, SEAL_EVERY_MS);
}

function stopRrweb(): void {
  stopRecording?.();
  stopRecording = undefined;
  pendingStart = undefined;
  clearInterval(timer);
  timer = undefined;
  window.removeEventListener('hashchange', notePage);
  window.removeEventListener('pagehide', onHide);
  document.removeEventListener('visibilitychange', onVisibility);
}

/**
 * Ends the recording here without finishing it (a clear-record route: the
 * sale was abandoned): what was sealed is still sent once, then the saved
 * record is gone.
 */
export async function dispose(sendRest: boolean): Promise<void> {
  const record = saved;
  stopRrweb();
  saved = null;
  localStorage.removeItem(SAVED_RECORD_KEY);
  if (sendRest && record && record.pending.length > 0) {
    for (const chunk of record.pending) await post(RECORDING_PATHS.upload, chunk, chunk.data.length < 60_000);
  }
}

/**
 * Records the sale shown now: resumes the saved recording (after a reload or
 * the payment redirect: its unsealed events are sealed first, under the same
 * serial) or, with `fresh` or none saved, opens a new one.
 */
export function recordSale(productCode: string | undefined, fresh: boolean): Promise<void> {
  // One start at a time: a screen and the finish may both ask.
  starting = starting.then(() => startOrResume(productCode, fresh)).catch(() => undefined);
  return starting;
}
let starting: Promise<void> = Promise.resolve();

async function startOrResume(productCode: string | undefined, fresh: boolean): Promise<void> {
  const existing = fresh ? null : (saved ?? readSaved());
  if (fresh && (saved || readSaved())) await dispose(true);
  if (existing) {
    if (saved === existing && stopRecording) {
      if (productCode) existing.productCode = productCode;
      notePage();
      return;
    }
    saved = existing;
    if (productCode) saved.productCode = productCode;
    // The recordBreak before anything new: sealed as the next chunk of the chain.
    if (saved.events.length > 0) await seal();
  } else {
    const build = buildId();
    const answer = await post<{ serial: string }>(RECORDING_PATHS.start, {
      entryRoute: currentRoute(),
      build,
      ...(productCode ? { productCode } : {}),
    });
    if (answer?.code !== SUCCESS || !answer.data) return;
    saved = { serial: answer.data.serial, version: build, productCode, nextSeq: 0, lastHash: CHAIN_GENESIS, pending: [], steps: [], events: [], pages: [] };
    persist();
  }
  notePage();
  startRrweb();
  void flush();
}

/** A key step of the sale (op-log op/ins), queued with the chunks until acknowledged. */
export function track(step: SaleStep, detail: Partial<Omit<Step, 'step' | 'at'>>): void {
  const record = saved ?? readSaved();
  if (!record) return;
  saved = record;
  record.steps.push({ step, at: Date.now(), route: currentRoute(), ...(record.productCode ? { productCode: record.productCode } : {}), ...detail });
  persist();
  void flush();
}

/** The payment result was shown: the last chunk goes out marked final, then the saved record is cleared. */
export async function finishSale(orderCode: string | undefined, result: 'success' | 'failure'): Promise<void> {
  if (!saved && !readSaved()) return;
  if (!saved || !stopRecording) await recordSale(undefined, false);
  track('payResult', { ...(orderCode ? { orderCode } : {}), result });
  const record = saved;
  if (!record) return;
  // Let the result page render into the recording before the last seal.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  // The result page is in the recording even when no idle period came in those 1.5 s.
  startWaitingNow();
  stopRrweb();
  await seal(true);
  for (let attempt = 0; attempt < 5 && (record.pending.length > 0 || record.steps.length > 0); attempt++) {
    await flush();
    if (record.pending.length > 0 || record.steps.length > 0) await new Promise((resolve) => setTimeout(resolve, 2000 * (attempt + 1)));
  }
  if (record.pending.length === 0 && record.steps.length === 0 && saved === record) {
    saved = null;
    localStorage.removeItem(SAVED_RECORD_KEY);
  }
}
