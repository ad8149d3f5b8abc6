import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { hashRoute } from './support/app.ts';

/**
 * Back while the next page is still loading (a parent on a slow
 * link): the app's own previous screen comes back where the parent left it.
 * With react-router's data router the address only changed once the product
 * page's chunk had arrived, so back left the app (its history entry was not
 * there yet).
 */
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Opens the app from a page that is not the app (the chat a parent taps a link in), so back has somewhere to leave to. */
async function openFromChat(page: Page, route: string) {
  await page.goto('data:text/html,<meta charset="utf-8"><title>chat</title><p>link</p>');
  await page.goto(route);
}

/** The chunks that open a product page: the catch-all route's (a manifest's detail path) and the detail screen's. */
const DETAIL_CHUNK = /\/assets\/(catch-all-route|product-detail-screen)-[^/]*\.js$/;

/** Holds back the product page's chunks until `release` is called. */
async function holdDetailChunk(page: Page): Promise<{ asked: () => boolean; release: () => void }> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(DETAIL_CHUNK, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { asked: () => asked, release };
}

/** Taps the card, presses back before the product page has loaded, then lets it arrive. */
async function tapAndBackWhileLoading(page: Page, card: Locator, shown: () => Promise<void>) {
  const chunk = await holdDetailChunk(page);
  await card.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 100));
  const left = await scrollY(page);
  expect(left).toBeGreaterThan(300);
  const from = hashRoute(page);

  await card.click();
  await expect.poll(chunk.asked).toBe(true);
  await expect(page.getByTestId('detail-premium')).toHaveCount(0);
  await page.goBack();

  // Still in the app (not the blank page before it), on the page the parent came from, where they left it.
  await expect.poll(() => page.url()).toMatch(/^https?:\/\/[^/]+\/#\//);
  await expect.poll(() => hashRoute(page)).toBe(from);
  await shown();
  await expect.poll(() => scrollY(page)).toBe(left);
  await expect(card).toBeInViewport();

  // The late chunk changes nothing: no product page appears over the list (the card stays there to tap).
  const arrived = page.waitForResponse(DETAIL_CHUNK);
  chunk.release();
  await arrived;
  await expect(page.getByTestId('detail-premium')).toHaveCount(0);
  expect(hashRoute(page)).toBe(from);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // The product opens normally afterwards, and back returns to the list again.
  await card.click();
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  await page.goBack();
  await expect.poll(() => hashRoute(page)).toBe(from);
  await shown();
}

test('back while a product page is still loading returns to home where the parent was', async ({ page }) => {
  // No market can be decided (the market calls fail), so the visitor stays on home with the whole catalogue.
  await page.route('**/_gw/edu-svc/supermarket/**', (route) => route.abort());
  await openFromChat(page, '/#/');
  await expect(page.getByTestId('market-notice')).toBeVisible();
  await tapAndBackWhileLoading(page, page.getByTestId('product-card').nth(8), () => expect(page.getByTestId('product-card').first()).toBeAttached());
});

test.describe('in a market', () => {
  test.use({ geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

  test('back while a product page is still loading returns to the market home where the parent was', async ({ page }) => {
    await openFromChat(page, '/#/insureMarketHome?id=xuzhou');
    await expect(page.getByTestId('market-home')).toBeVisible();
    await tapAndBackWhileLoading(page, page.getByTestId('product-card').last(), () => expect(page.getByTestId('market-home')).toBeVisible());
  });
});

test('a screen whose chunk fails to load says so and loads on 重新加载; back then returns to the screen before', async ({ page }) => {
  await page.route('**/_gw/edu-svc/supermarket/**', (route) => route.abort());
  await openFromChat(page, '/#/');
  await expect(page.getByTestId('market-notice')).toBeVisible();
  const chunk = /\/assets\/search-center-screen-[^/]*\.js$/;
  await page.route(chunk, (route) => route.abort());
  // A link to the search screen (a new history entry, as a tap on a link makes).
  await page.evaluate(() => {
    window.location.hash = '#/searchCenter';
  });
  await expect(page.getByText('页面加载失败')).toBeVisible();
  await page.unroute(chunk);
  await page.getByRole('button', { name: '重新加载' }).click();
  await expect(page.getByRole('searchbox')).toBeVisible();
  await page.goBack();
  await expect.poll(() => hashRoute(page)).toBe('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});
