import { expect, test } from './support/test.ts';
import { logInBySms, uniquePhone, XUZHOU } from './support/app.ts';

/**
 * antd-mobile renders Toast and Dialog outside the React tree; on React 19
 * they only show because the app gives antd-mobile a createRoot renderer
 * (unstableSetRender). These tests fail if that set-up is lost.
 */
test.describe('Toast and Dialog on React 19', () => {
  test('a wrong phone number shows the failure toast 请填写正确的手机号!', async ({ page }) => {
    await page.goto('/#/passport/login');
    await page.getByPlaceholder('请输入手机号').fill('12345678901');
    await page.getByRole('button', { name: '获取验证码' }).click();
    const toast = page.locator('.adm-toast-main').getByText('请填写正确的手机号!');
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 5_000 });
  });

  test('a pay URL that cannot be fetched in 3 attempts shows the 网络异常 dialog', async ({ page, request }) => {
    const payoff = `/payoff?orderCode=NO-SUCH-ORDER&applicationFormCode=NO-SUCH-FORM&productCode=${XUZHOU.productCode}&amount=100`;
    await page.goto(`/#${payoff}`);
    await logInBySms(page, request, uniquePhone());
    await expect(page).toHaveURL(/#\/payoff\?/);
    await expect(page.getByTestId('payoff-amount')).toHaveText('¥100.00');

    let payUrlCalls = 0;
    page.on('request', (req) => {
      // 微信支付 in a phone browser asks WeChat H5 pay (wap_biz); the other channels ask queryPayUrl.
      if (/\/_gw\/(edu-svc\/payUrl\/queryPayUrl|ins-order\/orderPay\/payOrderWithSubChannel\/edu\/weixin\/wap_biz)/.test(req.url())) payUrlCalls += 1;
    });
    await page.getByTestId('pay-now').click();
    const dialog = page.locator('.adm-dialog');
    await expect(dialog.getByText('网络异常')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '请重试' })).toBeVisible();
    expect(payUrlCalls).toBe(3);

    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/#\/payoff\?/);
  });
});
