/**
 * Production hardening (src/server/http/hardening.ts, health-routes.ts):
 * health and readiness, negotiated compression of dynamic and precompressed
 * static responses with their cache headers, the content-security policy, and
 * the overload answer.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GW } from '../../src/contract/define-call.ts';
import { createManifestStore, loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';
import { inlineScriptHashes, registerHardening, SANDBOX_CSP } from '../../src/server/http/hardening.ts';
import { documentInlineScripts } from '../../src/server/static-web/static-web.ts';
import { journalMigrationCount, registerHealthRoutes } from '../../src/server/http/health-routes.ts';
import { makeTestApp, openTestDb, type TestApp, XUZHOU } from './helpers.ts';

const pick = (headers: Record<string, unknown>, names: string[]) => Object.fromEntries(names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
import { productCalls } from '../../src/contract/product-calls.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { buildInsureFormSchema } from '../../src/engine/insure/form-schema.ts';
import { formValidatorKey } from '../../src/engine/insure/form-validator-key.ts';
import { formValidatorUrl } from '../../src/web/features/insure/renderers/insure/form-validator.ts';

/** The built document's one inline script (the document start): the page's policy allows it by its hash. */
const INLINE_SCRIPT = `(()=>{window.__started=location.hash})();`;
const INDEX_HTML = `<!doctype html><html><head><title>学平险</title><script type="module" src="/assets/index-3f9a1c.js"></script><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const ASSET_JS = `export const list = [${Array.from({ length: 400 }, (_, i) => `"item-${i}"`).join(',')}];`;

/** A dist/ as the build leaves it: files with their .br and .gz variants. */
function builtDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'edu-dist-'));
  mkdirSync(join(dist, 'assets'));
  const write = (path: string, body: string) => {
    writeFileSync(join(dist, path), body);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(body));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(body));
  };
  write('index.html', INDEX_HTML);
  write('assets/index-3f9a1c.js', ASSET_JS);
  return dist;
}

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz with ok, without log-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready on a migrated database with the catalogue loaded', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', manifests: 'ok' } });
  });

  it('counts the migrations of the checked-in journal', () => {
    expect(journalMigrationCount()).toBeGreaterThanOrEqual(2);
  });

  it('is not ready when migrations are missing or no manifest is loaded, and says which check failed', async () => {
    const app = Fastify({ logger: false });
    registerHealthRoutes(app, { db: t.database.db, manifests: createManifestStore([]), expectedMigrations: journalMigrationCount() + 1 });
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      failed: ['migrations', 'manifests'],
      checks: { database: 'ok', migrations: `missing 1 of ${journalMigrationCount() + 1}`, manifests: 'failed' },
    });
    // Alive all the same.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it('is not ready when the database is closed, but still alive', async () => {
    const database = await openTestDb('pglite');
    const app = Fastify({ logger: false });
    registerHealthRoutes(app, { db: database.db, manifests: loadManifestStore('manifests') });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', failed: ['database', 'migrations'], checks: { manifests: 'ok' } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('compression, cache headers and security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ config: { distDir: builtDist() } });
  });
  afterAll(() => t.close());

  const productList = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: GW + productCalls.productList.path,
      payload: {},
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('compresses dynamic responses with brotli or gzip as the client asks, and not at all otherwise', async () => {
    const plain = await productList();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const list = plain.json() as { code: string };
    expect(list.code).toBe('0000');

    const br = await productList('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(list);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await productList('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(list);

    const identity = await productList('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small responses uncompressed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('serves the precompressed index.html, revalidated, varying on accept-encoding', async () => {
    for (const [accept, encoding, decode] of [
      ['br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['', undefined, (b: Buffer) => b],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: '/', headers: accept ? { 'accept-encoding': accept } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString('utf8')).toBe(INDEX_HTML);
    }
  });

  it('lets browsers keep hashed assets for a year, compressed or not', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const response = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js', headers: accept ? { 'accept-encoding': accept } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['content-encoding']).toBe(accept || undefined);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('does not serve the build folder dist/.vite', async () => {
    const dist = t.config.distDir;
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    const response = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
  });

  it('sends a content-security policy on / that allows no inline script but the document\'s own, no inline style and no framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    // Scripts from this origin's files, the served document's inline script by the hash of its exact text,
    // and WeChat's JSSDK host; no eval (the insure form's validator is compiled on the server).
    const served = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    expect(directives.get('script-src')).toEqual(["'self'", served, 'https://res.wx.qq.com']);
    expect(csp).not.toContain('unsafe-eval');
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    // data: for the share QR code and poster, WeChat's host for the JSSDK's set-up report.
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://open.weixin.qq.com']);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-inline');
    // Over plain http no upgrade and no HSTS (PUBLIC_URL is not https here).
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  /** The security headers of the API's answers (docs/security.md "Security headers"): the same on every answer under /_gw. */
  const API_SET = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  /** Headers of helmet's page set that an API answer leaves out (they govern documents or old plugins). */
  const PAGE_ONLY = ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];

  it('sends the API set of security headers on every /_gw answer: success, refusals, errors, 404s and the validator modules', async () => {
    const quote = (body: string) => ({ method: 'POST' as const, url: GW + productCalls.calPremiums.path, headers: { 'content-type': 'application/json' }, payload: body });
    const validQuote = JSON.stringify([{ productCode: XUZHOU, buyCopies: 1, factorInfos: [{ factorCode: 'socialSecurity', factorValue: 'N' }], insuranceVOS: [{ count: 1, programCode: 'XZ25-SJ' }] }]);
    const moduleKey = formValidatorKey(buildInsureFormSchema(loadManifestStore('manifests').byProductCode(XUZHOU)!).schema);
    const answers = {
      quote: await t.app.inject(quote(validQuote)),
      refusal: await t.app.inject(quote(JSON.stringify([{ productCode: XUZHOU, insuranceVOS: [{ count: 1, programCode: 'NO-SUCH-PLAN' }] }]))),
      malformedJson: await t.app.inject(quote('[{')),
      unknownCall: await t.app.inject({ method: 'GET', url: `${GW}/prod-svc/no-such-call` }),
      badAddress: await t.app.inject({ method: 'GET', url: `${GW}/prod-svc/%zz` }),
      notLoggedIn: await t.app.inject({ method: 'GET', url: GW + orderCalls.serial.path }),
      productList: await productList('br'),
      validatorModule: await t.app.inject({ method: 'GET', url: formValidatorUrl(moduleKey) }),
      missingModule: await t.app.inject({ method: 'GET', url: formValidatorUrl('0-0') }),
    };
    // What the calls answered (so that each kind above is really exercised).
    expect(answers.quote.json()).toMatchObject({ code: '0000', data: { totalPremium: expect.any(Number) } });
    expect(answers.refusal.json()).toMatchObject({ code: '4001', msg: '请选择保障方案' });
    expect(Object.fromEntries(Object.entries(answers).map(([kind, r]) => [kind, r.statusCode]))).toEqual({
      quote: 200, refusal: 200, malformedJson: 400, unknownCall: 404, badAddress: 400, notLoggedIn: 200, productList: 200, validatorModule: 200, missingModule: 404,
    });
    expect(answers.notLoggedIn.json()).toMatchObject({ code: '406' });
    expect(answers.validatorModule.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const [kind, response] of Object.entries(answers) as [string, { headers: Record<string, unknown> }][]) {
      // The module is the one answer a browser may keep: its address names its content.
      const expected = kind === 'validatorModule' ? { ...API_SET, 'cache-control': 'public, max-age=31536000, immutable' } : API_SET;
      expect({ kind, ...pick(response.headers, Object.keys(API_SET)) }).toEqual({ kind, ...expected });
      expect({ kind, pageOnly: pick(response.headers, PAGE_ONLY) }).toEqual({ kind, pageOnly: {} });
      expect({ kind, hsts: response.headers['strict-transport-security'] }).toEqual({ kind, hsts: undefined });
    }
  });

  it("keeps helmet's full set on the HTML document and static files", async () => {
    for (const url of ['/', '/assets/index-3f9a1c.js', '/no-such-page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect({ url, xfo: response.headers['x-frame-options'], referrer: response.headers['referrer-policy'], coop: response.headers['cross-origin-opener-policy'] }).toEqual({
        url,
        xfo: 'DENY',
        referrer: 'strict-origin-when-cross-origin',
        coop: 'same-origin',
      });
      expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=' https:\/\/res\.wx\.qq\.com;/);
    }
  });

  it('gives the server-rendered sandbox pages their own policy (inline styles, forms to this origin, no script)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/_sandbox/pay/cashier?tradeNo=nothing-here' });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toBe(SANDBOX_CSP);
    expect(SANDBOX_CSP).toContain("default-src 'none'");
    expect(SANDBOX_CSP).not.toMatch(/script-src/);
  });
});

describe('HSTS behind https', () => {
  it('tells browsers to stay on https when PUBLIC_URL is https', async () => {
    const t = await makeTestApp({ config: { publicUrl: 'https://edu.example.cn' } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      // The API's answers too, with their own policy (nothing to upgrade: an answer loads nothing).
      for (const [method, url] of [['POST', GW + productCalls.productList.path], ['GET', `${GW}/no-such-call`], ['GET', `${GW}/%zz`]] as const) {
        const api = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
        expect({ url, hsts: api.headers['strict-transport-security'], csp: api.headers['content-security-policy'] }).toEqual({
          url,
          hsts: 'max-age=15552000',
          csp: "default-src 'none'; frame-ancestors 'none'",
        });
      }
    } finally {
      await t.close();
    }
  });
});

describe('overload', () => {
  it('answers 503 with the envelope and Retry-After past a limit, and still answers the probes', async () => {
    const database = await openTestDb('pglite');
    const app = Fastify({ logger: false });
    await registerHardening(app, {
      db: database.db,
      manifests: loadManifestStore('manifests'),
      pressure: { maxHeapUsedBytes: 1, sampleInterval: 10, retryAfter: 7 },
    });
    app.get('/_gw/anything', async () => ({ code: '0000', msg: 'success', data: null }));
    // A route added later in a plugin scope of its own is covered as well (the check is the app's hook, not a route's).
    await app.register(async (scope) => {
      scope.post('/_gw/scoped', async () => ({ code: '0000', msg: 'success', data: null }));
    });
    await app.ready();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const request of [{ method: 'GET', url: '/_gw/anything' }, { method: 'POST', url: '/_gw/scoped', payload: {} }] as const) {
        const response = await app.inject(request);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('7');
        // Refused answers still carry the API's security headers.
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.json()).toEqual({ code: '5003', msg: '系统繁忙，请稍后重试', data: null });
      }
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('serves normally under the default limits', async () => {
    const database = await openTestDb('pglite');
    const app = Fastify({ logger: false });
    await registerHardening(app, { db: database.db, manifests: createManifestStore([]) });
    app.get('/_gw/anything', async () => ({ code: '0000', msg: 'success', data: null }));
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await app.inject({ method: 'GET', url: '/_gw/anything' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('inline script hashes', () => {
  it('hashes the text of each script without a src, exactly as written, and nothing else', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    const html = `<script type="module" src="/a.js"></script><SCRIPT>a()</SCRIPT><script async src='/b.js'>ignored()</script>\n<script id="x">\n b('中')\n</script>`;
    expect(inlineScriptHashes(html)).toEqual([hash('a()'), hash("\n b('中')\n")]);
    expect(inlineScriptHashes('<p>no script</p>')).toEqual([]);
  });
});

describe('the built web app', () => {
  const index = join('dist', 'index.html');
  it.skipIf(!existsSync(index))('has one inline script (the document start, allowed by its hash) and no inline style or handler in index.html', () => {
    const html = readFileSync(index, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const inline = scripts.filter(([, attributes]) => !/\bsrc=/.test(attributes ?? ''));
    expect(inline).toHaveLength(1);
    expect(inline[0]![1]).toBe('');
    expect(inline[0]![2]).toContain('location.hash');
    // The hash the server puts in the page's policy is that of the text served.
    expect(documentInlineScripts('dist')).toEqual([`'sha256-${createHash('sha256').update(inline[0]![2]!).digest('base64')}'`]);
    for (const [, attributes, body] of scripts.filter((script) => !inline.includes(script))) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\son[a-z]+=/);
    expect(html).not.toMatch(/\sstyle=/);
  });
});
