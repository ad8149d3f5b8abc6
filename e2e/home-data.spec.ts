import { type Page, type Route } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { hashRoute, watchRouteFallback } from './support/app.ts';

/**
 * Home fetches its catalogue and the market list without the query library,
 * which loads after home and takes them over (src/web/shared/api/early-queries.ts,
 * docs/performance.md "TanStack Query after home"): the screens that read
 * them from the query cache afterwards do not ask the server again.
 */
const CATALOGUE = '/_gw/prod-svc/api/v2/product/edu/list';
const MARKET_LIST = '/_gw/edu-svc/supermarket/_bai/queryIdByArea';
/** The market home's data, requested by the market decision as soon as it leads there. */
const MARKET_DETAIL = '/_gw/edu-svc/supermarket/_bai/selectSupermarket';

/** Counts the app's requests to each path from now on. */
function countRequests(page: Page, paths: readonly string[]): Map<string, number> {
  const counts = new Map(paths.map((path) => [path, 0]));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (counts.has(pathname)) counts.set(pathname, counts.get(pathname)! + 1);
  });
  return counts;
}

test.use({ geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

test('the catalogue, the market list and the market home\'s data the market decision fetched are not fetched again by the market home, the detail page or the search page', async ({ page }) => {
  const counts = countRequests(page, [CATALOGUE, MARKET_LIST, MARKET_DETAIL]);
  // Home decides on the Xuzhou market and sends the visitor there.
  await page.goto('/#/');
  await expect(page.getByTestId('market-home')).toBeVisible();
  // A product opened as soon as the market shows it (the query library may still be loading).
  await page.getByTestId('product-card').first().click();
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('market-home')).toBeVisible();

  // The search page reads both from the query cache.
  await page.getByText('搜索产品').click();
  await expect.poll(() => hashRoute(page)).toBe('/searchCenter?market=xuzhou');
  await expect(page.getByTestId('result-count')).toContainText('款产品');
  expect(Object.fromEntries(counts)).toEqual({ [CATALOGUE]: 1, [MARKET_LIST]: 1, [MARKET_DETAIL]: 1 });
});

test('the market home a decision leads to shows its banner and products while the query library is still on its way', async ({ page }) => {
  // The query library's chunks (TanStack Query, the query options, the hooks) are held: the market
  // home's first screen (home's largest paint after the redirect) must not wait for them.
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/assets\/(query-|queries-)[^/]*\.js$/, (route) => {
    held.push(() => route.continue());
  });
  await page.goto('/#/');
  const market = page.getByTestId('market-home');
  await expect(market).toBeVisible();
  await expect(market.locator('img')).toHaveJSProperty('complete', true);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // It was asked for (when the page went idle) and is still held, not skipped.
  await expect.poll(() => held.length).toBeGreaterThan(0);

  // Released, it takes the market over: the search page reads the market from its cache.
  const details = countRequests(page, [MARKET_DETAIL]);
  await Promise.all(held.map((release) => release()));
  await page.unroute(/\/assets\/(query-|queries-)[^/]*\.js$/);
  await page.getByText('搜索产品').click();
  await expect(page.getByTestId('result-count')).toContainText('款产品');
  expect(Object.fromEntries(details)).toEqual({ [MARKET_DETAIL]: 0 });
});

test('when home leads to a market home, the query library is asked for only once the market\'s banner (the largest paint) has loaded', async ({ page }) => {
  // The banner is held: nothing the next screens need may compete with it and the market home's files.
  const banner: Route[] = [];
  await page.route('**/img/markets/*.svg', (route) => void banner.push(route));
  const library: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (/\/assets\/(query-|queries-)[^/]*\.js$/.test(pathname)) library.push(pathname);
  });
  await page.goto('/#/');
  const market = page.getByTestId('market-home');
  await expect(market).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect.poll(() => banner.length).toBeGreaterThan(0);
  // Home and the market home have rendered, and the page had time to go idle: still not asked for.
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 500))));
  expect(library).toEqual([]);

  await Promise.all(banner.map((route) => route.continue()));
  await expect(market.locator('img')).toHaveJSProperty('complete', true);
  await expect.poll(() => library.length).toBeGreaterThan(0);
});

test('the document starts the market decision\'s code beside the entry (home\'s screen is in the entry\'s chunks), without waiting for it to run', async ({ page, request }) => {
  // The scripts index.html names itself: the entry and its static imports.
  const html = await (await request.get('/')).text();
  const own = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  // The entry is held: whatever else is requested was asked for by the document.
  const held: Route[] = [];
  await page.route(`**${entry}`, (route) => void held.push(route));
  const started: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js') && !own.has(pathname)) started.push(pathname);
  });
  await page.goto('/#/', { waitUntil: 'commit' });
  await expect.poll(() => started.filter((path) => /\/market-flow-/.test(path)).length).toBe(1);
  // Released, the entry uses them: home decides and sends the visitor to the market's home.
  await Promise.all(held.map((route) => route.continue()));
  await expect(page.getByTestId('market-home')).toBeVisible();
});

test('the document sends home\'s catalogue and market list before the entry has run, and the app takes those answers instead of asking again', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  // The entry chunk is held: the app's code cannot have sent anything.
  const held: Route[] = [];
  await page.route(`**${entry}`, (route) => void held.push(route));
  const counts = countRequests(page, [CATALOGUE, MARKET_LIST]);
  await page.goto('/#/', { waitUntil: 'commit' });
  await expect.poll(() => Object.fromEntries(counts)).toEqual({ [CATALOGUE]: 1, [MARKET_LIST]: 1 });
  expect(held).toHaveLength(1);
  // Released, the entry runs: the decision reads the market list the document fetched and sends the
  // visitor to the market's home, and nothing is asked twice.
  await Promise.all(held.map((route) => route.continue()));
  await expect(page.getByTestId('market-home')).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(Object.fromEntries(counts)).toEqual({ [CATALOGUE]: 1, [MARKET_LIST]: 1 });
});

test('the market home\'s banner is requested as soon as the decision names the market, with its data, not after the market home has rendered', async ({ page }) => {
  // The market's data are held: the banner's address comes from the market list, not from them.
  const held: Route[] = [];
  await page.route(`**${MARKET_DETAIL}`, (route) => void held.push(route));
  const banners: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/img/markets/')) banners.push(pathname);
  });
  await page.goto('/#/');
  await expect.poll(() => held.length).toBe(1);
  await expect.poll(() => banners).toEqual(['/img/markets/xuzhou.svg']);
  await Promise.all(held.map((route) => route.continue()));
  const market = page.getByTestId('market-home');
  await expect(market).toBeVisible();
  await expect(market.locator('img')).toHaveJSProperty('complete', true);
  // The screen's image took the preloaded one.
  expect(banners).toEqual(['/img/markets/xuzhou.svg']);
});

/** Home's header illustration (features/catalogue/screens/home/home-screen.tsx). */
const HOME_ART = '/img/illustrations/student-accident.svg';

test('while home decides and leads to a market home, it does not ask for its own illustration (it would take a connection from that screen\'s files)', async ({ page }) => {
  const art: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === HOME_ART) art.push(sent.url());
  });
  // The market home's chunk is held: home shows its header and keeps deciding until it arrives.
  const held: Route[] = [];
  await page.route(/\/assets\/market-home-screen-[^/]*\.js$/, (route) => void held.push(route));
  await page.goto('/#/');
  await expect(page.getByText('学平险在线', { exact: true })).toBeVisible();
  await expect(page.getByTestId('market-notice')).toContainText('正在为您匹配');
  // The decision has named the market (its data are asked for with the held chunk).
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 300))));
  expect(art).toEqual([]);

  await Promise.all(held.map((route) => route.continue()));
  await expect(page.getByTestId('market-home')).toBeVisible();
});

test.describe('when no market can be decided', () => {
  test.use({ geolocation: undefined, permissions: [] });

  test('the visitor stays on home, which then shows its illustration', async ({ page }) => {
    await page.route('**/_gw/edu-svc/supermarket/**', (route) => route.abort());
    await page.goto('/#/');
    await expect(page.getByTestId('market-notice')).toContainText('为您展示全部在售产品');
    const art = page.locator(`header img[src="${HOME_ART}"]`);
    await expect(art).toBeVisible();
    await expect(art).toHaveJSProperty('complete', true);
    expect(await art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});

test.describe('when the catalogue fails', () => {
  test.use({ geolocation: undefined, permissions: [] });

  test('home tries it again as before (two retries), then shows 加载失败 with 重试, which loads the list', async ({ page }) => {
    // No market can be decided (the market calls fail): the visitor stays on home.
    await page.route('**/_gw/edu-svc/supermarket/**', (route) => route.abort());
    let failing = true;
    let asked = 0;
    await page.route(`**${CATALOGUE}`, (route) => {
      asked += 1;
      return failing ? route.abort() : route.continue();
    });
    await page.goto('/#/');
    await expect(page.getByText('加载失败')).toBeVisible({ timeout: 20_000 });
    // The document's request (which failed before an answer: the client sends its own instead,
    // src/web/shared/api/document-start.ts), the client's early request and the query library's two retries.
    expect(asked).toBe(4);
    await expect(page.getByTestId('product-card')).toHaveCount(0);

    failing = false;
    await page.getByTestId('retry').click();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    expect(asked).toBe(5);
  });
});

test('home and the market home its decision leads to render at once, without the router\'s loading state (index.html\'s shell is shown until then)', async ({ page }) => {
  const sawFallback = await watchRouteFallback(page);
  await page.goto('/#/', { waitUntil: 'commit' });
  await expect(page.getByTestId('market-home')).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await sawFallback()).toBe(false);
});
