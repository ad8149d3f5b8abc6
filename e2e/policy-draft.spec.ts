import { expect, test } from './support/test.ts';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { hashRoute, logInBySms, uniquePhone, XUZHOU } from './support/app.ts';
import { fillText } from './support/insure-form.ts';

/**
 * A form saved with 暂存 on one device resumes on another: the second
 * browser context shares nothing with the first but the account's session
 * (no local insure draft), so the form can only come from the server.
 */
test('a draft saved on one device is resumed on another', async ({ page, request, browser }) => {
  const phone = uniquePhone();
  const holderId = makeIdCard('320302', '1985-05-20', '317');
  await page.goto(`/#/insure?productCode=${XUZHOU.productCode}`);
  await logInBySms(page, request, phone);
  await expect.poll(() => hashRoute(page)).toBe(`/insure?productCode=${XUZHOU.productCode}`);
  await fillText(page, 'root_policyHolder_name', '王芳');
  await fillText(page, 'root_policyHolder_licenceNo', holderId);
  await fillText(page, 'root_insureds_0_name', '王小雨');
  await page.getByTestId('save-draft').click();
  await expect(page.getByText('暂存成功')).toBeVisible();

  // Another device: a fresh context with only the session.
  const session = await page.evaluate(() => localStorage.getItem('user'));
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await other.addInitScript((user) => {
    if (!localStorage.getItem('user') && user) localStorage.setItem('user', user);
  }, session);
  const device = await other.newPage();
  await device.goto('/#/zancunList');
  const card = device.getByTestId('draft-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(XUZHOU.productName);
  await expect(card).toContainText('**雨');
  await card.getByRole('button', { name: '继续填写' }).click();
  await expect.poll(() => hashRoute(device)).toMatch(new RegExp(`^/insure\\?productCode=${XUZHOU.productCode}&tempSerialNo=TF\\d+$`));
  await expect(device.locator('[id="root_policyHolder_name"]')).toHaveValue('王芳');
  await expect(device.locator('[id="root_policyHolder_licenceNo"]')).toHaveValue(holderId);
  await expect(device.locator('[id="root_insureds_0_name"]')).toHaveValue('王小雨');

  // Deleting it on the second device empties the list.
  await device.goto('/#/zancunList');
  await device.getByTestId('draft-card').getByRole('button', { name: '删除' }).click();
  await device.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(device.getByText('暂无暂存单')).toBeVisible();
  await other.close();
});
