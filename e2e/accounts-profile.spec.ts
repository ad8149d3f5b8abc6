import { expect, test } from './support/test.ts';
import { hashRoute, logInBySms } from './support/app.ts';
import { freshPhone, toast } from './support/accounts.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('edit the user info and upload an avatar; the personal centre shows them', async ({ page, request }) => {
  await page.goto('/#/userInfo');
  await logInBySms(page, request, freshPhone());
  await expect.poll(() => hashRoute(page)).toBe('/userInfo');

  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, '头像已更新')).toBeVisible();
  await expect(page.getByTestId('avatar')).toHaveAttribute('src', /^\/_gw\/user-svc\/api\/file\/[\w-]+$/);

  await page.getByPlaceholder('请输入真实姓名').fill('张明');
  await page.getByText('女', { exact: true }).click();
  await page.locator('#birth-date').fill('1988-05-20');
  await page.getByPlaceholder('请输入联系地址').fill('江苏省徐州市鼓楼区中山北路1号');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();

  await page.reload();
  await expect(page.getByPlaceholder('请输入真实姓名')).toHaveValue('张明');
  await expect(page.locator('#birth-date')).toHaveValue('1988-05-20');
  await expect(page.getByPlaceholder('请输入联系地址')).toHaveValue('江苏省徐州市鼓楼区中山北路1号');

  await page.goto('/#/myIndex');
  await expect(page.getByText('张明')).toBeVisible();
  await expect(page.locator('img[alt="头像"]')).toBeVisible();
});
