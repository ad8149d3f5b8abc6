import { expect, test } from './support/test.ts';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { hashRoute, logInBySms, maskedIdNumber, uniquePhone } from './support/app.ts';
import { fillText } from './support/insure-form.ts';
import { createOrder, sessionToken, vaccineApplication, VACCINE } from './support/policy-api.ts';

/**
 * 常用被保人: a parent saves a child from 个人中心 (the consent box is
 * required), then fills a second order's insured from them with
 * 选择常用被保人 and reaches the confirm page, where the number is masked;
 * deleting them asks first.
 */
test('a parent saves a child with consent and fills a second order’s insured from them', async ({ page, request }) => {
  test.setTimeout(120_000);
  const phone = uniquePhone();
  const holderId = makeIdCard('320302', '1988-03-15', '135');
  const childId = makeIdCard('320302', `${new Date().getFullYear() - 6}-05-20`, '246');

  await page.goto('/#/myIndex');
  await logInBySms(page, request, phone);
  await expect.poll(() => hashRoute(page)).toBe('/myIndex');
  // A first order, placed earlier (through the API, as the policy specs do).
  await createOrder(request, await sessionToken(page), vaccineApplication(phone));

  // 个人中心 → 常用被保人: nobody saved yet.
  await page.getByText('投保时一键填入被保人信息').click();
  await expect.poll(() => hashRoute(page)).toBe('/familyMembers');
  await expect(page.getByText('还没有常用被保人')).toBeVisible();

  // Add the child: without the consent the form refuses.
  await page.getByTestId('add-family-member').click();
  await page.getByRole('textbox', { name: '姓名' }).fill('李小雨');
  await page.getByRole('textbox', { name: '证件号码' }).fill(childId);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('请阅读并勾选同意保存该成员的个人信息')).toBeVisible();
  await page.getByTestId('member-consent').click();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  const card = page.getByTestId('family-member-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('李小雨');
  await expect(card).toContainText(maskedIdNumber(childId));
  await expect(card).not.toContainText(childId);

  // The second order: the holder typed, the insured filled in one tap.
  await page.goto(`/#/insure?productCode=${VACCINE.productCode}`);
  await expect(page.locator('[id="root_policyHolder_name"]')).toBeVisible();
  await fillText(page, 'root_policyHolder_name', '李华');
  await fillText(page, 'root_policyHolder_licenceNo', holderId);
  await page.getByTestId('pick-family-member').click();
  const list = page.getByTestId('family-pick-list');
  await expect(list).toContainText(maskedIdNumber(childId));
  await list.getByRole('button', { name: /李小雨/ }).click();
  await expect(list).toBeHidden();
  await expect(page.locator('[id="root_insureds_0_name"]')).toHaveValue('李小雨');
  await expect(page.locator('[id="root_insureds_0_licenceNo"]')).toHaveValue(childId);

  await page.getByLabel('我已阅读并同意').first().click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/#\/confirm/);
  await expect(page.getByRole('button', { name: '确认投保' })).toBeVisible();
  await expect(page.getByText(maskedIdNumber(childId)).first()).toBeVisible();

  // Deleting asks first, then the person is gone.
  await page.goto('/#/familyMembers');
  await page.getByTestId('family-member-card').getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('还没有常用被保人')).toBeVisible();
});
