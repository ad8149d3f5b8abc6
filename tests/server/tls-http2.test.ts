/**
 * TLS_CERT_FILE / TLS_KEY_FILE (src/server/config.ts, app.ts): the server speaks HTTPS, HTTP/2 to a client that
 * offers it and HTTP/1.1 to one that does not; the same pages, calls, headers and compression either way; the
 * sandbox payment still reaches the server; closing the app ends open HTTP/2 sessions. The certificate is the
 * tests' own (tests/server/fixtures/tls/README.md).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gzipSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GW } from '../../src/contract/define-call.ts';
import { productCalls } from '../../src/contract/product-calls.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { TEST_TLS_FILES } from './fixtures/tls/tls-files.ts';
import { expectOk, login, makeTestApp, orderDetail, payUrlOf, pressCashier, submitOrder, tradeNoOf, type TestApp, validApplication, XUZHOU } from './helpers.ts';

const CERT_FILE = resolve(TEST_TLS_FILES.cert);
const KEY_FILE = resolve(TEST_TLS_FILES.key);
const CERT = readFileSync(CERT_FILE);
const KEY = readFileSync(KEY_FILE);

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'edu-tls-config-')), ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('TLS configuration', () => {
  it('reads the certificate and key when both are set, and serves plain HTTP when neither is', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'edu-tls-config-')), TLS_CERT_FILE: CERT_FILE, TLS_KEY_FILE: KEY_FILE });
    expect(config.tls?.cert.equals(CERT)).toBe(true);
    expect(config.tls?.key.equals(KEY)).toBe(true);
    expect(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'edu-tls-config-')) }).tls).toBeUndefined();
  });

  it('refuses one variable without the other, an unreadable file, and a key of another certificate, without quoting the key', () => {
    expect(problemsOf({ TLS_CERT_FILE: CERT_FILE })).toEqual(['TLS_CERT_FILE and TLS_KEY_FILE must be set together (got TLS_CERT_FILE only)']);
    expect(problemsOf({ TLS_KEY_FILE: KEY_FILE })).toEqual(['TLS_CERT_FILE and TLS_KEY_FILE must be set together (got TLS_KEY_FILE only)']);
    const missing = problemsOf({ TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: KEY_FILE });
    expect(missing).toEqual(['TLS_CERT_FILE must be a readable file ("/nonexistent/cert.pem": ENOENT)']);

    const otherKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const otherKeyFile = join(mkdtempSync(join(tmpdir(), 'edu-tls-key-')), 'other-key.pem');
    writeFileSync(otherKeyFile, otherKey);
    const mismatched = problemsOf({ TLS_CERT_FILE: CERT_FILE, TLS_KEY_FILE: otherKeyFile });
    expect(mismatched).toHaveLength(1);
    expect(mismatched[0]).toMatch(/^TLS_CERT_FILE and TLS_KEY_FILE must be a PEM certificate and its private key \(/);
    const keyBody = otherKey.split('\n')[1]!;
    expect(mismatched[0]).not.toContain(keyBody);
    expect(problemsOf({ TLS_CERT_FILE: KEY_FILE, TLS_KEY_FILE: KEY_FILE })[0]).toMatch(/must be a PEM certificate and its private key/);
  });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function h2Request(session: ClientHttp2Session, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const stream = session.request(headers);
    const chunks: Buffer[] = [];
    let responseHeaders: IncomingHttpHeaders = {};
    stream.on('response', (received) => {
      responseHeaders = received;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolvePromise({ status: Number(responseHeaders[':status']), headers: responseHeaders, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
    stream.end(body);
  });
}

/** A dist/ with a document and its precompressed variants, as the build leaves it. */
function builtDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'edu-tls-dist-'));
  const html = `<!doctype html><html><head><title>学平险</title></head><body><div id="root"></div>${'<p>填充</p>'.repeat(200)}</body></html>`;
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(html));
  return dist;
}

describe('the server over TLS', () => {
  let t: TestApp;
  let port: number;
  let session: ClientHttp2Session;

  beforeAll(async () => {
    t = await makeTestApp({ config: { tls: { cert: CERT, key: KEY }, distDir: builtDist(), sandboxNotifyDelayMs: 20 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
    session = connect(`https://localhost:${port}`, { ca: CERT });
  });
  afterAll(async () => {
    session.close();
    await t.close();
  });

  it('serves the document over HTTP/2, compressed, with the page headers', async () => {
    const answer = await h2Request(session, { ':method': 'GET', ':path': '/', 'accept-encoding': 'br, gzip' });
    expect(session.alpnProtocol).toBe('h2');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).toString()).toContain('<title>学平险</title>');
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    // HTTP/1.1's connection headers have no place in HTTP/2 (a browser refuses the answer).
    expect(answer.headers.connection).toBeUndefined();
  });

  it('answers a /_gw call over HTTP/2', async () => {
    const answer = await h2Request(
      session,
      { ':method': 'POST', ':path': GW + productCalls.productList.path, 'content-type': 'application/json', 'accept-encoding': 'identity' },
      '{}',
    );
    expect(answer.status).toBe(200);
    const envelope = JSON.parse(answer.body.toString()) as { code: string; data: { list: { productCode: string }[] } };
    expect(envelope.code).toBe('0000');
    expect(envelope.data.list.map((product) => product.productCode)).toContain(XUZHOU);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers a client without HTTP/2 over HTTP/1.1 on the same port', async () => {
    const answer = await new Promise<{ status: number; version: string; body: string }>((resolvePromise, reject) => {
      const request = httpsRequest({ host: 'localhost', port, path: '/healthz', ca: CERT, agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, version: response.httpVersion, body }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(answer).toEqual({ status: 200, version: '1.1', body: '{"status":"ok"}' });
  });

  it('refuses a client that does not trust the certificate', async () => {
    const untrusting = connect(`https://localhost:${port}`);
    const failure = await new Promise<Error>((resolvePromise) => untrusting.once('error', resolvePromise));
    untrusting.destroy();
    expect((failure as NodeJS.ErrnoException).code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  });

  it('still receives the sandbox payment notification (delivered in-process over TLS)', async () => {
    const user = await login(t.app);
    const order = await submitOrder(t.app, user.token, validApplication(XUZHOU));
    const tradeNo = tradeNoOf(await payUrlOf(t.app, user.token, order.applicationFormCode));
    expect((await pressCashier(t.app, tradeNo)).statusCode).toBe(303);
    await t.settled();
    expect(expectOk(await orderDetail(t.app, user.token, order.orderCode)).status).toBe('waitInsurance');
  });

  it('closes with an HTTP/2 session still open', async () => {
    const idle = connect(`https://localhost:${port}`, { ca: CERT });
    await h2Request(idle, { ':method': 'GET', ':path': '/healthz' });
    const closed = new Promise<void>((resolvePromise) => idle.once('close', () => resolvePromise()));
    await t.app.close();
    await closed;
    expect(idle.closed || idle.destroyed).toBe(true);
  });
});
