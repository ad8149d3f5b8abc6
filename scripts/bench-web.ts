/**
 * `npm run bench:web`: the web app on a phone, each figure beside a
 * reference measured in the same run. Needs the built app (`npm run build`).
 * - Lighthouse (mobile, simulated throttling; the `lighthouse` package driving
 *   Debian's Chromium, CHROME_PATH) three runs each on home, a product detail
 *   route and the insure form (logged in), against the built app served by
 *   its own server; medians of the score and LCP, each as a ratio to a
 *   minimal React + antd-mobile page of five cards (bench/reference), built
 *   and measured in this run.
 * - Keystroke to next paint at 4× CPU slowdown (Playwright + CDP): 20 keys
 *   typed into the insure form with three insureds, beside 20 keys in a page
 *   of 18 antd-mobile inputs controlled by one state. A key's time runs from
 *   its keydown's timestamp to the frame after the next animation frame.
 *   Each key's main-thread CPU time is printed beside it (from a Chrome trace
 *   of the typing: the thread time of the tasks from the keydown to that
 *   frame), a figure the load of a shared machine moves far less than the
 *   wall-clock one. Five rounds of 20 keys into each page, alternating
 *   (`BENCH_WEB_KEY_ROUNDS=<n>` for another number), each round printed and
 *   the median and p95 over all keys: the p95 of a single round of 20 keys is
 *   its 19th key, and the first round types into code not yet optimised (its
 *   p95 can be twice the others').
 * Both servers speak HTTP/2 over TLS by default, as a phone reaches the deployed app (a load balancer or the
 * server itself with TLS_CERT_FILE: HTTP/2 to every browser that offers it), with the tests' certificate
 * (tests/server/fixtures/tls), which Chromium is told to accept; `BENCH_WEB_PROTOCOL=h1` serves both over
 * plain HTTP/1.1 instead (six connections per origin in Lighthouse's simulation, each file of a wave
 * queued behind others: docs/performance.md).
 * Servers listen on 127.0.0.1 only and stop at the end. `BENCH_WEB_ONLY=keys`
 * runs the keystroke part only (no Lighthouse). `BENCH_WEB_PAGES=home,detail`
 * limits Lighthouse to those pages (of home, detail, insure; the reference is
 * always measured) and skips the keystrokes; `BENCH_WEB_LHR_DIR=<dir>` saves
 * each Lighthouse result there (`<page>-<run>.json`) for analysis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { createSecureServer } from 'node:http2';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { authCalls } from '../src/contract/auth.ts';
import { GW } from '../src/contract/define-call.ts';
import { TEST_TLS_FILES } from '../tests/server/fixtures/tls/tls-files.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const APP_PORT = Number(process.env.BENCH_WEB_PORT ?? 4391);
const REF_PORT = APP_PORT + 1;
const RUNS = 3;
const KEYS = 'abcdefghijklmnopqrst';
const DETAIL_MANIFEST = 'zaozhuang-student';
const PROTOCOL = process.env.BENCH_WEB_PROTOCOL ?? 'h2';
if (PROTOCOL !== 'h1' && PROTOCOL !== 'h2') throw new Error(`BENCH_WEB_PROTOCOL must be h1 or h2 (got ${JSON.stringify(PROTOCOL)})`);
const SCHEME = PROTOCOL === 'h2' ? 'https' : 'http';
/** The tests' certificate for localhost and 127.0.0.1 (tests/server/fixtures/tls/README.md). */
const TLS = { cert: readFileSync(TEST_TLS_FILES.cert), key: readFileSync(TEST_TLS_FILES.key) };
const APP = `${SCHEME}://127.0.0.1:${APP_PORT}`;
const PAGES = process.env.BENCH_WEB_PAGES?.split(',').map((page) => page.trim());
const LHR_DIR = process.env.BENCH_WEB_LHR_DIR;
const REF = `${SCHEME}://127.0.0.1:${REF_PORT}`;

/** A GET to one of the bench's own servers, trusting the tests' certificate (Node's fetch would refuse it). */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const receive = (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    };
    (url.startsWith('https:') ? httpsGet(url, { ca: TLS.cert }, receive) : httpGet(url, receive)).on('error', reject);
  });
}

interface ProductManifestLite {
  productCode: string;
  routes: string[];
}
const product = JSON.parse(readFileSync(`manifests/${DETAIL_MANIFEST}.json`, 'utf8')) as ProductManifestLite;
const detailRoute = product.routes[0] as string;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

/** The reference pages, built with Vite into a temporary folder. */
async function buildReference(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-web-ref-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: 'bench/reference',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: { input: { cards: 'bench/reference/index.html', inputs: 'bench/reference/inputs.html' } },
    },
  });
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** A static server of `dir`, gzip level 9 like the app's precompressed files, over the app's protocol. */
function serveStatic(dir: string, port: number): Promise<{ close(): void }> {
  const handle = (
    req: { url?: string; headers: IncomingHttpHeaders },
    res: { writeHead(status: number, headers?: OutgoingHttpHeaders): unknown; end(body: Buffer | string): unknown },
  ) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', REF).pathname));
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404);
      res.end('');
      return;
    }
    const body = readFileSync(file);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(gzip ? gzipSync(body, { level: 9 }) : body);
  };
  const server = PROTOCOL === 'h2' ? createSecureServer({ ...TLS, allowHTTP1: true }, handle) : createServer(handle);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** The built app on its own server: in-memory database, development endpoints for the SMS code. */
async function startApp(): Promise<ChildProcess> {
  if (!existsSync('dist-server/server.mjs') || !existsSync('dist/index.html')) throw new Error('run `npm run build` first');
  const child = spawn('node', ['dist-server/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATABASE_URL: 'memory://',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-web-data-')),
      LOG_LEVEL: 'warn',
      SMS_PER_IP_PER_HOUR: '1000',
      ...(PROTOCOL === 'h2' ? { TLS_CERT_FILE: TEST_TLS_FILES.cert, TLS_KEY_FILE: TEST_TLS_FILES.key } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Up to 4 minutes: a fresh in-memory database takes about 6 s on a quiet machine, over a minute at a load average near 30.
  for (let i = 0; i < 960; i++) {
    try {
      if ((await get(`${APP}/`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the app server did not start');
}

let phoneSeq = Date.now() % 1e7;
/** From the detail route through SMS log-in to the insure form; returns its URL. */
async function logInToInsure(page: Page): Promise<string> {
  const phone = `138${String(phoneSeq++ % 1e8).padStart(8, '0')}`;
  await page.goto(`${APP}/#${detailRoute}`);
  await page.getByTestId('insure-now').click();
  await page.waitForURL(/#\/passport\/login\?/);
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  let code = '';
  for (let i = 0; i < 40 && !code; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const body = JSON.parse((await get(`${APP}${GW}${authCalls.devSmsLatest.path}?phoneNum=${phone}`)).body) as { data: { code: string } | null };
    code = body.data?.code ?? '';
  }
  await page.getByPlaceholder('请输入6位验证码').fill(code);
  await page.getByTestId('agree').click();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/#\/insure\?productCode=/);
  await page.locator('[id="root_policyHolder_name"]').waitFor();
  return page.url();
}

interface LighthouseFigures {
  score: number;
  lcp: number;
}

/** One Lighthouse run (mobile defaults) in a fresh Chromium; `prepare` runs first in the same browser (log-in). */
async function lighthouseRun(url: string | ((page: Page) => Promise<string>), name: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'] });
  try {
    let target = typeof url === 'string' ? url : '';
    if (typeof url !== 'string') {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const page = await context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      target = await url(page);
      await page.goto('about:blank');
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(
      target,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: typeof url !== 'string' },
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${target}`);
    if (LHR_DIR) {
      mkdirSync(LHR_DIR, { recursive: true });
      let run = 1;
      while (existsSync(join(LHR_DIR, `${name}-${run}.json`))) run++;
      writeFileSync(join(LHR_DIR, `${name}-${run}.json`), JSON.stringify(lhr));
    }
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: (lhr.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
    };
  } finally {
    chrome.kill();
  }
}

async function lighthouseMedian(url: string | ((page: Page) => Promise<string>), name: string): Promise<LighthouseFigures & { runs: LighthouseFigures[] }> {
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A run whose trace Lighthouse could not read (NO_NAVSTART, NaN figures) is made again, twice at most.
    let run = await lighthouseRun(url, name);
    for (let retry = 0; retry < 2 && Number.isNaN(run.lcp); retry++) run = await lighthouseRun(url, name);
    runs.push(run);
  }
  return { score: median(runs.map((r) => r.score)), lcp: median(runs.map((r) => r.lcp)), runs };
}

/** One key's figures: milliseconds from its keydown to the frame after the next paint, and the main thread's CPU time meanwhile. */
interface KeyFigures {
  latency: number[];
  cpu: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { type?: string } };
}

/**
 * Each key's main-thread CPU time (ms, at the slowdown) from a trace of the typing: the thread time of the
 * scheduler's tasks that overlap the span from the key's keydown to its frame (`latency`, in key order).
 */
function cpuPerKey(events: readonly TraceEvent[], latency: readonly number[]): number[] {
  const dispatches = new Map<string, number>();
  for (const event of events) if (event.name === 'EventDispatch') dispatches.set(`${event.pid}:${event.tid}`, (dispatches.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  const main = [...dispatches].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((event) => `${event.pid}:${event.tid}` === main && event.ph === 'X');
  const keydowns = onMain.filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown').sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((event) => event.name === 'ThreadControllerImpl::RunTask');
  return keydowns.slice(0, latency.length).map((keydown, index) => {
    const end = keydown.ts + (latency[index] as number) * 1000;
    const overlapping = tasks.filter((task) => task.ts < end && task.ts + (task.dur ?? 0) >= keydown.ts);
    return overlapping.reduce((sum, task) => sum + (task.tdur ?? task.dur ?? 0), 0) / 1000;
  });
}

/** Each key's figures, typing KEYS into `selector` at 4× CPU slowdown under a Chrome trace. */
async function keystrokes(page: Page, selector: string): Promise<KeyFigures> {
  const cdp = await page.context().newCDPSession(page);
  await page.locator(selector).click();
  // A later round starts from an empty field, after its text has been handed over (the pause) and settled.
  if ((await page.locator(selector).inputValue()) !== '') {
    await page.locator(selector).fill('');
    await page.waitForTimeout(1000);
  }
  await page.evaluate(() => {
    const times: number[] = [];
    const state = window as unknown as { __keyTimes: number[]; __keyListener?: (event: KeyboardEvent) => void };
    state.__keyTimes = times;
    if (state.__keyListener) document.removeEventListener('keydown', state.__keyListener, { capture: true });
    state.__keyListener = (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => times.push(performance.now() - start);
        channel.port2.postMessage(null);
      });
    };
    document.addEventListener('keydown', state.__keyListener, { capture: true });
  });
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,toplevel', transferMode: 'ReportEvents' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (const key of KEYS) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  await cdp.detach();
  const latency = await page.evaluate(() => (window as unknown as { __keyTimes: number[] }).__keyTimes);
  return { latency, cpu: cpuPerKey(events, latency) };
}

const ROUNDS = Math.max(1, Number(process.env.BENCH_WEB_KEY_ROUNDS ?? 5));

async function keystrokeFigures(): Promise<{ app: KeyFigures[]; reference: KeyFigures[] }> {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  try {
    const options = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN', ignoreHTTPSErrors: true };
    const appPage = await (await browser.newContext(options)).newPage();
    await logInToInsure(appPage);
    for (const index of [1, 2]) {
      await appPage.getByRole('button', { name: '添加被保人' }).click();
      await appPage.locator(`[id="root_insureds_${index}_name"]`).waitFor();
    }
    const refPage = await (await browser.newContext(options)).newPage();
    await refPage.goto(`${REF}/inputs.html`);
    const app: KeyFigures[] = [];
    const reference: KeyFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      app.push(await keystrokes(appPage, '[id="root_insureds_2_name"]'));
      reference.push(await keystrokes(refPage, '#field17'));
    }
    return { app, reference };
  } finally {
    await browser.close();
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main(): Promise<void> {
  const refDir = await buildReference();
  const refServer = await serveStatic(refDir, REF_PORT);
  const app = await startApp();
  try {
    if (process.env.BENCH_WEB_ONLY !== 'keys') await lighthouseFigures();
    if (PAGES) return;
    const keys = await keystrokeFigures();
    const all = (rounds: KeyFigures[], part: keyof KeyFigures) => rounds.flatMap((round) => round[part]);
    const pair = (values: number[]) => `${fmt(median(values)).padStart(7)} / ${fmt(percentile(values, 95)).padStart(7)}`;
    const ratio = (app: number[], ref: number[]) =>
      `${fmt(median(app) / median(ref), 2).padStart(7)} / ${fmt(percentile(app, 95) / percentile(ref, 95), 2).padStart(7)}`;
    console.log(`\nkeystroke → next paint, 4× CPU slowdown, ${KEYS.length} keys × ${ROUNDS} (ms): median / p95, and the main thread's CPU time per key`);
    if (ROUNDS > 1)
      keys.app.forEach((round, index) =>
        console.log(`round ${index + 1}: insure ${pair(round.latency)} (CPU ${pair(round.cpu)}), reference ${pair(keys.reference[index]!.latency)} (CPU ${pair(keys.reference[index]!.cpu)})`),
      );
    const line = (name: string, rounds: KeyFigures[]) =>
      console.log(`${name.padEnd(40)} ${pair(all(rounds, 'latency'))}  CPU ${pair(all(rounds, 'cpu'))}  (${all(rounds, 'latency').length} keys)`);
    line('insure form, 3 insureds', keys.app);
    line('reference: 18 controlled inputs', keys.reference);
    console.log(`${'ratio to the reference'.padEnd(40)} ${ratio(all(keys.app, 'latency'), all(keys.reference, 'latency'))}  CPU ${ratio(all(keys.app, 'cpu'), all(keys.reference, 'cpu'))}`);
  } finally {
    app.kill();
    refServer.close();
  }
}

/** Lighthouse on the reference, home, a detail route and the insure form. */
async function lighthouseFigures(): Promise<void> {
  const protocol = PROTOCOL === 'h2' ? 'HTTP/2 over TLS' : 'HTTP/1.1';
  console.log(`Lighthouse ${RUNS} runs each (mobile, simulated throttling, both served over ${protocol}), medians; reference: React + antd-mobile, five cards`);
  const reference = await lighthouseMedian(`${REF}/index.html`, 'reference');
  const pages: [string, string, string | ((page: Page) => Promise<string>)][] = [
    ['home', 'home /', `${APP}/#/`],
    ['detail', `detail ${detailRoute}`, `${APP}/#${detailRoute}`],
    ['insure', 'insure (logged in)', logInToInsure],
  ];
  const rows: [string, LighthouseFigures & { runs: LighthouseFigures[] }][] = [['reference page', reference]];
  for (const [key, name, url] of pages) if (!PAGES || PAGES.includes(key)) rows.push([name, await lighthouseMedian(url, key)]);
  console.log(`${'page'.padEnd(40)} ${'score'.padStart(6)} ${'LCP s'.padStart(7)}  score/ref  LCP/ref  runs (score, LCP)`);
  for (const [name, f] of rows) {
    const runs = f.runs.map((r) => `${r.score} ${fmt(r.lcp, 2)}`).join(' | ');
    console.log(
      `${name.padEnd(40)} ${String(f.score).padStart(6)} ${fmt(f.lcp, 2).padStart(7)}  ${fmt(f.score / reference.score, 2).padStart(9)}  ${fmt(f.lcp / reference.lcp, 2).padStart(7)}  ${runs}`,
    );
  }
}

await main();
