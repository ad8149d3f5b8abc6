import { expect, test } from './support/test.ts';
import { hashRoute, logInBySms, uniquePhone } from './support/app.ts';
import { createOrder, sessionToken, vaccineApplication } from './support/policy-api.ts';

/**
 * An unpaid order is listed under 待支付 with its count, opens on
 * /policyDetailTobePaid with 去支付 (to /payoff with the order's query) and
 * 取消订单; cancelling moves it to 已取消, and it can then be deleted.
 */
test('an unpaid order is shown under 待支付 and cancelled from its detail page', async ({ page, request }) => {
  const phone = uniquePhone();
  await page.goto('/#/policyList');
  await logInBySms(page, request, phone);
  await expect.poll(() => hashRoute(page)).toBe('/policyList');
  const order = await createOrder(request, await sessionToken(page), vaccineApplication(phone));

  await page.reload();
  await page.getByRole('tab', { name: '待支付(1)' }).click();
  const card = page.getByTestId('policy-card').first();
  await expect(card.getByTestId('policy-status')).toHaveText('待支付');
  await card.getByRole('button', { name: '查看详情' }).click();

  await expect.poll(() => hashRoute(page)).toBe(`/policyDetailTobePaid?applicationFormCode=${order.applicationFormCode}`);
  const status = page.getByTestId('policy-detail-status');
  await expect(status).toHaveAttribute('data-status', 'toBePaid');
  await expect(status).toContainText('请于');

  // 去支付 goes to /payoff with the order's query.
  await page.getByRole('button', { name: '去支付' }).click();
  await expect.poll(() => hashRoute(page)).toContain(`/payoff?orderCode=${order.orderCode}&applicationFormCode=${order.applicationFormCode}`);
  await page.goBack();

  await page.getByRole('button', { name: '取消订单' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '取消订单' }).click();
  await expect(status).toHaveAttribute('data-status', 'cancel');
  await expect(status).toContainText('已取消');
  // Opened as 待支付, the page is now titled by what the order is.
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('保单详情-已取消');
  await expect(page).toHaveTitle('保单详情-已取消');
  await expect(page.getByRole('button', { name: '去支付' })).toHaveCount(0);

  await page.getByRole('button', { name: '删除订单' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect.poll(() => hashRoute(page)).toBe('/policyList');
  await expect(page.getByText('暂无保单')).toBeVisible();
});
