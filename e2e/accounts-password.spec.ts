import { expect, test } from './support/test.ts';
import { expectHome, hashRoute, logInBySms } from './support/app.ts';
import { freshPhone, logInByPassword, logOutFromMyIndex, PASSWORD, sendAndReadCode, toast } from './support/accounts.ts';
import { authCalls } from '../src/contract/auth.ts';
import { GW } from '../src/contract/define-call.ts';

test('register by SMS code, set a password, log out, log in by password', async ({ page, request }) => {
  const phone = freshPhone();
  await page.goto('/#/myIndex');
  // A visitor is sent to log-in; the SMS code registers the phone.
  await logInBySms(page, request, phone);
  await expect.poll(() => hashRoute(page)).toBe('/myIndex');

  await page.getByText('设置密码').click();
  await expect.poll(() => hashRoute(page)).toBe('/resetNewPassword');
  await expect(page.getByPlaceholder('请输入原密码')).toHaveCount(0);
  await page.getByPlaceholder('请输入新密码').fill('short1!');
  await page.getByPlaceholder('请再次输入新密码').fill('short1!');
  await page.getByRole('button', { name: '确认' }).click();
  await expect(toast(page, '请输入8-16字母数字特殊字符组合密码!')).toBeVisible();
  await page.getByPlaceholder('请输入新密码').fill(PASSWORD);
  await page.getByPlaceholder('请再次输入新密码').fill(PASSWORD);
  await page.getByRole('button', { name: '确认' }).click();
  // A first password keeps the session: back in the personal centre, which now offers 修改密码.
  await expect(toast(page, '密码设置成功')).toBeVisible();
  await expect.poll(() => hashRoute(page)).toBe('/myIndex');
  await expect(page.getByText('修改密码')).toBeVisible();
  await logOutFromMyIndex(page);
  await page.goto('/#/passport/PasswordLogin');
  await logInByPassword(page, phone, 'Wrong123!');
  await expect(toast(page, '账号或密码错误')).toBeVisible();
  await page.getByPlaceholder('请输入密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expectHome(page);

  await logOutFromMyIndex(page);
  await page.goto('/#/passport/PasswordLogin');
  await logInByPassword(page, phone, PASSWORD);
  await expectHome(page);
  await page.goto('/#/myIndex');
  await expect(page.getByText('修改密码')).toBeVisible();
});

test('register with a password on the registration screen, then reset a forgotten password', async ({ page, request }) => {
  // The server sends one SMS per 60 s per phone: the reset code waits for the registration code's minute to pass.
  test.setTimeout(150_000);
  const phone = freshPhone();
  await page.goto('/#/passport/login');
  await page.getByRole('button', { name: '注册账号' }).click();
  await expect.poll(() => hashRoute(page)).toMatch(/^\/passport\/register/);
  await page.getByPlaceholder('请输入手机号').fill(phone);
  const code = await sendAndReadCode(page, request, phone);
  await page.getByPlaceholder('请输入6位验证码').fill(code);
  await page.getByPlaceholder('请设置登录密码').fill(PASSWORD);
  await page.getByPlaceholder('请再次输入密码').fill(PASSWORD);
  await page.getByTestId('agree').click();
  await page.getByRole('button', { name: '注册并登录' }).click();
  await expect(toast(page, '注册成功')).toBeVisible();
  await expectHome(page);
  await logOutFromMyIndex(page);

  await page.waitForTimeout(61_000);
  await page.goto('/#/passport/PasswordLogin');
  await page.getByRole('button', { name: '忘记密码？' }).click();
  await expect.poll(() => hashRoute(page)).toBe('/forgetPassword');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  const resetCode = await sendAndReadCode(page, request, phone);
  await page.getByPlaceholder('请输入6位验证码').fill(resetCode);
  await page.getByPlaceholder('请输入新密码').fill('NewPass99#');
  await page.getByPlaceholder('请再次输入新密码').fill('NewPass99#');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(toast(page, '密码重置成功，请重新登录')).toBeVisible();
  await logInByPassword(page, phone, PASSWORD);
  await expect(toast(page, '账号或密码错误')).toBeVisible();
  await page.getByPlaceholder('请输入密码').fill('NewPass99#');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expectHome(page);
});

test('a deep link to a log-in-only page returns there after logging in by password', async ({ page, request }) => {
  const phone = freshPhone();
  // An account with a password, made through the API as the registration screen does.
  await request.get(`${GW}${authCalls.registerRegMsg.path}?phoneNum=${phone}&type=register`);
  const code = (await (await request.get(`${GW}${authCalls.devSmsLatest.path}?phoneNum=${phone}`)).json()) as { data: { code: string } };
  const registered = await request.post(GW + authCalls.appRegister.path, {
    data: { phoneNum: phone, passWord: PASSWORD, smsVerificationCode: code.data.code, userSourceType: 22, channelNo: 'edu' },
  });
  expect(((await registered.json()) as { code: string }).code).toBe('0000');

  await page.goto('/#/userInfo');
  await expect(page).toHaveURL(/#\/passport\/login\?/);
  await page.getByRole('button', { name: '密码登录' }).click();
  await expect(page).toHaveURL(/#\/passport\/PasswordLogin\?.*fullPath=%2FuserInfo/);
  await logInByPassword(page, phone, PASSWORD);
  await expect.poll(() => hashRoute(page)).toBe('/userInfo');
  await expect(page.getByPlaceholder('请输入真实姓名')).toBeVisible();
});
