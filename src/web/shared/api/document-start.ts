/**
 * Requests the document started before the entry ran (docs/performance.md, "The document start"). The
 * document-start script (scripts/lib/vite-document-preloads.ts, a classic script inlined in index.html
 * after the entry's script) sends the `/_gw` calls configured for the route in the URL's hash — home's catalogue and
 * market list for `/` — and leaves each one under `window[DOCUMENT_START_KEY]`, keyed by method and URL,
 * with the body and headers it sent. The client (`client.ts`) takes a started request instead of sending
 * its own when it would send exactly the same request: same method, URL, body and headers (the session's
 * token included). Anything else — another body, a refreshed token, a request the document's fetch failed
 * to send — goes to the network as before. Each started request is taken once; the first take closes the
 * store, so a document-start script that ran late (after the entry's first call) starts nothing.
 */

import { SYS_CODE } from '../../../engine/rules/system-codes.ts';
import { STORAGE_KEYS } from '../state/storage.ts';

/** The window property the document-start script leaves its requests under. */
export const DOCUMENT_START_KEY = '__eduDocumentStart';

/**
 * The window property a route with a painted first view (a detail link: app/early-detail-paint.ts) leaves a
 * promise under, settled once that view has been presented, or at once when nothing was painted.
 */
export const DOCUMENT_PAINT_KEY = '__eduDocumentPaint';

/** Spec §9: the access token is refreshed (before a call) when under 600 s remain. */
export const REFRESH_THRESHOLD_S = 600;

/**
 * How the document-start script sends a call as `client.ts` does (vite.config.ts passes it to the plugin):
 * the system code on every call, the stored session's token, nothing when the client would refresh it first.
 */
export const DOCUMENT_CALL_START = {
  key: DOCUMENT_START_KEY,
  headers: { sysCode: SYS_CODE },
  session: { storageKey: STORAGE_KEYS.user, refreshThresholdMs: REFRESH_THRESHOLD_S * 1000 },
  paintKey: DOCUMENT_PAINT_KEY,
} as const;

/**
 * Settles once the view the document painted from its answer has been presented (at once when it painted
 * none): the app's first render replaces that view with the same boxes, and waits for this so that the
 * browser has shown it first. Without the wait, a phone that has the app's files by the time the answer
 * arrives goes straight into rendering the app, and the painted view is replaced unseen (and uncounted by
 * the browser's largest-paint measure, which drops an element removed before its frame was presented).
 */
export function documentPaintPresented(): Promise<void> {
  const left = (globalThis as unknown as Record<string, unknown>)[DOCUMENT_PAINT_KEY];
  return left instanceof Promise ? left.then(
    () => undefined,
    () => undefined,
  ) : Promise.resolve();
}

/** One request the document sent: the body and headers it was sent with, and the answer on its way. */
export interface StartedRequest {
  readonly body: string | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly response: Promise<Response>;
}

/** The document's requests by `${method} ${url}`; null once closed (or when the document started none). */
let started: Record<string, StartedRequest | undefined> | null | undefined;

function startedRequests(): Record<string, StartedRequest | undefined> | null {
  if (started !== undefined) return started;
  const scope = globalThis as unknown as Record<string, unknown>;
  const left = scope[DOCUMENT_START_KEY];
  started = left && typeof left === 'object' ? (left as Record<string, StartedRequest>) : null;
  // Closed: a document-start script that has not run yet starts nothing now (the client sends its own).
  scope[DOCUMENT_START_KEY] = null;
  return started;
}

/** Headers as redaxios passes them to fetch (a plain object, lower-case names) against the document's (lower-case too). */
function sameHeaders(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * The answer of the request the document started when it is exactly this one (taken once), else
 * undefined. `send` sends it anew: called when the document's fetch failed before an answer.
 */
export function takeStartedRequest(url: string, init: RequestInit, send: () => Promise<Response>): Promise<Response> | undefined {
  const requests = startedRequests();
  if (!requests) return undefined;
  // redaxios passes the method in capitals, the body as a string (JSON) or nothing, the headers as a plain object.
  const key = `${init.method} ${url}`;
  const request = requests[key];
  if (!request) return undefined;
  requests[key] = undefined;
  if ((init.body ?? null) !== request.body || !sameHeaders(request.headers, (init.headers ?? {}) as Record<string, string>)) return undefined;
  return request.response.catch(send);
}

/** Tests: forget what was read, so the next take reads `window[DOCUMENT_START_KEY]` again. */
export function resetDocumentStartForTests(): void {
  started = undefined;
}
