/**
 * HTTP hardening of the whole app, registered once by app.ts before any route:
 * compression, security headers, overload protection and the health routes.
 * See docs/deployment.md, "HTTP".
 */
import { createHash } from 'node:crypto';
import { getHeapStatistics } from 'node:v8';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { GW } from '../../contract/define-call.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { COMPRESS_THRESHOLD } from './answer-size.ts';
import { registerHealthRoutes, type HealthDeps } from './health-routes.ts';

/** Overload limits of @fastify/under-pressure; 0 turns a limit off. */
export interface PressureLimits {
  /** Mean event-loop delay over one sample, ms. */
  maxEventLoopDelay: number;
  maxHeapUsedBytes: number;
  maxRssBytes: number;
  /** 0..1. */
  maxEventLoopUtilization: number;
  /** How often the process is sampled, ms. */
  sampleInterval: number;
  /** Seconds a refused client is asked to wait. */
  retryAfter: number;
}

export interface HardeningOptions extends HealthDeps {
  /** PUBLIC_URL: when it is https, browsers are told to stay on https (HSTS, upgrade-insecure-requests). */
  publicUrl?: string | undefined;
  /** Hash sources (`'sha256-…'`) of the inline scripts of the served index.html ({@link inlineScriptHashes}). */
  inlineScripts?: readonly string[];
  /** Overrides of the defaults; false: no overload check (tests, where a loaded CI box is no overload). */
  pressure?: Partial<PressureLimits> | false;
}

/**
 * Defaults for a 2-core box: a second of mean event-loop delay means requests
 * already wait that long; the heap limit is 90 % of V8's own, so the server
 * refuses work before it would crash with "heap out of memory". RSS is left to
 * the container's limit (set maxRssBytes when there is one). Event-loop
 * utilisation is off: a busy but healthy server sits near 100 %.
 */
export function defaultPressureLimits(): PressureLimits {
  return {
    maxEventLoopDelay: 1000,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    maxRssBytes: 0,
    maxEventLoopUtilization: 0,
    sampleInterval: 1000,
    retryAfter: 10,
  };
}

/** The `{code,msg,data}` answer of an overloaded server. */
export const BUSY_BODY = Object.freeze({ code: ErrorCode.Busy, msg: '系统繁忙，请稍后重试', data: null });

/**
 * The web app's policy: scripts and styles only from files of this origin (no
 * inline script but index.html's document start, allowed by the hash of its text, `inlineScripts`;
 * index.html links its base styles; no eval, see below), images also as data: and
 * blob: URLs (QR codes, photos being uploaded), calls to this origin only,
 * never framed. React's `style` props go through the CSSOM, which style-src
 * does not govern, so no 'unsafe-inline' is needed.
 *
 * Sharing (src/web/features/sharing): the QR code and the poster are data:
 * URLs (dom-to-image-more draws the poster as a data: SVG image onto a canvas
 * and copies styles through the CSSOM, so img-src data: is all it needs).
 * Inside WeChat the share card needs WeChat's JSSDK, a script of
 * {@link WECHAT_JSSDK_ORIGIN}, which talks to WeChat through the in-app
 * bridge (no fetch) and reports its set-up as an image of
 * {@link WECHAT_REPORT_ORIGIN}.
 */
export const WECHAT_JSSDK_ORIGIN = 'https://res.wx.qq.com';
export const WECHAT_REPORT_ORIGIN = 'https://open.weixin.qq.com';

export function appCspDirectives(https: boolean, inlineScripts: readonly string[] = []): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    // No 'unsafe-eval': the insure form's validator is compiled on the server and imported as a
    // module from this origin (src/server/catalogue/form-validators.ts), not compiled in the browser.
    // No 'unsafe-inline': the one inline script of index.html (the document start, built by
    // scripts/lib/vite-document-preloads.ts) is allowed by its hash, that exact text only.
    'script-src': ["'self'", ...inlineScripts, WECHAT_JSSDK_ORIGIN],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', WECHAT_REPORT_ORIGIN],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Helmet adds it by default; it would break a deployment tried over plain http (a phone on the LAN).
    'upgrade-insecure-requests': https ? [] : null,
  };
}

/**
 * The server-rendered sandbox pages (cashier, WeChat OAuth, face check) carry their
 * styles inline and post forms to this origin; they run no script at all — except the
 * e-sign sandbox's signature pad, which sends its own policy allowing only its nonce'd
 * script and style (kept below).
 */
export const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
const SANDBOX_PREFIX = '/_sandbox/';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers even when the server is overloaded (the health and readiness probes). */
    overloadExempt?: boolean;
  }
}

/** What @fastify/under-pressure decorates its scope with: the sampled figures. */
interface PressureMonitor {
  isUnderPressure(): boolean;
  memoryUsage(): { eventLoopDelay: number; rssBytes: number; heapUsed: number; eventLoopUtilized: number };
}

/**
 * Whether a request is to be refused as overload, or false. @fastify/under-pressure
 * samples the process (event-loop delay, heap, RSS); it is registered in a scope of
 * its own so that its `onRequest` hook (which built a route-options object on every
 * request) covers no route: the one security-header hook below asks instead, and
 * looks further only when a limit is passed. The event-loop delay sampled while the
 * app was starting (migrations, manifests) is the start's, not load: it refused
 * every request for up to a second after listening, so it counts only from two
 * samples after the app is ready.
 */
async function overloadCheck(app: FastifyInstance, limits: PressureLimits): Promise<(request: FastifyRequest) => boolean> {
  let readyAt: number | undefined;
  app.addHook('onReady', async () => {
    readyAt = performance.now();
  });
  const startSettled = () => readyAt !== undefined && performance.now() - readyAt >= 2 * limits.sampleInterval;
  let monitor: PressureMonitor | undefined;
  await app.register(async (scope) => {
    await scope.register(fastifyUnderPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelay,
      maxHeapUsedBytes: limits.maxHeapUsedBytes,
      maxRssBytes: limits.maxRssBytes,
      maxEventLoopUtilization: limits.maxEventLoopUtilization,
      sampleInterval: limits.sampleInterval,
      retryAfter: limits.retryAfter,
    });
    monitor = scope as unknown as PressureMonitor;
  });
  return (request) => {
    if (!monitor?.isUnderPressure()) return false;
    const usage = monitor.memoryUsage();
    const over = (limit: number, value: number) => limit > 0 && value > limit;
    const overloaded =
      over(limits.maxHeapUsedBytes, usage.heapUsed) ||
      over(limits.maxRssBytes, usage.rssBytes) ||
      over(limits.maxEventLoopUtilization, usage.eventLoopUtilized) ||
      (over(limits.maxEventLoopDelay, usage.eventLoopDelay) && startSettled());
    return overloaded && request.routeOptions.config.overloadExempt !== true;
  };
}

/** Helmet's options for the app: the policy above, and what differs from helmet's defaults. */
export function helmetOptions(https: boolean, inlineScripts: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(https, inlineScripts) },
    // No cross-origin resources are embedded; COEP would only risk breaking images shared to WeChat.
    crossOriginEmbedderPolicy: false,
    // Never framed, as frame-ancestors 'none' says, for the browsers (old WebViews) that read only this header.
    xFrameOptions: { action: 'deny' },
    // Real payment platforms (WeChat H5 pay) check the Referer's host: keep the browser default.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only when the app is served over https: over http browsers ignore HSTS anyway.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  };
}

/**
 * The headers helmet sets with `options`, computed once. @fastify/helmet ran
 * helmet(options) on every request, parsing the policy's directives each
 * time (a sixth of a quote's own work); the app's policy depends on
 * no request (no nonces, no directive functions), so the same headers are
 * set from this list instead.
 */
export function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** PUBLIC_URL is https: browsers are told to stay there (HSTS, upgrade-insecure-requests). */
export function servedOverHttps(publicUrl: string | undefined): boolean {
  return Boolean(publicUrl?.startsWith('https://'));
}

/** Answers under this prefix are the API's: JSON envelopes, and the form validator modules. */
export const API_PREFIX = `${GW}/`;

/**
 * The policy of an API answer: it is never rendered as a document, loads
 * nothing and may not be framed (OWASP REST Security cheat sheet). A browser
 * applies a response's policy only to documents and workers, so it does not
 * touch the app's fetch() of the answer or its import() of a validator module.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers of an answer under /_gw (docs/security.md "Security
 * headers"): what OWASP's REST Security cheat sheet asks of a JSON API, plus
 * CORP. Helmet's other headers govern documents (referrer of the page's links,
 * COOP's browsing-context group, Origin-Agent-Cluster, DNS prefetch of the
 * page's links) or old plugins (X-Download-Options, X-Permitted-Cross-Domain-
 * Policies, X-XSS-Protection), none of which an API answer is; HSTS is kept when
 * served over https, the same value as the page's.
 */
export function apiSecurityHeaders(https: boolean): Readonly<Record<string, string>> {
  const hsts = https ? securityHeaders(helmetOptions(true)).find(([name]) => name.toLowerCase() === 'strict-transport-security')?.[1] : undefined;
  return Object.freeze({
    // Answers carry personal data (policies, insureds): no browser or proxy keeps them. A route that may be
    // cached says so itself (the form validator modules: immutable; the regions: AREA_CACHE_CONTROL).
    'cache-control': 'no-store',
    'content-security-policy': API_CSP,
    // Another site's <script>/<img> may not read them (what CORB guesses for JSON, stated for every answer).
    'cross-origin-resource-policy': 'same-origin',
    // Never sniffed into HTML or script: the JSON answers and the validator modules are what their type says.
    'x-content-type-options': 'nosniff',
    // Old browsers (and WeChat's older webviews) that ignore frame-ancestors.
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  });
}

/** Both sets, computed once: `api` for answers under {@link API_PREFIX}, `page` (helmet's full set) for the rest. */
export function headerSets(
  https: boolean,
  inlineScripts: readonly string[] = [],
): { api: Readonly<Record<string, string>>; page: Readonly<Record<string, string>> } {
  return { api: apiSecurityHeaders(https), page: Object.freeze(Object.fromEntries(securityHeaders(helmetOptions(https, inlineScripts)))) };
}

/**
 * The CSP hash sources (`'sha256-<base64>'`) of a document's inline scripts: the text between each
 * `<script>` without a `src` and its `</script>`, exactly as served (CSP 3, "script-src" hash sources).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
}


export async function registerHardening(app: FastifyInstance, options: HardeningOptions): Promise<void> {
  const https = servedOverHttps(options.publicUrl);

  // Before every route: @fastify/compress hooks into routes as they are registered.
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    // Clients never send compressed bodies; decompressing them would only widen the attack surface.
    globalDecompression: false,
  });
  // Every response carries a security header set of its kind (API_PREFIX: the API set; anything else:
  // helmet's, for the HTML document, static files and the sandbox pages). Routes that set their own
  // (the clause page, the face page, a route's cache-control) replace a header with reply.header().
  // The overload check runs in the same hook (one hook per request, not two): a refused request gets its headers too.
  const headers = headerSets(https, options.inlineScripts);
  const limits = options.pressure === false ? undefined : { ...defaultPressureLimits(), ...options.pressure };
  const overloaded = limits ? await overloadCheck(app, limits) : () => false;
  const retryAfter = String(limits?.retryAfter ?? 0);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? headers.api : headers.page);
    if (overloaded(request)) {
      reply.status(503).header('retry-after', retryAfter).send(BUSY_BODY);
      return;
    }
    done();
  });
  // The sandbox pages get theirs here: a hook on their routes only (every other answer skips it).
  const sandboxPolicy: onSendHookHandler = (_request, reply, payload, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      const own = String(reply.getHeader('content-security-policy') ?? '');
      if (!own.includes("'nonce-")) reply.header('content-security-policy', SANDBOX_CSP);
    }
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(SANDBOX_PREFIX)) route.onSend = [...[route.onSend ?? []].flat(), sandboxPolicy];
  });

  registerHealthRoutes(app, options);
}
