import { expect, test } from './support/test.ts';
import { orderXuzhou, payAtCashier, UA } from './support/pay-flow.ts';

/**
 * Spec §4.4 in the Alipay client (user agent AlipayClient): after the order
 * the page fetches the pay URL (up to 3 attempts, then 网络异常 with 请重试)
 * and goes straight to the Alipay cashier, then /paySuccess.
 */
test.use({ userAgent: UA.alipay });

test('a parent in Alipay goes from the order straight to the Alipay cashier, retrying after 网络异常', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The first three pay-URL calls fail as a broken network would.
  let failures = 0;
  await page.route('**/_gw/edu-svc/payUrl/queryPayUrl**', async (route) => {
    if (failures < 3) {
      failures += 1;
      await route.abort('failed');
    } else await route.continue();
  });
  await orderXuzhou(page, request);

  const dialog = page.locator('.adm-dialog');
  await expect(dialog.getByText('网络异常')).toBeVisible({ timeout: 15_000 });
  expect(failures).toBe(3);
  await dialog.getByRole('button', { name: '请重试' }).click();

  await payAtCashier(page, 'alipay');
  await expect(page).toHaveURL(/#\/paySuccess\?/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('paid-amount')).toHaveText('¥60.00');
});
