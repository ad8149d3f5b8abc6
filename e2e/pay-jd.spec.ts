import { expect, test } from './support/test.ts';
import { orderXuzhou, payAtCashier } from './support/pay-flow.ts';

/**
 * JD pay from /payoff in an ordinary phone browser: 京东支付 → the JD
 * sandbox cashier → /paySuccessJD, which needs no log-in.
 */
test('a parent pays with JD and lands on /paySuccessJD', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  await orderXuzhou(page, request);
  await expect(page).toHaveURL(/#\/payoff\?/, { timeout: 15_000 });
  await page.getByText('京东支付').click();
  await page.getByTestId('pay-now').click();
  await payAtCashier(page, 'jd');

  await expect(page).toHaveURL(/#\/paySuccessJD\?tradeNum=/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('jd-paid-amount')).toHaveText('¥60.00');

  // The page needs no log-in: a fresh browser without storage shows it too.
  const url = page.url();
  const other = await context.browser()!.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const visitor = await other.newPage();
    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await other.close();
  }
});
