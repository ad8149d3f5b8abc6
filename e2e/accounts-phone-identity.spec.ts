import { expect, test } from './support/test.ts';
import { hashRoute, logInBySms, readSmsCode } from './support/app.ts';
import { freshPhone, masked, sendAndReadCode, toast } from './support/accounts.ts';

test('change the phone number with a code sent to the new phone', async ({ page, request }) => {
  const phone = freshPhone();
  const next = freshPhone();
  await page.goto('/#/myIndex');
  await logInBySms(page, request, phone);
  await expect(page.getByTestId('my-phone')).toHaveText(masked(phone));

  await page.getByText('更换手机号').click();
  await expect.poll(() => hashRoute(page)).toBe(`/bindPhone/${masked(phone)}/${await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { userCode: string }).userCode)}`);
  await expect(page.getByTestId('current-phone')).toHaveText(`当前手机号：${masked(phone)}`);
  await page.getByPlaceholder('请输入新手机号').fill(next);
  const code = await sendAndReadCode(page, request, next);
  await page.getByPlaceholder('请输入6位验证码').fill(code);
  await page.getByRole('button', { name: '确认更换' }).click();
  await expect(toast(page, '手机号修改成功')).toBeVisible();
  await expect.poll(() => hashRoute(page)).toBe('/myIndex');
  await expect(page.getByTestId('my-phone')).toHaveText(masked(next));

  // The server has the new phone: the account summary (read with the session) says so, after a reload too.
  const summary = await page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string; userCode: string };
    const res = await fetch(`/_gw/user-svc/api/v1/queryUserInfo?userCode=${user.userCode}`, { headers: { authorization: `Bearer ${user.token}` } });
    return ((await res.json()) as { data: { phone: string } }).data;
  });
  expect(summary.phone).toBe(masked(next));
  await page.reload();
  await expect(page.getByTestId('my-phone')).toHaveText(masked(next));
});

test('pass real-name and face authentication', async ({ page, request }) => {
  await page.goto('/#/myIndex');
  await logInBySms(page, request, freshPhone());
  await page.getByText('实名认证').click();
  await expect.poll(() => hashRoute(page)).toBe('/realNameAuth');

  await page.getByPlaceholder('请输入真实姓名').fill('张明');
  await page.getByPlaceholder('请输入18位身份证号').fill('320302198603151312');
  await page.getByRole('button', { name: '下一步：人脸识别' }).click();
  await expect(toast(page, '身份证号码校验错误!')).toBeVisible();

  // A valid number: check digit of 32030219860315131 is 9.
  await page.getByPlaceholder('请输入18位身份证号').fill('320302198603151319');
  await page.getByRole('button', { name: '下一步：人脸识别' }).click();
  // The identity provider's face page (sandbox), with masked data only.
  await expect(page).toHaveURL(/\/_sandbox\/face\?ticket=/);
  await expect(page.getByText('*明')).toBeVisible();
  await expect(page.getByText('320302198603151319')).toHaveCount(0);
  await page.getByRole('button', { name: '开始识别（模拟通过）' }).click();

  await expect(page).toHaveURL(/#\/CertificationResult\?verId=[0-9a-f]{32}&startFrom=2/);
  await expect(page.getByText('认证成功')).toBeVisible();
  await expect(page.getByTestId('id-status')).toHaveText('通过');
  await expect(page.getByTestId('face-status')).toHaveText('通过');
  await expect(page.getByText('320***********1319')).toBeVisible();
  await page.getByRole('button', { name: '返回个人中心' }).click();
  await expect(page.getByText('已实名')).toBeVisible();
});

test('a wrong code five times burns it with a clear message', async ({ page, request }) => {
  const phone = freshPhone();
  await page.goto('/#/passport/login');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await readSmsCode(request, phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByTestId('agree').click();
  for (let left = 4; left >= 1; left--) {
    await page.getByPlaceholder('请输入6位验证码').fill(wrong);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, `验证码错误，还可尝试${left}次`)).toBeVisible();
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeEnabled();
  }
  await page.getByPlaceholder('请输入6位验证码').fill(wrong);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(page, '验证码错误次数过多，已失效，请重新获取')).toBeVisible();
  // Even the right code no longer works.
  await page.getByPlaceholder('请输入6位验证码').fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(page, '验证码已失效，请重新获取')).toBeVisible();
  await expect(page).toHaveURL(/#\/passport\/login/);
});
