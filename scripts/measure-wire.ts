/**
 * Bytes a phone downloads to open the home, a product detail and the insure
 * form, measured in Chromium over the wire (the encoded, i.e. compressed,
 * size of every response: HTML, JS, CSS, images and /_gw calls), each page in
 * a fresh browser context with an empty cache. Against a running server.
 *
 * Also prints the time the insure form takes on a 1.6 Mbit/s link with 150 ms
 * latency (Chrome DevTools' throttling), from navigation to the form visible.
 *
 * Usage: tsx scripts/measure-wire.ts [baseUrl=http://127.0.0.1:8080]
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const DETAIL_ROUTE = '/xuzhouStudentSafetyDetails';
const INSURE_ROUTE = '/insure?productCode=25PR320300';
const DEMO_PHONE = '13800138000';

interface Measure {
  bytes: number;
  requests: number;
}

async function newContext(browser: Browser, user?: unknown): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // No location: the market flow then stays on home instead of asking.
  });
  if (user) await context.addInitScript((u) => localStorage.setItem('user', JSON.stringify(u)), user);
  return context;
}

async function measure(page: Page, hash: string, visible: string, throttle = false): Promise<Measure & { ms: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    // 1.6 Mbit/s down, 750 kbit/s up, 150 ms: DevTools' "Slow 4G"-like profile named in the issue.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  const started = Date.now();
  await page.goto(`${base}/#${hash}`);
  await page.getByText(visible).first().waitFor({ timeout: 120_000 });
  const ms = Date.now() - started;
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return { bytes, requests, ms };
}

async function logIn(): Promise<unknown> {
  const send = await fetch(`${base}/_gw/user-svc/api/v1.5/regMsg?phoneNum=${DEMO_PHONE}`, { headers: { sysCode: 'EDU' } });
  if (!send.ok) throw new Error(`regMsg answered HTTP ${send.status}`);
  const dev = (await (await fetch(`${base}/_gw/__dev/sms/latest?phoneNum=${DEMO_PHONE}`)).json()) as { data?: { code?: string } };
  const code = dev.data?.code;
  if (!code) throw new Error('no SMS code: the server must run with its development endpoints (NODE_ENV=development)');
  const res = await fetch(`${base}/_gw/user-svc/api/v1/registerAndLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNum: DEMO_PHONE, smsVerificationCode: code }),
  });
  const body = (await res.json()) as { code: string; data: { expiresIn: number } & Record<string, unknown> };
  if (body.code !== '0000') throw new Error(`log-in failed: ${JSON.stringify(body)}`);
  return { ...body.data, expiresAt: Date.now() + body.data.expiresIn * 1000 };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const user = await logIn();
    const pages: { name: string; hash: string; visible: string; user?: unknown }[] = [
      { name: 'home', hash: '/', visible: '徐州市学生平安保险' },
      { name: 'detail', hash: DETAIL_ROUTE, visible: '立即投保' },
      { name: 'insure', hash: INSURE_ROUTE, visible: '下一步', user },
    ];
    console.log(`wire sizes at ${base} (encoded bytes of every response, empty cache)`);
    for (const entry of pages) {
      const context = await newContext(browser, entry.user);
      const result = await measure(await context.newPage(), entry.hash, entry.visible);
      console.log(`${entry.name.padEnd(7)} ${kb(result.bytes).padStart(10)}  in ${result.requests} responses`);
      await context.close();
    }
    const context = await newContext(browser, user);
    const slow = await measure(await context.newPage(), INSURE_ROUTE, '下一步', true);
    console.log(`insure form visible on 1.6 Mbit/s + 150 ms: ${(slow.ms / 1000).toFixed(1)} s`);
    await context.close();
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
