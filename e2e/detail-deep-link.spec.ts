import { type Page, type Route } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { XUZHOU } from './support/app.ts';

/**
 * A detail page opened by its own link (issue 15, docs/performance.md "wt-lcpdetail"): what its first
 * view waits for leaves as early as it can. The catalogue look-up (path → product), the detail screen's
 * chunk, then the product's manifest and its banner image (the page's largest paint) do not wait for one
 * another more than they must: the chunk leaves with the look-up, and the manifest and the banner leave
 * while the chunk is still downloading.
 */
const CATALOGUE = '/_gw/prod-svc/api/v2/product/edu/list';
const MANIFEST = `/_gw/prod-svc/api/v1/attr/${XUZHOU.productCode}/edu`;
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

test('a deep link to a detail page requests the detail chunk while the catalogue answers, and the manifest and the banner while the chunk loads', async ({ page }) => {
  const seen = seenRequests(page);
  const releaseCatalogue = await hold(page, `**${CATALOGUE}`);
  const releaseChunk = await hold(page, DETAIL_CHUNK);
  await page.goto(`/#${XUZHOU.route}`);

  // The catalogue has not answered yet: the detail chunk is already on its way (a guess: the path is not a table route).
  await expect.poll(() => seen.some((path) => DETAIL_CHUNK.test(path))).toBe(true);
  expect(seen).toContain(CATALOGUE);
  expect(seen).not.toContain(MANIFEST);

  // The catalogue names the product: its manifest, then its banner image, leave before the chunk has arrived.
  releaseCatalogue();
  await expect.poll(() => seen.includes(MANIFEST)).toBe(true);
  await expect.poll(() => seen.some((path) => BANNER.test(path))).toBe(true);
  await expect(page.getByTestId('detail-premium')).toHaveCount(0);

  releaseChunk();
  await expect(page.getByTestId('detail-banner')).toBeVisible();
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  // One request each: the screen's own query took the manifest sent early.
  expect(seen.filter((path) => path === MANIFEST)).toHaveLength(1);
  expect(seen.filter((path) => path === CATALOGUE)).toHaveLength(1);
});

test('a path that is no product shows the not-found screen (the detail chunk it fetched on the guess is unused)', async ({ page }) => {
  const seen = seenRequests(page);
  await page.goto('/#/noSuchProductDetails');
  await expect(page.getByText('页面不存在').first()).toBeVisible();
  expect(seen.filter((path) => path.startsWith('/_gw/prod-svc/api/v1/attr/'))).toEqual([]);
});
