import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: a phone-sized Chromium against the real server (API and
 * the built web app on one port), with an in-memory database. Run through
 * `npm run test:e2e` (scripts/run-e2e.ts), which finds Chromium first.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const onCi = process.env.CI === 'true';

/** An iPhone Safari user agent: neither WeChat nor Alipay, so payment takes the plain browser path. */
const MOBILE_SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export default defineConfig({
  testDir: './e2e',
  // Baselines of e2e/screens.spec.ts (`npm run e2e:screens:update` regenerates them).
  snapshotPathTemplate: '{testDir}/__screens__/{arg}{ext}',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: onCi ? 1 : 0,
  forbidOnly: onCi,
  reporter: onCi ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_SAFARI_UA,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'mobile-chromium' }],
  webServer: {
    // The compiled server, as production runs it. Builds the web app and the server first (a few
    // seconds) so it never serves a stale build; `npm test` has just built both and skips that.
    command:
      process.env.E2E_SKIP_BUILD === '1'
        ? 'node dist-server/server.mjs'
        : 'npx vite build --logLevel warn && node scripts/build-server.mjs && node dist-server/server.mjs',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      // In-memory PGlite: every run starts from an empty database.
      DATABASE_URL: 'memory://',
      // Fresh per port; only the generated development secrets land here.
      DATA_DIR: join(tmpdir(), `edu-insure-e2e-${port}-${Date.now()}`),
      LOG_LEVEL: 'warn',
      // --- accounts: every spec logs in from 127.0.0.1; the per-address SMS limit has its own server test.
      SMS_PER_IP_PER_HOUR: '1000',
      // --- recording: every detail page opened starts a sale recording, all from 127.0.0.1.
      RECORDING_STARTS_PER_IP_PER_HOUR: '100000',
    },
  },
});
