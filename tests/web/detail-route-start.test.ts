// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ROUTES, DETAIL_ROUTE_SHAPE } from '../../src/contract/app-routes.ts';
import { DETAIL_START_GLOBAL, detailStartSource } from '../../scripts/lib/vite-detail-route-start.ts';

/**
 * The document's start script for detail routes (scripts/lib/vite-detail-route-start.ts, issue 15): on a
 * path outside the route table with a detail route's shape, it sends the route call and preloads the
 * detail screen's files; anywhere else it does nothing.
 */
const source = detailStartSource({
  tablePaths: Object.values(APP_ROUTES).map((route) => route.path),
  shape: DETAIL_ROUTE_SHAPE,
  call: '/_gw/prod-svc/api/v1/detailRoute/edu',
  files: ['assets/detail-a.js', 'assets/detail-a.css'],
  imageAt: ['detail', 'banner', 'image'],
});

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
    delete (window as unknown as Record<string, unknown>)[DETAIL_START_GLOBAL];
  });

  it('sends the route call and preloads the detail files on a detail route, its query left out; then the banner the answer names', async () => {
    const { fetched, links } = runAt('#/xuzhouStudentSafetyDetails?promoCode=P1', { code: '0000', msg: '', data: { detail: { banner: { image: '/img/b.svg' } } } });
    expect(fetched).toEqual([['/_gw/prod-svc/api/v1/detailRoute/edu?path=%2FxuzhouStudentSafetyDetails', { credentials: 'include' }]]);
    expect(window.__eduDetailStart?.path).toBe('/xuzhouStudentSafetyDetails');
    expect(links).toEqual(['modulepreload /assets/detail-a.js', 'preload style /assets/detail-a.css']);
    await vi.waitFor(() => expect(document.head.querySelector('link[as=image]')?.getAttribute('href')).toBe('/img/b.svg'));
    // The app still reads the answer itself.
    expect(await (await window.__eduDetailStart!.response).json()).toMatchObject({ code: '0000' });
  });

  it('preloads no image when the answer names none (a path that is no product)', async () => {
    runAt('#/noSuchDetails', { code: '4004', msg: '商品不存在或已下架', data: null });
    await window.__eduDetailStart!.response;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.head.querySelector('link[as=image]')).toBeNull();
  });

  it('does nothing on table routes (whatever their case, as the router matches), home, or paths of another shape', () => {
    for (const hash of ['#/aboutUs', '#/ABOUTUS', '#/insure?productCode=A1', '#/', '', '#/passport/login', '#/bindPhone/a/b', '#/no-such']) {
      const { fetched, links } = runAt(hash);
      expect(fetched, hash).toEqual([]);
      expect(links, hash).toEqual([]);
      expect(window.__eduDetailStart, hash).toBeUndefined();
    }
  });

  it("knows a detail route by the manifests' own route pattern", () => {
    const schema = JSON.parse(readFileSync('schemas/product-manifest.schema.json', 'utf8')) as { properties: { routes: { items: { pattern: string } } } };
    expect(DETAIL_ROUTE_SHAPE.source).toBe(schema.properties.routes.items.pattern.replaceAll('/', '\\/'));
  });
});
