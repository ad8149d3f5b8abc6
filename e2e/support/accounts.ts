import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectHome, readSmsCode } from './app.ts';

export const PASSWORD = 'Abc12345!';

/** A fresh mobile number per call (random, so two calls in one millisecond differ). */
export function freshPhone(): string {
  return `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

export function toast(page: Page, text: string) {
  return page.locator('.adm-toast-main').getByText(text);
}

/** Presses 获取验证码 of the current form and reads the code the dev server "sent" to `phone`. */
export async function sendAndReadCode(page: Page, request: APIRequestContext, phone: string): Promise<string> {
  await page.getByTestId('send-code').click();
  await expect(page.getByRole('button', { name: /s后重新获取/ })).toBeVisible();
  return readSmsCode(request, phone);
}

/** On /passport/PasswordLogin: phone + password + agreement → 登录. */
export async function logInByPassword(page: Page, phone: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/#\/passport\/PasswordLogin/);
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByTestId('agree').click();
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** From anywhere logged in: /myIndex → 退出登录 → confirm; ends on home. */
export async function logOutFromMyIndex(page: Page): Promise<void> {
  await page.goto('/#/myIndex');
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: '退出' }).click();
  await expectHome(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeNull();
}
