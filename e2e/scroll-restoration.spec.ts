import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { hashRoute } from './support/app.ts';

/**
 * The spec's keep-alive home and its rule "scroll position is restored on
 * back navigation, otherwise the page starts at the top": served by
 * react-router's ScrollRestoration and the catalogue cache (ARCHITECTURE.md,
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
