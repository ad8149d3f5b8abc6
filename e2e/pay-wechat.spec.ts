import { expect, test } from './support/test.ts';
import { orderXuzhou, payAtCashier, UA } from './support/pay-flow.ts';

/**
 * Spec §4.4 in the WeChat browser (user agent MicroMessenger): after the
 * order, WeChat authorisation (the sandbox OAuth page returns a code), then
 * /payoff, where the code becomes an openid and WeChat JSAPI pay goes through
 * the sandbox's stand-in for WeixinJSBridge, to /paySuccess.
 */
test.use({ userAgent: UA.wechat });

test('a parent in WeChat pays through WeChat authorisation and WeChat Pay', async ({ page, request }) => {
  test.setTimeout(120_000);
  await orderXuzhou(page, request);

  await expect(page).toHaveURL(/\/oauth\/wechat\/authorize\?appid=/, { timeout: 15_000 });
  await expect(page.getByText('申请获取你的公开信息')).toBeVisible();
  await page.getByRole('button', { name: '允许' }).click();

  // Back with the code; the page drops it from the address once exchanged.
  await expect(page).toHaveURL(/#\/payoff\?orderCode=/);
  await expect(page.getByTestId('payoff-amount')).toHaveText('¥60.00');
  // Inside WeChat only WeChat Pay is offered.
  await expect(page.getByText('支付宝')).toHaveCount(0);
  const payNow = page.getByTestId('pay-now');
  await expect(payNow).toBeEnabled();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await payNow.click();

  await payAtCashier(page, 'wechat');
  await expect(page).toHaveURL(/#\/paySuccess\?/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('paid-amount')).toHaveText('¥60.00');
});

test('a refused WeChat authorisation shows the /weixin error page', async ({ page, request }) => {
  test.setTimeout(120_000);
  await orderXuzhou(page, request);
  await expect(page).toHaveURL(/\/oauth\/wechat\/authorize\?/, { timeout: 15_000 });
  await page.getByRole('button', { name: '拒绝' }).click();
  await expect(page).toHaveURL(/#\/weixin$/);
  await expect(page.getByRole('img', { name: '微信授权失败' })).toBeVisible();
});
