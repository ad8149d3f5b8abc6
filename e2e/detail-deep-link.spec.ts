import { type Page, type Route } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { watchRouteFallback, XUZHOU } from './support/app.ts';

/**
 * A detail page opened by its own link (docs/performance.md "A detail page opened by its link"):
 * what its first view waits for leaves as early as it can. The document itself (its start script, before
 * the entry has run) sends the one call that resolves the path to its product and answers the manifest,
 * requests the detail screen's files, and preloads the banner image (the page's largest paint) the answer
 * names; the app takes that answer instead of asking again. The product list is not asked for at all.
 */
const CATALOGUE = '/_gw/prod-svc/api/v2/product/edu/list';
const BY_ROUTE = '/_gw/prod-svc/api/v1/detailRoute/edu';
const MANIFEST = `/_gw/prod-svc/api/v1/attr/${XUZHOU.productCode}/edu`;
const RATING_STATS = '/_gw/comment-svc/api/v1/_bai/statistics/product';
const ENTRY = /\/assets\/index-[^/]*\.js$/;
const DETAIL_CHUNK = /\/assets\/product-detail-screen-[^/]*\.js$/;
const BANNER = /\/img\/illustrations\/[^/]+$/;

/** Requests of the page seen so far, by path. */
function seenRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(new URL(request.url()).pathname));
  return seen;
}

/** Holds every response matching `url` until the returned release is called. */
async function hold(page: Page, url: string | RegExp): Promise<() => void> {
  const held: Route[] = [];
  let released = false;
  await page.route(url, (route) => (released ? route.continue() : void held.push(route)));
  return () => {
    released = true;
    for (const route of held.splice(0)) void route.continue();
  };
}

test('a deep link to a detail page sends its route call and the detail chunk from the document, and the banner while the chunk loads', async ({ page }) => {
  const seen = seenRequests(page);
  const failed: string[] = [];
  page.on('response', (response) => void (response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`)));
  const releaseEntry = await hold(page, ENTRY);
  const releaseByRoute = await hold(page, `**${BY_ROUTE}?**`);
  const releaseChunk = await hold(page, DETAIL_CHUNK);
  // Not waiting for the load event: the entry is held.
  await page.goto(`/#${XUZHOU.route}`, { waitUntil: 'commit' });

  // The entry has not arrived: the document has already sent the route call and asked for the detail chunk.
  await expect.poll(() => seen.includes(BY_ROUTE) && seen.some((path) => DETAIL_CHUNK.test(path))).toBe(true);
  expect(seen.some((path) => ENTRY.test(path))).toBe(true);

  // The call answers the product and its manifest: the document preloads the banner it names, the entry still held.
  releaseByRoute();
  await expect.poll(() => seen.some((path) => BANNER.test(path))).toBe(true);
  releaseEntry();
  await expect(page.getByTestId('detail-premium')).toHaveCount(0);

  releaseChunk();
  await expect(page.getByTestId('detail-banner')).toBeVisible();
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  await expect(page.locator('.adm-nav-bar-title')).toHaveText(XUZHOU.productName);
  // One call in all: the app took the document's answer, and the screen's query took its manifest.
  expect(seen.filter((path) => path === BY_ROUTE)).toHaveLength(1);
  expect(seen.filter((path) => path === MANIFEST)).toEqual([]);
  expect(seen.filter((path) => path === CATALOGUE)).toEqual([]);
  // Every file the document preloaded exists.
  expect(failed).toEqual([]);
});

test('a detail route reached inside the app without the product list resolves with the same one call', async ({ page }) => {
  const seen = seenRequests(page);
  await page.goto('/#/aboutUs');
  await expect(page.getByText('关于我们').first()).toBeVisible();
  expect(seen).not.toContain(BY_ROUTE);
  const releaseChunk = await hold(page, DETAIL_CHUNK);
  await page.evaluate((route) => (location.hash = `#${route}`), XUZHOU.route);
  await expect.poll(() => seen.some((path) => BANNER.test(path))).toBe(true);
  releaseChunk();
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  await expect(page.locator('.adm-nav-bar-title')).toHaveText(XUZHOU.productName);
  expect(seen.filter((path) => path === BY_ROUTE)).toHaveLength(1);
  expect(seen.filter((path) => path === MANIFEST)).toEqual([]);
  expect(seen.filter((path) => path === CATALOGUE)).toEqual([]);

  // Back, then forward to the detail again: known, so no call is sent again.
  await page.goBack();
  await expect(page.getByText('关于我们').first()).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  expect(seen.filter((path) => path === BY_ROUTE)).toHaveLength(1);
});

test('a path that is no product shows the not-found screen after one route call (the detail chunk it fetched on the guess is unused)', async ({ page }) => {
  const seen = seenRequests(page);
  await page.goto('/#/noSuchProductDetails');
  await expect(page.getByText('页面不存在').first()).toBeVisible();
  expect(seen.filter((path) => path === BY_ROUTE)).toHaveLength(1);
  expect(seen.filter((path) => path.startsWith('/_gw/prod-svc/api/v1/attr/'))).toEqual([]);
});

test('a path without a detail route\'s shape shows the not-found screen without asking the server', async ({ page }) => {
  const seen = seenRequests(page);
  await page.goto('/#/no-such/page');
  await expect(page.getByText('页面不存在').first()).toBeVisible();
  expect(seen.filter((path) => path.startsWith('/_gw/prod-svc/'))).toEqual([]);
});

test('a deep link renders the detail page at once, without the router\'s loading state, while index.html\'s shell waits for its files and its look-up', async ({ page }) => {
  const sawFallback = await watchRouteFallback(page);
  // The look-up answers late: the shell (not a React fallback) is what the visitor sees meanwhile.
  const release = await hold(page, /\/_gw\/prod-svc\/api\/v1\/detailRoute\/edu\b/);
  await page.goto(`/#${XUZHOU.route}`, { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: '加载中…' })).toBeVisible();
  release();
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  expect(await sawFallback()).toBe(false);
});

test('a plan tab bar opened by its link draws its line under the active plan, and moves it to the plan tapped', async ({ page }) => {
  await page.goto('/#/zaozhuangDetails');
  const tabs = page.getByTestId('plan-picker').getByRole('tab');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  const line = page.getByTestId('plan-picker').locator('.adm-tabs-tab-line');
  // Placed once the browser has laid the page out (light-tabs.tsx: not measured inside React's commit).
  const under = async (index: number) => {
    const [tab, drawn] = [await tabs.nth(index).boundingBox(), await line.boundingBox()];
    return tab && drawn && drawn.width > 0 ? Math.abs(drawn.x - tab.x) < 1.5 && Math.abs(drawn.width - tab.width) < 1.5 : false;
  };
  await expect.poll(() => under(0)).toBe(true);
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => under(1)).toBe(true);
});

/** Holds the page's idle callbacks (the app's and the browser's) until `runIdle` lets them run. */
async function holdIdle(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    const held: (() => void)[] = [];
    Object.assign(window, {
      requestIdleCallback: (run: IdleRequestCallback) => held.push(() => run({ didTimeout: false, timeRemaining: () => 50 })),
      cancelIdleCallback: () => undefined,
      __runIdle: () => held.splice(0).forEach((run) => run()),
    });
  });
  return () => page.evaluate(() => (window as unknown as { __runIdle: () => void }).__runIdle());
}

/** The page has rendered and painted its first view, and had time to ask for anything it asks for at once. */
const settle = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300))));

test('a deep link renders its first view without the query library, and asks for it (and the rating summary\'s statistics) once idle', async ({ page }) => {
  const runIdle = await holdIdle(page);
  const seen = seenRequests(page);
  const LIBRARY = /\/assets\/(query-|queries-)[^/]*\.js$/;
  await page.goto(`/#${XUZHOU.route}`);
  await expect(page.getByTestId('detail-banner')).toBeVisible();
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  await expect(page.locator('.adm-nav-bar-title')).toHaveText(XUZHOU.productName);
  await settle(page);
  expect(seen.filter((path) => LIBRARY.test(path))).toEqual([]);
  expect(seen.filter((path) => path === RATING_STATS)).toEqual([]);

  await runIdle();
  await expect.poll(() => seen.filter((path) => LIBRARY.test(path)).length).toBeGreaterThan(0);
  await expect.poll(() => seen.filter((path) => path === RATING_STATS).length).toBe(1);
  // Outside WeChat the share card's code is never loaded.
  expect(seen.filter((path) => /\/assets\/wechat-share-[^/]*\.js$/.test(path))).toEqual([]);
  // The manifest the document's route call brought was handed to the library's cache: not asked for again.
  expect(seen.filter((path) => path === MANIFEST)).toEqual([]);
  expect(seen.filter((path) => path === BY_ROUTE)).toHaveLength(1);
});

test('a deep link asks for the sale recorder only once the page is idle after its first view, and the sale is recorded from then', async ({ page }) => {
  const runIdle = await holdIdle(page);
  const seen = seenRequests(page);
  const RECORDER = /\/assets\/recorder-[^/]*\.js$/;
  await page.goto(`/#${XUZHOU.route}`);
  await expect(page.getByTestId('detail-banner')).toBeVisible();
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('全程录屏');
  // The page has rendered and painted its first view; without an idle period the recorder is not asked for.
  await settle(page);
  expect(seen.filter((path) => RECORDER.test(path))).toEqual([]);

  await runIdle();
  await expect.poll(() => seen.filter((path) => RECORDER.test(path)).length).toBe(1);
  // The sale's recording starts: its serial is saved once the server has opened it.
  await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('savedRecord') ?? '{}') as { serial?: string }).serial ?? '')).toMatch(/^\w{16,}$/);
});

/** Position and size of the first element matching each selector, rounded to a tenth of a pixel. */
async function boxes(page: Page, selectors: readonly string[]): Promise<(number[] | null)[]> {
  return page.evaluate(
    (list) =>
      list.map((selector) => {
        const element = document.querySelector(selector);
        if (!element) return null;
        const r = element.getBoundingClientRect();
        return [r.x, r.y, r.width, r.height].map((value) => Math.round(value * 10) / 10);
      }),
    selectors,
  );
}

// The painted view's parts and the app's, in the same order: the bar, its title, the recording notice, the
// banner, its headline, its lines, its illustration, and (an internet-exclusive product) its badge.
const EARLY_PARTS = [
  '.early-nav',
  '.early-nav-title',
  ...['.recording-notice', '.detail-banner', '.detail-banner-title', '.detail-banner-subtitle', '.detail-banner-product', '.detail-banner-image', '.detail-banner-badge'].map((part) => `.early-page ${part}`),
];
const APP_PARTS = ['.adm-nav-bar', '.adm-nav-bar-title', '[role="note"]', '[data-testid="detail-banner"]', '[data-testid="detail-banner"] h1', '[data-testid="detail-banner"] p', '[data-testid="detail-banner"] p:last-child', '[data-testid="detail-banner"] img', '[data-testid="detail-banner"] span'];

for (const product of [
  { route: XUZHOU.route, name: XUZHOU.productName, title: '徐州学平险 2025', badge: false },
  { route: '/calmCarefreeDetails', name: '安心无忧学生综合医疗保险', title: '安心无忧', badge: true },
]) {
  test(`a detail link shows its bar, notice and banner from the document before the app's scripts run, where the app then draws them (${product.title})`, async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: unknown[] = [];
      (window as unknown as { layoutShifts: unknown[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => shifts.push(...list.getEntries())).observe({ type: 'layout-shift', buffered: true });
    });
    const releaseEntry = await hold(page, ENTRY);
    const releaseByRoute = await hold(page, `**${BY_ROUTE}?**`);
    await page.goto(`/#${product.route}`, { waitUntil: 'commit' });
    // The shell is on screen (drawn, two frames) before the look-up answers, as on a slow link.
    await expect(page.getByRole('status').filter({ hasText: '加载中…' })).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    releaseByRoute();
    // The entry is held: what shows is the document's own view, the loading status still there.
    const early = page.locator('.early-page');
    await expect(early.locator('.detail-banner-title')).toHaveText(product.title);
    await expect(early.locator('.early-nav-title')).toHaveText(product.name);
    await expect(early.locator('.detail-banner-badge')).toHaveCount(product.badge ? 1 : 0);
    await expect(early.locator('.recording-notice')).toContainText('全程录屏留存（可回溯）');
    await expect.poll(() => early.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: '加载中…' })).toBeVisible();
    const painted = await boxes(page, EARLY_PARTS);
    // The banner's gradient is written twice (the paint is serialised and reads no outer name): the same colours.
    const paintedBackground = await early.locator('.detail-banner').evaluate((banner) => getComputedStyle(banner).backgroundImage);
    expect(paintedBackground).toContain('linear-gradient');

    releaseEntry();
    await expect(page.getByTestId('detail-premium')).toBeVisible();
    await expect(page.locator('.early-page')).toHaveCount(0);
    const drawn = await boxes(page, APP_PARTS);
    // Each box in the same place with the same size: the app's first render replaces the view without a jump.
    expect(drawn).toEqual(painted);
    expect(await page.getByTestId('detail-banner').evaluate((banner) => getComputedStyle(banner).backgroundImage)).toBe(paintedBackground);
    expect(painted.filter((box) => box !== null)).toHaveLength(product.badge ? 9 : 8);
    // Nothing moved on the way: not the shell when the view was painted, not the view when the app replaced it.
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: { value: number }[] }).layoutShifts.map((shift) => shift.value))).toEqual([]);
  });
}

test('a detail link whose manifest has a title page above the banner keeps the loading shell until the app renders', async ({ page }) => {
  const releaseEntry = await hold(page, ENTRY);
  await page.goto('/#/xuzhouDetails', { waitUntil: 'commit' });
  // The document has read the answer: it preloads the banner image it names, then would paint.
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: '加载中…' })).toBeVisible();
  await expect(page.locator('.early-page')).toHaveCount(0);
  releaseEntry();
  await expect(page.getByTestId('title-page')).toBeVisible();
  await expect(page.locator('.early-page')).toHaveCount(0);
});

test('the app replaces the painted view only once the browser has shown it: with its illustration held, the app waits (at most a second)', async ({ page }) => {
  const releaseBanner = await hold(page, BANNER);
  await page.goto(`/#${XUZHOU.route}`, { waitUntil: 'commit' });
  const early = page.locator('.early-page');
  await expect(early.locator('.detail-banner-title')).toBeVisible();
  // The app's files and the look-up are at hand on loopback well within this; the app still waits for the
  // view to be presented with its illustration, so the painted view is what shows.
  await page.waitForTimeout(400);
  await expect(early).toHaveCount(1);
  await expect(page.getByTestId('detail-banner')).toHaveCount(0);
  releaseBanner();
  await expect(page.getByTestId('detail-banner')).toBeVisible();
  await expect(early).toHaveCount(0);
});
