// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentStartSource, type BuiltPatternStart } from '../../scripts/lib/vite-document-preloads.ts';
import { APP_ROUTES, DETAIL_ROUTE_SHAPE } from '../../src/contract/app-routes.ts';
import { SYS_CODE } from '../../src/engine/rules/system-codes.ts';
import { DOCUMENT_CALL_START, DOCUMENT_START_KEY, type StartedRequest } from '../../src/web/shared/api/document-start.ts';

/**
 * The document-start script's detail route start (scripts/lib/vite-document-preloads.ts, `PatternStart`):
 * on a path outside the route table with a detail route's shape, it sends the route call as the
 * client would and preloads the detail screen's files; anywhere else (but home's own start) it does nothing.
 */
/** The detail route's start as vite.config.ts declares it (its files and table aside), with `extra`. */
const detailStart = (extra: Partial<BuiltPatternStart>): BuiltPatternStart => ({
  shape: DETAIL_ROUTE_SHAPE,
  table: [],
  files: [],
  call: { method: 'GET', url: '/_gw/prod-svc/api/v1/detailRoute/edu', body: null },
  pathQuery: 'path',
  ...extra,
});
const source = documentStartSource({ '/': ['assets/home-a.js'] }, {}, DOCUMENT_CALL_START, [
  detailStart({
    table: Object.values(APP_ROUTES).map((route) => route.path),
    files: ['assets/detail-a.js', 'assets/detail-a.css'],
    imageAt: ['detail', 'banner', 'image'],
  }),
]);
const started = () => (window as unknown as Record<string, Record<string, StartedRequest> | undefined>)[DOCUMENT_START_KEY];
const BY_ROUTE = 'GET /_gw/prod-svc/api/v1/detailRoute/edu?path=%2FxuzhouStudentSafetyDetails';

/** Runs the script on `hash`; what it fetched and the links it added. */
function runAt(hash: string, answer: unknown = null) {
  document.head.innerHTML = '';
  location.hash = hash;
  const fetched: [string, RequestInit | undefined][] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    fetched.push([url, init]);
    return Promise.resolve(new Response(JSON.stringify(answer)));
  });
  new Function(source)();
  const links = [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('as') ?? ''} ${link.getAttribute('href')}`.replace('  ', ' '));
  return { fetched, links };
}

describe('the detail route start script', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>)[DOCUMENT_START_KEY];
  });

  it('sends the route call and preloads the detail files on a detail route, its query left out; then the banner the answer names', async () => {
    const { fetched, links } = runAt('#/xuzhouStudentSafetyDetails?promoCode=P1', { code: '0000', msg: '', data: { detail: { banner: { image: '/img/b.svg' } } } });
    expect(fetched).toEqual([
      [
        '/_gw/prod-svc/api/v1/detailRoute/edu?path=%2FxuzhouStudentSafetyDetails',
        { method: 'GET', body: undefined, headers: { syscode: SYS_CODE }, credentials: 'include' },
      ],
    ]);
    expect(Object.keys(started() ?? {})).toEqual([BY_ROUTE]);
    expect(links).toEqual(['modulepreload /assets/detail-a.js', 'preload style /assets/detail-a.css']);
    await vi.waitFor(() => expect(document.head.querySelector('link[as=image]')?.getAttribute('href')).toBe('/img/b.svg'));
    // The app still reads the answer itself.
    expect(await (await started()![BY_ROUTE]!.response).json()).toMatchObject({ code: '0000' });
  });

  it('sends the route call before it adds any preload link (on six HTTP/1.1 connections a request queues behind them)', () => {
    document.head.innerHTML = '';
    location.hash = '#/xuzhouStudentSafetyDetails';
    const linksWhenFetched: number[] = [];
    vi.stubGlobal('fetch', () => {
      linksWhenFetched.push(document.head.querySelectorAll('link').length);
      return Promise.resolve(new Response('null'));
    });
    new Function(source)();
    expect(linksWhenFetched).toEqual([0]);
    expect(document.head.querySelectorAll('link')).toHaveLength(2);
  });

  it('preloads no image when the answer names none (a path that is no product)', async () => {
    runAt('#/noSuchDetails', { code: '4004', msg: '商品不存在或已下架', data: null });
    await started()!['GET /_gw/prod-svc/api/v1/detailRoute/edu?path=%2FnoSuchDetails']!.response;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.head.querySelector('link[as=image]')).toBeNull();
  });

  it('does nothing on table routes (whatever their case, as the router matches) or paths of another shape; home keeps its own start', () => {
    for (const hash of ['#/aboutUs', '#/ABOUTUS', '#/insure?productCode=A1', '#/passport/login', '#/bindPhone/a/b', '#/no-such']) {
      const { fetched, links } = runAt(hash);
      expect(fetched, hash).toEqual([]);
      expect(links, hash).toEqual([]);
      expect(started(), hash).toBeUndefined();
    }
    for (const hash of ['#/', '']) {
      const { fetched, links } = runAt(hash);
      expect(fetched, hash).toEqual([]);
      expect(links, hash).toEqual(['modulepreload /assets/home-a.js']);
    }
  });

  it("paints from the answer's data (the pattern's serialised function, with its extra), once the image it names is preloaded", async () => {
    const painting = documentStartSource({}, {}, DOCUMENT_CALL_START, [
      detailStart({
        imageAt: ['detail', 'banner', 'image'],
        paint: {
          run: (data: unknown, extra: unknown) => {
            (window as unknown as { painted: unknown[] }).painted = [data, extra, document.head.querySelector('link[as=image]')?.getAttribute('href')];
          },
          extra: { notice: 'n' },
        },
      }),
    ]);
    document.head.innerHTML = '';
    location.hash = '#/xuzhouStudentSafetyDetails';
    const data = { detail: { banner: { image: '/img/b.svg' } } };
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ code: '0000', msg: '', data }))));
    new Function(painting)();
    await vi.waitFor(() => expect((window as unknown as { painted?: unknown[] }).painted).toEqual([data, { notice: 'n' }, '/img/b.svg']));
  });

  it('leaves what the paint returns under the paint key for the app, settled at once when the call fails', async () => {
    const source = documentStartSource({}, {}, DOCUMENT_CALL_START, [
      // Serialised: it reaches the test through the window only.
      detailStart({ paint: { run: () => new Promise<void>((resolve) => ((window as unknown as { present: () => void }).present = resolve)), extra: null } }),
    ]);
    const scope = window as unknown as Record<string, unknown>;
    const state = { settled: false };
    location.hash = '#/xuzhouStudentSafetyDetails';
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ code: '0000', msg: '', data: {} }))));
    delete scope[DOCUMENT_START_KEY];
    new Function(source)();
    const presented = scope[DOCUMENT_CALL_START.paintKey] as Promise<void>;
    expect(presented).toBeInstanceOf(Promise);
    void presented.then(() => (state.settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.settled).toBe(false);
    (window as unknown as { present: () => void }).present();
    await vi.waitFor(() => expect(state.settled).toBe(true));

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    delete scope[DOCUMENT_START_KEY];
    new Function(source)();
    await expect(scope[DOCUMENT_CALL_START.paintKey]).resolves.toBeUndefined();
  });

  it("knows a detail route by the manifests' own route pattern", () => {
    const schema = JSON.parse(readFileSync('schemas/product-manifest.schema.json', 'utf8')) as { properties: { routes: { items: { pattern: string } } } };
    expect(DETAIL_ROUTE_SHAPE.source).toBe(schema.properties.routes.items.pattern.replaceAll('/', '\\/'));
  });
});
