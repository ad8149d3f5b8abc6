import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../tests/support/server-process.ts';
import { TEST_TLS_FILES } from '../tests/server/fixtures/tls/tls-files.ts';
import { expect, test } from './support/test.ts';

/**
 * The built server speaking HTTPS itself (TLS_CERT_FILE, TLS_KEY_FILE): Chromium fetches the document, every
 * script, stylesheet, image and `/_gw` call over HTTP/2 on one connection, and the app works as over plain
 * HTTP: home decides the market and shows it, a product opens with its premium, under the same
 * content-security policy. The certificate is the tests' own (tests/server/fixtures/tls), accepted by this
 * browser context only.
 */
let server: ChildProcess | undefined;
let base = '';

test.use({ ignoreHTTPSErrors: true, geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

test.beforeAll(async () => {
  const port = await freePort();
  base = `https://localhost:${port}`;
  server = spawn('node', ['dist-server/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATABASE_URL: 'memory://',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'edu-insure-e2e-tls-')),
      LOG_LEVEL: 'warn',
      RECORDING_STARTS_PER_IP_PER_HOUR: '100000',
      TLS_CERT_FILE: TEST_TLS_FILES.cert,
      TLS_KEY_FILE: TEST_TLS_FILES.key,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = new Promise<void>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('running at https://')) resolve();
    };
    server!.stdout!.on('data', read);
    server!.stderr!.on('data', read);
    server!.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  await started;
});

test.afterAll(() => {
  server?.kill();
});

test('over HTTPS the app loads every file and call over HTTP/2 and works as over HTTP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${base}/#/`);
  await expect(page.getByTestId('market-home')).toBeVisible();
  const protocols = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.startsWith(location.origin));
    // Fetched over the network: an answer from the browser's cache (the site icon, cached for a day, shown again
    // by home's header) travels no protocol, and its entry names none.
    const fetched = resources.filter((entry) => entry.transferSize > 0);
    return { document: navigation.nextHopProtocol, resources: [...new Set(fetched.map((entry) => entry.nextHopProtocol))], count: fetched.length };
  });
  expect(protocols.document).toBe('h2');
  expect(protocols.resources).toEqual(['h2']);
  // The entry, its chunks and stylesheets, the market decision's calls and the market home's files.
  expect(protocols.count).toBeGreaterThan(10);

  await page.getByTestId('product-card').first().click();
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  expect(violations).toEqual([]);
});
