import '../state/memory-storage.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentStartSource, startedCall } from '../../../scripts/lib/vite-document-preloads.ts';
import { marketCalls } from '../../../src/contract/market.ts';
import { productCalls } from '../../../src/contract/product-calls.ts';
import { DOCUMENT_CALL_START, DOCUMENT_START_KEY, resetDocumentStartForTests } from '../../../src/web/shared/api/document-start.ts';
import { marketApi } from '../../../src/web/shared/api/market-api.ts';
import { productApi } from '../../../src/web/shared/api/product-api.ts';
import { forgetUser, saveUser } from '../../../src/web/shared/state/session.ts';
import { signedInUser as user } from './signed-in-user.ts';

/** The document-start script of home's route as vite.config.ts declares it. */
const source = documentStartSource(
  {},
  { '/': [startedCall(productCalls.productList, { body: {} }), startedCall(marketCalls.queryIdByArea, { query: {} })] },
  DOCUMENT_CALL_START,
);
const runDocumentStart = (hash = '#/') => {
  vi.stubGlobal('location', { hash });
  new Function(source)();
};

/** Every request that reaches the network (the document's and the client's), answered with a list. */
function network(fail: (url: string, nth: number) => boolean = () => false) {
  const sent: { url: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    sent.push({ url, method: init.method ?? 'GET', body: init.body, headers });
    if (fail(url, sent.length)) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ code: '0000', msg: '', data: { list: [{ id: url }] } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}


const CATALOGUE = '/_gw/prod-svc/api/v2/product/edu/list';
const MARKETS = '/_gw/edu-svc/supermarket/_bai/queryIdByArea';

beforeEach(() => {
  localStorage.clear();
  forgetUser();
  resetDocumentStartForTests();
  vi.stubGlobal('window', globalThis);
  delete (globalThis as Record<string, unknown>)[DOCUMENT_START_KEY];
});
afterEach(() => vi.unstubAllGlobals());

describe('calls the document starts, taken by the client (docs/performance.md "The home route in one chunk")', () => {
  it('sends home\'s two calls as the client would, and the client takes their answers instead of sending them again', async () => {
    const sent = network();
    runDocumentStart();
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([`POST ${CATALOGUE}`, `GET ${MARKETS}`]);
    const [catalogue, markets] = await Promise.all([productApi.productList({ silent: true }), marketApi.queryIdByArea(undefined, { silent: true })]);
    expect(catalogue.list).toEqual([{ id: CATALOGUE }]);
    expect(markets.list).toEqual([{ id: MARKETS }]);
    // Nothing more reached the network.
    expect(sent).toHaveLength(2);
    // Taken once: the next call goes to the network.
    await productApi.productList({ silent: true });
    expect(sent).toHaveLength(3);
    // The client's own request has the document's shape.
    expect(sent[2]).toEqual(sent[0]);
  });

  it('a logged-in visitor\'s calls carry the session\'s token from the document too, and are taken', async () => {
    saveUser(user);
    const sent = network();
    runDocumentStart();
    expect(sent[0]!.headers).toEqual(expect.objectContaining({ authorization: 'Bearer access', userid: '42', syscode: expect.any(String) }));
    await Promise.all([productApi.productList({ silent: true }), marketApi.queryIdByArea(undefined, { silent: true })]);
    expect(sent).toHaveLength(2);
  });

  it('a request the client sends differently (a new token since) is sent anew, not taken', async () => {
    const sent = network();
    runDocumentStart();
    saveUser(user);
    await productApi.productList({ silent: true });
    expect(sent).toHaveLength(3);
    expect(sent[2]!.headers.authorization).toBe('Bearer access');
  });

  it('when the document\'s request fails before an answer, the client sends its own', async () => {
    const sent = network((url, nth) => url === CATALOGUE && nth === 1);
    runDocumentStart();
    const catalogue = await productApi.productList({ silent: true });
    expect(catalogue.list).toEqual([{ id: CATALOGUE }]);
    expect(sent.map(({ url }) => url)).toEqual([CATALOGUE, MARKETS, CATALOGUE]);
  });

  it('starts nothing when it runs after the app\'s first call, nor when the client would refresh the token first, nor on another route', async () => {
    let sent = network();
    await productApi.productList({ silent: true });
    runDocumentStart();
    expect(sent).toHaveLength(1);

    resetDocumentStartForTests();
    delete (globalThis as Record<string, unknown>)[DOCUMENT_START_KEY];
    saveUser({ ...user, expiresIn: 60 });
    sent = network();
    runDocumentStart();
    expect(sent).toHaveLength(0);

    forgetUser();
    runDocumentStart('#/zaozhuangDetails');
    expect(sent).toHaveLength(0);
  });
});
