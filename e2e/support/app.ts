import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { authCalls } from '../../src/contract/auth.ts';
import { GW } from '../../src/contract/define-call.ts';

/** The Xuzhou 2025 student accident product (manifests/xuzhou-student-accident-2025.json). */
export const XUZHOU = {
  productCode: '25PR320300',
  productName: '徐州市学生平安保险（2025版）',
  route: '/xuzhouStudentSafetyDetails',
} as const;

/** XUZHOU's manifest file name (manifests/<id>.json), for the fields its form must show. */
export const XUZHOU_MANIFEST = 'xuzhou-student-accident-2025';

/**
 * An ID number as the pages show it (spec §5 masking): the first 3 and the
 * last 4 characters, stars between. Written here from the spec, not taken
 * from the app's masking, so a change of the app's masking fails the tests.
 */
export function maskedIdNumber(idNumber: string): string {
  return `${idNumber.slice(0, 3)}${'*'.repeat(idNumber.length - 7)}${idNumber.slice(-4)}`;
}

/** A fresh valid mainland mobile number per test, so every run registers a new user. */
export function uniquePhone(): string {
  const digits = String(Date.now() % 1e8).padStart(8, '0');
  return `139${digits}`;
}

/** The last SMS code the dev server "sent" to `phone` (GET /_gw/__dev/sms/latest). */
export async function readSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`${GW}${authCalls.devSmsLatest.path}?phoneNum=${phone}`);
        if (!res.ok()) return '';
        const body = (await res.json()) as { code: string; data: { code: string } | null };
        code = body.code === '0000' ? (body.data?.code ?? '') : '';
        return code;
      },
      { message: `an SMS code for ${phone}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** Logs in on /passport/login by SMS code (the page must already be the log-in screen). */
export async function logInBySms(page: Page, request: APIRequestContext, phone: string): Promise<void> {
  await expect(page).toHaveURL(/#\/passport\/login\?/);
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /s后重新获取/ })).toBeVisible();
  const code = await readSmsCode(request, phone);
  await page.getByPlaceholder('请输入6位验证码').fill(code);
  await page.getByTestId('agree').click();
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The hash route of the page: `/insure?productCode=…`. */
export function hashRoute(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

/**
 * Home after log-in: `/`, or the market home it redirects to when the
 * visitor's place has one market (spec §2: home redirects in market-only mode).
 */
export async function expectHome(page: Page): Promise<void> {
  await expect.poll(() => hashRoute(page)).toMatch(/^\/(insureMarketHome\?id=[\w-]+)?$/);
}

/**
 * Records whether the router's loading state (its top progress bar, shown only while a route's screen
 * module loads) ever appears: a fallback committed while the screen was ready anyway would make React
 * hold the screen back by 300 ms (its reveal throttle; docs/performance.md, "React's reveal throttle").
 */
export async function watchRouteFallback(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const seen = { fallback: false };
    (window as unknown as { __routeFallback: typeof seen }).__routeFallback = seen;
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"][aria-label="页面加载中"]')) seen.fallback = true;
    }).observe(document, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { __routeFallback: { fallback: boolean } }).__routeFallback.fallback);
}
