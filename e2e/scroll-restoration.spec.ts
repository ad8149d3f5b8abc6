import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { hashRoute } from './support/app.ts';
import { UA } from './support/pay-flow.ts';

/**
 * The spec's keep-alive home and its rule "scroll position is restored on
 * back navigation, otherwise the page starts at the top": served by
 * the app's scroll restoration (src/web/app/scroll-restoration.ts) and the catalogue cache (docs/web.md,
 * "Keep-alive").
 */
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('back to home restores its scroll position; a new page starts at the top', async ({ page }) => {
  // No market can be decided (the market calls fail), so the visitor stays on home with the whole catalogue.
  await page.route('**/_gw/edu-svc/supermarket/**', (route) => route.abort());
  await page.goto('/#/');
  await expect(page.getByTestId('market-notice')).toBeVisible();
  const card = page.getByTestId('product-card').nth(12);
  await card.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 120));
  const left = await scrollY(page);
  expect(left).toBeGreaterThan(400);

  await card.click();
  await expect.poll(() => hashRoute(page)).not.toBe('/');
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect.poll(() => hashRoute(page)).toBe('/');
  await expect.poll(() => scrollY(page)).toBe(left);
  await expect(page.getByTestId('product-card').nth(12)).toBeInViewport();
});

test.describe('in a market', () => {
  test.use({ geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

  /** Scrolls to the page's last product, opens it, comes back: the page is where the parent left it. */
  async function openLastProductAndReturn(page: Page, shown: () => Promise<void>) {
    await shown();
    const last = page.getByTestId('product-card').last();
    await last.scrollIntoViewIfNeeded();
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(300);
    await last.click();
    await expect(page.getByTestId('detail-premium')).toBeVisible();
    await page.goBack();
    await shown();
    await expect.poll(() => scrollY(page)).toBe(left);
  }

  test('back to the market home or the search results restores where the parent was', async ({ page }) => {
    await page.goto('/#/insureMarketHome?id=xuzhou');
    await openLastProductAndReturn(page, () => expect(page.getByTestId('market-home')).toBeVisible());
    await page.goto('/#/searchCenter?market=xuzhou');
    await openLastProductAndReturn(page, () => expect(page.getByTestId('result-count')).toContainText('款产品'));
  });
});

test.describe('as a parent in WeChat', () => {
  test.use({ userAgent: UA.wechat, geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

  /** Finger swipes up the page (touch events, not window.scrollTo), as a thumb scrolls a list. */
  async function swipeUp(page: Page, swipes: number) {
    const cdp = await page.context().newCDPSession(page);
    for (let i = 0; i < swipes; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 700 }] });
      for (let y = 650; y >= 150; y -= 50) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 200, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    }
    return cdp;
  }

  /**
   * Swipes down the list, taps a card in view, and comes back over a slow
   * link (the report: market page or 搜索产品 → product → back gave
   * scrollY 0): the list is drawn from what was loaded, at its full height,
   * before the position is restored.
   */
  async function swipeTapAndReturn(page: Page, shown: () => Promise<void>) {
    await shown();
    const cdp = await swipeUp(page, 4);
    // The page coasts on after the last swipe: the place is where it comes to rest.
    let left = -1;
    await expect.poll(async () => left === (left = await scrollY(page)), { intervals: [300] }).toBe(true);
    expect(left).toBeGreaterThan(800);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 800, downloadThroughput: 50_000, uploadThroughput: 20_000 });
    const cards = page.getByTestId('product-card');
    const inView = await cards.evaluateAll((all) => all.findIndex((card) => card.getBoundingClientRect().top > 60 && card.getBoundingClientRect().bottom < 800));
    await cards.nth(inView).tap();
    await expect(page.getByTestId('detail-premium')).toBeVisible({ timeout: 30_000 });
    await page.goBack();
    await shown();
    await expect.poll(() => scrollY(page)).toBe(left);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  }

  test('touch scrolling, a tap on a card and back over a slow link keep the place on the market home (also from a shared link) and in search results', async ({ page }) => {
    await page.goto('/#/insureMarketHome?id=xuzhou');
    await swipeTapAndReturn(page, () => expect(page.getByTestId('market-home')).toBeVisible());
    // A shared market link opens the market home on /market2Share.
    await page.goto('/#/market2Share?id=xuzhou');
    await swipeTapAndReturn(page, () => expect(page.getByTestId('market-home')).toBeVisible());

    await page.goto('/#/searchCenter');
    await page.getByRole('searchbox').fill('学');
    await page.keyboard.press('Enter');
    await swipeTapAndReturn(page, () => expect(page.getByTestId('result-count')).toContainText('款产品'));
  });
});
