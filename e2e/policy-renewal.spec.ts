import { expect, test } from './support/test.ts';
import { hashRoute, logInBySms, uniquePhone } from './support/app.ts';
import { createOrder, failIssue, payAtCashier, sessionToken, vaccineApplication, VACCINE } from './support/policy-api.ts';

const VACCINE_ROUTE = '/VaccineDetails';

test('/insurerenew shows a renewal product to a visitor with its 去续保 label, and refuses others', async ({ page }) => {
  await page.goto('/#/insurerenew?productCode=19PR611048');
  await expect(page.getByTestId('renewal-product')).toContainText('华泰家长保护伞综合意外险');
  await expect(page.getByRole('button', { name: '去续保' })).toBeVisible();
  await page.goto('/#/insurerenew?productCode=25PR320300');
  await expect(page.getByText('该产品暂不支持续保')).toBeVisible();
});

test('a holder renews a policy from /renewalList: the renewal data carry its number, the form is filled in from it', async ({ page, request }) => {
  const phone = uniquePhone();
  await page.goto('/#/renewalList');
  await logInBySms(page, request, phone);
  await expect.poll(() => hashRoute(page)).toBe('/renewalList');
  const token = await sessionToken(page);
  const application = vaccineApplication(phone);
  const order = await createOrder(request, token, application);
  await payAtCashier(page, request, token, order.applicationFormCode);

  await page.goto('/#/renewalList');
  const card = page.getByTestId('renewal-card');
  await expect(card).toHaveCount(1);
  const policyNo = (await card.locator('dd').first().textContent()) ?? '';
  expect(policyNo).toMatch(/^P22PR930618/);
  await card.getByRole('button', { name: '再次购买' }).click();
  await expect.poll(() => hashRoute(page)).toBe(`${VACCINE_ROUTE}?productCode=${VACCINE.productCode}`);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('renewalData') ?? 'null') as unknown);
  expect(stored).toEqual({ productCode: VACCINE.productCode, renewalTimes: 0, renewalLastPolicyNo: policyNo });

  // 续保信息自动带出: the holder and the people insured come back on the insure form.
  // (The product's notice on entering its page comes first.)
  await page.getByRole('dialog').getByRole('button', { name: '我知道了' }).click();
  await page.getByTestId('insure-now').click();
  await expect.poll(() => hashRoute(page)).toMatch(/^\/insure\?/);
  await expect(page.locator('[id="root_policyHolder_name"]')).toHaveValue(application.policyHolder.name);
  await expect(page.locator('[id="root_policyHolder_licenceNo"]')).toHaveValue(application.policyHolder.licenceNo);
  await expect(page.locator('[id="root_insureds_0_name"]')).toHaveValue(application.insureds[0]!.name);
  await expect(page.locator('[id="root_insureds_0_licenceNo"]')).toHaveValue(application.insureds[0]!.licenceNo);
});

test('a policy the insurer refuses shows 出单失败 on its detail page', async ({ page, request }) => {
  const phone = uniquePhone();
  await page.goto('/#/policyList');
  await logInBySms(page, request, phone);
  await expect.poll(() => hashRoute(page)).toBe('/policyList');
  const token = await sessionToken(page);
  const order = await createOrder(request, token, vaccineApplication(phone));
  await failIssue(request, token, order.applicationFormCode);
  await payAtCashier(page, request, token, order.applicationFormCode, /^issueFail$/);

  await page.goto('/#/policyList');
  await page.getByRole('tab', { name: '出单失败(1)' }).click();
  await page.getByTestId('policy-card').first().getByRole('button', { name: '查看详情' }).click();
  await expect.poll(() => hashRoute(page)).toBe(`/policyDetailIssueFail?applicationFormCode=${order.applicationFormCode}`);
  await expect(page.getByTestId('policy-detail-status')).toContainText('保费将原路退回');
  await expect(page.getByRole('button', { name: '退保' })).toHaveCount(0);
});
