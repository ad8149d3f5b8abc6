import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';
import { logInBySms, uniquePhone, XUZHOU } from './app.ts';
import { fillXuzhouPeople, finishXuzhouOrder, STUDENT_BIRTH_YEAR } from './insure-form.ts';

export const UA = {
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN',
  alipay:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AlipayClient/10.6.10.6000 Language/zh-Hans',
} as const;

/**
 * From the Xuzhou 2025 detail page (基础版, ¥60.00 with social insurance) to a pressed 确认投保: log-in,
 * holder and student, clauses, confirm. Each call insures a new child.
 */
export async function orderXuzhou(page: Page, request: APIRequestContext): Promise<void> {
  const holderId = makeIdCard('320302', '1986-04-12', String(100 + Math.floor(Math.random() * 800)));
  // A random day of the students' birth year and sequence: several specs order for "a new child" on one server, and a
  // repeated ID number would meet the repeat-insurance dialog (one in 800 with a fixed birthday).
  const birthday = new Date(Date.UTC(STUDENT_BIRTH_YEAR, 0, 1 + Math.floor(Math.random() * 365))).toISOString().slice(0, 10);
  const studentId = makeIdCard('320302', birthday, String(100 + Math.floor(Math.random() * 800)));
  await page.goto(`/#${XUZHOU.route}`);
  await page.getByTestId('insure-now').click();
  await logInBySms(page, request, uniquePhone());
  await expect(page).toHaveURL(new RegExp(`#/insure\\?productCode=${XUZHOU.productCode}$`));
  await fillXuzhouPeople(page, { holderId, holderPhone: '13812345678', studentId });
  await finishXuzhouOrder(page);
}

/** The sandbox cashier of `channel`: pay, and land back in the app. */
export async function payAtCashier(page: Page, channel: 'wechat' | 'alipay' | 'jd'): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/_sandbox/${channel}/cashier\\?tradeNo=`), { timeout: 15_000 });
  await page.getByRole('button', { name: '确认支付' }).click();
}
