// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { documentStartSource } from '../../scripts/lib/vite-document-preloads.ts';
import { APP_ROUTES, DETAIL_ROUTE_SHAPE } from '../../src/contract/app-routes.ts';
import { DOCUMENT_CALL_START, DOCUMENT_START_KEY, resetDocumentStartForTests } from '../../src/web/shared/api/document-start.ts';
import { earlyCatalogue, loadQueryModule } from '../../src/web/shared/api/early-queries.ts';
import { catchAllAnswer, type CatchAllData } from '../../src/web/app/route-gates.ts';

/**
 * The catch-all route's look-up (docs/performance.md "A detail page opened by its link"): a detail route opened by its
 * link is resolved, and its manifest fetched, by one call (`detailRoute/edu?path`), the document's own
 * request when the document-start script sent it; the product list is not asked for. With the list at hand, the
 * path resolves at once from it.
 */
const BY_ROUTE = '/_gw/prod-svc/api/v1/detailRoute/edu';
const BANNER = '/img/illustrations/test-banner.svg';

const manifestOf = (productCode: string) =>
  ({ productCode, productName: productCode, status: 'online', detail: { banner: { image: BANNER } } }) as unknown as ProductManifest;
const answer = (data: unknown, code = '0000', msg = '') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });

/** The global fetch, answered per URL by `route`; every URL asked is kept. */
function stubFetch(route: (url: string) => Promise<Response>): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    return route(url);
  });
  return asked;
}

/** The document-start script with the detail route start as vite.config.ts declares it (no files). */
const documentStart = documentStartSource({}, {}, DOCUMENT_CALL_START, [
  {
    shape: DETAIL_ROUTE_SHAPE,
    table: Object.values(APP_ROUTES).map((route) => route.path),
    files: [],
    call: { method: 'GET', url: BY_ROUTE, body: null },
    pathQuery: 'path',
    imageAt: ['detail', 'banner', 'image'],
  },
]);
const runDocumentStart = (hash: string) => {
  location.hash = hash;
  new Function(documentStart)();
};

const resolved = async (value: CatchAllData | Promise<CatchAllData>) => value;

describe('catch-all look-up of a detail route', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    resetDocumentStartForTests();
    delete (window as unknown as Record<string, unknown>)[DOCUMENT_START_KEY];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    location.hash = '';
  });

  it("takes the document's request: one call resolves the product, its banner is preloaded and its manifest is the screen's", async () => {
    const asked = stubFetch(() => Promise.resolve(answer(manifestOf('A1'))));
    runDocumentStart('#/aDetails');
    expect(asked).toEqual([`${BY_ROUTE}?path=%2FaDetails`]);
    const pending = catchAllAnswer({ pathname: '/aDetails', search: '' }, 'one#0');
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual({ kind: 'product', productCode: 'A1' });
    // The client took the document's request: nothing more went out.
    expect(asked).toHaveLength(1);
    const preload = document.head.querySelector('link[rel=preload][as=image]');
    expect(preload?.getAttribute('href')).toBe(BANNER);

    // The screen's manifest query finds the answer: no request for the manifest by code.
    const { queryClient, queries } = await loadQueryModule();
    await vi.waitFor(() => expect(queryClient.getQueryData(queries.productManifest('A1').queryKey)).toMatchObject({ productCode: 'A1' }));
    expect(await queryClient.fetchQuery(queries.productManifest('A1'))).toMatchObject({ productCode: 'A1' });
    expect(asked).toHaveLength(1);
    // Back to the page later: known at once.
    expect(catchAllAnswer({ pathname: '/aDetails', search: '' }, 'two#0')).toEqual({ kind: 'product', productCode: 'A1' });
  });

  it('without the document\'s request sends the call once; 4004 is the not-found screen, remembered', async () => {
    const asked = stubFetch(() => Promise.resolve(answer(null, '4004', '商品不存在或已下架')));
    // The document started another path's call (the hash changed since): the client sends its own.
    runDocumentStart('#/otherDetails');
    expect(await resolved(catchAllAnswer({ pathname: '/bDetails', search: '?promoCode=P1' }, 'one#0'))).toEqual({ kind: 'notFound' });
    expect(asked).toEqual([`${BY_ROUTE}?path=%2FotherDetails`, `${BY_ROUTE}?path=%2FbDetails`]);
    expect(catchAllAnswer({ pathname: '/bDetails', search: '?promoCode=P1' }, 'two#0')).toEqual({ kind: 'notFound' });
    expect(asked).toHaveLength(2);
  });

  it('a path without a detail route\'s shape is not found at once, without a request', () => {
    const asked = stubFetch(() => Promise.reject(new Error('no request expected')));
    expect(catchAllAnswer({ pathname: '/no/such', search: '' }, 'one#0')).toEqual({ kind: 'notFound' });
    expect(catchAllAnswer({ pathname: '/no-such', search: '' }, 'one#0')).toEqual({ kind: 'notFound' });
    expect(asked).toEqual([]);
  });

  it('a failed call is an error to retry, and the retry (next attempt) asks again', async () => {
    let fail = true;
    const asked = stubFetch(() => (fail ? Promise.reject(new TypeError('offline')) : Promise.resolve(answer(manifestOf('C3')))));
    const first = await resolved(catchAllAnswer({ pathname: '/cDetails', search: '' }, 'one#0'));
    expect(first.kind).toBe('error');
    fail = false;
    expect(await resolved(catchAllAnswer({ pathname: '/cDetails', search: '' }, 'one#1'))).toEqual({ kind: 'product', productCode: 'C3' });
    expect(asked).toEqual([`${BY_ROUTE}?path=%2FcDetails`, `${BY_ROUTE}?path=%2FcDetails`]);
  });

  it('with the product list at hand resolves the path from it at once, and sends the manifest by code', async () => {
    const item = { productCode: 'D4', productName: 'D4', path: '/dDetails', subtitle: '', image: BANNER, salesArea: '', productCategory2: '', fromPremium: 1, renewalLabel: '再次购买' };
    const asked = stubFetch((url) =>
      Promise.resolve(url.includes('/product/edu/list') ? answer({ list: [item], total: 1 }) : answer(manifestOf('D4'))),
    );
    await earlyCatalogue.load();
    asked.length = 0;
    expect(catchAllAnswer({ pathname: '/dDetails', search: '' }, 'one#0')).toEqual({ kind: 'product', productCode: 'D4' });
    expect(catchAllAnswer({ pathname: '/eDetails', search: '' }, 'one#0')).toEqual({ kind: 'notFound' });
    await vi.waitFor(() => expect(asked).toEqual(['/_gw/prod-svc/api/v1/attr/D4/edu']));
  });
});
