import { expect, test } from './support/test.ts';
import { XUZHOU } from './support/app.ts';

// The detail page's FAQ (faq-section.tsx: <details name> with antd-mobile's Collapse look):
// a tap opens an answer, opening another closes the first, a second tap closes it.
test('the detail FAQ opens one answer at a time', async ({ page }) => {
  await page.goto(`/#${XUZHOU.route}`);
  const items = page.locator('details');
  await expect(items.first()).toBeAttached();
  expect(await items.count()).toBeGreaterThan(1);
  const first = items.nth(0);
  const second = items.nth(1);
  await first.locator('summary').scrollIntoViewIfNeeded();
  await expect(first.locator('p')).toBeHidden();
  await first.locator('summary').click();
  await expect(first.locator('p')).toBeVisible();
  await second.locator('summary').click();
  await expect(second.locator('p')).toBeVisible();
  await expect(first.locator('p')).toBeHidden();
  await second.locator('summary').click();
  await expect(second.locator('p')).toBeHidden();
});

// A guarantee name too long for its row scrolls (marquee-text.tsx, NoticeBar's scrolling without its code).
test('a long guarantee name scrolls after its delay', async ({ page }) => {
  await page.goto('/#/newProductDetail?productCode=22PR514263');
  const inner = page.locator('[data-testid="guarantee"] .adm-notice-bar-content-inner').first();
  await expect(inner).toBeVisible();
  await expect
    .poll(async () => inner.evaluate((el) => (el as HTMLElement).style.transform), { timeout: 5000 })
    .toMatch(/^translateX\(-\d+(\.\d+)?px\)$/);
});
