import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectHome } from './support/app.ts';
import { freshPhone, logInByPassword, PASSWORD, toast } from './support/accounts.ts';
import { authCalls } from '../src/contract/auth.ts';
import { GW } from '../src/contract/define-call.ts';

/** The text of the captcha image on the page, from the development read-back (absent in production). */
async function captchaText(page: Page, request: APIRequestContext): Promise<string> {
  const id = await page.getByTestId('captcha-image').getAttribute('data-captcha-id');
  const res = await request.get(`${GW}${authCalls.devCaptchaLatest.path}?id=${encodeURIComponent(id ?? '')}`);
  return ((await res.json()) as { data: { text: string } }).data.text;
}

test('after 3 failed password log-ins the image captcha appears and is needed to log in', async ({ page, request }) => {
  const phone = freshPhone();
  await request.get(`${GW}${authCalls.registerRegMsg.path}?phoneNum=${phone}&type=register`);
  const sms = (await (await request.get(`${GW}${authCalls.devSmsLatest.path}?phoneNum=${phone}`)).json()) as { data: { code: string } };
  await request.post(GW + authCalls.appRegister.path, {
    data: { phoneNum: phone, passWord: PASSWORD, smsVerificationCode: sms.data.code, userSourceType: 22 },
  });

  await page.goto('/#/passport/PasswordLogin');
  await logInByPassword(page, phone, 'Wrong123!');
  await expect(toast(page, '账号或密码错误')).toBeVisible();
  const submit = page.getByRole('button', { name: '登录', exact: true });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId('captcha-image')).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toast(page, '账号或密码错误，请输入图形验证码')).toBeVisible();
  const image = page.getByTestId('captcha-image');
  await expect(image).toBeVisible();
  // A real PNG from the server.
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(108);

  await page.getByPlaceholder('请输入密码').fill(PASSWORD);
  const firstId = await image.getAttribute('data-captcha-id');
  await page.getByPlaceholder('请输入图形验证码').fill('0000' === (await captchaText(page, request)) ? '1111' : '0000');
  await submit.click();
  await expect(toast(page, '图形验证码错误，请重新输入')).toBeVisible();
  // A new image came; its text logs in.
  await expect(page.getByPlaceholder('请输入图形验证码')).toHaveValue('');
  await expect(image).not.toHaveAttribute('data-captcha-id', firstId ?? '');
  await page.getByPlaceholder('请输入图形验证码').fill(await captchaText(page, request));
  await submit.click();
  await expectHome(page);
});
