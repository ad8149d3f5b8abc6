import { expect, test, type Page } from '@playwright/test';
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
