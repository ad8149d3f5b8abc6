import { expect, test } from './support/test.ts';
import { hashRoute, logInBySms, uniquePhone, XUZHOU } from './support/app.ts';
import { createOrder, payAtCashier, sessionToken, VACCINE, vaccineApplication } from './support/policy-api.ts';

test('the rating summary sits on the detail page; the rating list needs log-in and returns there', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/#${XUZHOU.route}`);
  // The e2e server starts empty: a product nobody has rated shows no rating section at all.
  await expect(page.getByTestId('plan-option').first()).toBeVisible();
  await expect(page.getByTestId('rating-summary')).toHaveCount(0);

  await page.goto(`/#/estimateList?productCode=${XUZHOU.productCode}`);
  await logInBySms(page, request, uniquePhone());
  await expect.poll(() => hashRoute(page)).toBe(`/estimateList?productCode=${XUZHOU.productCode}`);
  await expect(page.getByRole('tab', { name: '投保服务' })).toBeVisible();
  await expect(page.getByText('暂无评价')).toBeVisible();
  await page.getByRole('tab', { name: '理赔服务' }).click();
  await expect(page.getByText('暂无评价')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the holder of a paid policy rates it once from its detail page; the product page counts it', async ({ page, request }) => {
  const phone = uniquePhone();
  await page.goto('/#/policyList');
  await logInBySms(page, request, phone);
  await expect.poll(() => hashRoute(page)).toBe('/policyList');
  const token = await sessionToken(page);
  const order = await createOrder(request, token, vaccineApplication(phone));
  await payAtCashier(page, request, token, order.applicationFormCode);

  await page.goto(`/#/policyDetailGuarantee?applicationFormCode=${order.applicationFormCode}`);
  await page.getByTestId('rate-order').click();
  const popup = page.getByTestId('rating-popup');
  await expect(popup.getByText('满意请给五星哦')).toBeVisible();

  // One star missing: the spec's warning, nothing sent.
  const stars = (name: string) => popup.getByRole('radiogroup', { name });
  await stars('投保便捷').getByRole('radio', { name: '5', exact: true }).tap();
  await stars('条款清晰').getByRole('radio', { name: '4', exact: true }).tap();
  await popup.getByTestId('rating-submit').click();
  await expect(page.getByText('请全部评价')).toBeVisible();

  await stars('客服态度').getByRole('radio', { name: '5', exact: true }).tap();
  await popup.getByText('价格实惠').click();
  await popup.getByPlaceholder('说说您的投保体验吧').fill('线上投保很方便，出单快');
  await popup.getByTestId('rating-submit').click();
  await expect(page.getByText('评价成功')).toBeVisible();
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('rate-order')).toHaveCount(0);

  // Reloaded, the policy still counts as rated; the product's page shows the rating.
  await page.reload();
  await expect(page.getByTestId('policy-detail-status')).toBeVisible();
  await expect(page.getByTestId('rate-order')).toHaveCount(0);
  await page.goto(`/#/estimateList?productCode=${VACCINE.productCode}`);
  await expect(page.getByTestId('rating-item').first()).toContainText('线上投保很方便，出单快');
  await expect(page.getByTestId('rating-item').first()).toContainText('价格实惠');
  // The score shown is read as one picture of its value, not as ten radio buttons that cannot be chosen.
  await expect(page.getByTestId('rating-item').first().getByRole('img', { name: /^\d(\.5)?星（满分5星）$/ })).toBeVisible();
  await expect(page.getByTestId('rating-item').first().getByRole('radio')).toHaveCount(0);
});
