import { expect, test } from './support/test.ts';
import { hashRoute, logInBySms, uniquePhone } from './support/app.ts';
import { createOrder, payAtCashier, sessionToken, vaccineApplication } from './support/policy-api.ts';

/**
 * A paid policy whose cover starts on the order day reaches 保障中 once the
 * (asynchronous) insurer has issued it; the holder surrenders it from
 * /policyDetailGuarantee and it shows 已退保.
 */
test('a policy reaches 保障中 and is surrendered', async ({ page, request }) => {
  const phone = uniquePhone();
  await page.goto('/#/policyList');
  await logInBySms(page, request, phone);
  await expect.poll(() => hashRoute(page)).toBe('/policyList');
  const token = await sessionToken(page);
  const order = await createOrder(request, token, vaccineApplication(phone));
  await payAtCashier(page, request, token, order.applicationFormCode);

  await page.goto('/#/policyList');
  await page.getByRole('tab', { name: '保障中(1)' }).click();
  const card = page.getByTestId('policy-card').first();
  await expect(card.getByTestId('policy-status')).toHaveText('保障中');
  await card.getByRole('button', { name: '查看详情' }).click();
  await expect.poll(() => hashRoute(page)).toBe(`/policyDetailGuarantee?applicationFormCode=${order.applicationFormCode}`);

  const status = page.getByTestId('policy-detail-status');
  await expect(status).toHaveAttribute('data-status', 'guarantee');
  await expect(page.getByText('保障责任')).toBeVisible();
  await page.getByRole('button', { name: '退保' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定退保' }).click();
  await expect(status).toHaveAttribute('data-status', 'surrender');
  await expect(status).toContainText('已退保');
  await expect(page.getByRole('button', { name: '退保' })).toHaveCount(0);
});

test('a visitor opening /policyDetailWaitInsurance sees no policy data', async ({ page }) => {
  await page.goto('/#/policyDetailWaitInsurance?applicationFormCode=AF202501010000000001');
  await expect(page.getByText('登录后可查看保单详情')).toBeVisible();
  await expect(page.getByRole('button', { name: '登录查看保单' })).toBeVisible();
  await expect(page.getByText('AF202501010000000001')).toHaveCount(0);
});
