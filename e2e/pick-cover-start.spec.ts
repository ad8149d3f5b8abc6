import type { Locator, Page } from '@playwright/test';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { hashRoute, logInBySms, uniquePhone } from './support/app.ts';
import { fillField, fillText } from './support/insure-form.ts';
import { useSuzhouCatalogue } from './support/fixture-catalogue.ts';
import { expect, test } from './support/test.ts';

/**
 * A product whose parent picks the cover start (tests/fixtures/suzhou-catalogue/
 * suzhou-student-picked-start.json: from tomorrow up to 30 days ahead, 12
 * months ending at 00:00:00), served by its own server on the fixture
 * catalogue: the confirm page opens 保险起期 on tomorrow, its picker offers
 * only the window, and the day picked is the policy's start after payment.
 */
const ROUTE = '/suzhouStudentDetails';
const CODE = '99PR320501';

const fixture = useSuzhouCatalogue();

/** The Beijing calendar day `days` after today's, as YYYY-MM-DD and its parts. */
function beijingDay(days: number, years = 0) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + days * 86_400_000));
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const shifted = `${y + years}-${day.slice(5)}`;
  return { day: shifted, year: y + years, month: m, date: d };
}

async function openConfirm(page: Page): Promise<void> {
  await page.goto(`${fixture.server.base}/#${ROUTE}`);
  await page.getByTestId('insure-now').click();
  await logInBySms(page, fixture.api, uniquePhone());
  await expect.poll(() => hashRoute(page)).toBe(`/insure?productCode=${CODE}`);
  await fillText(page, 'root_policyHolder_name', '陈建华');
  await fillText(page, 'root_policyHolder_licenceNo', makeIdCard('320505', '1988-05-20', '135'));
  await fillText(page, 'root_policyHolder_phone', uniquePhone());
  await fillText(page, 'root_insureds_0_name', '陈小川');
  await fillText(page, 'root_insureds_0_licenceNo', makeIdCard('320505', `${new Date().getFullYear() - 11}-03-01`, '246'));
  await fillField(page, 'root_insureds_0_region', {});
  await fillField(page, 'root_insureds_0_schoolName', { option: '苏州市实验小学' });
  await fillField(page, 'root_insureds_0_grade', { option: '五年级' });
  await fillField(page, 'root_insureds_0_classAndGrade', { text: '3班' });
  await page.getByLabel('我已阅读并同意').first().click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/#\/confirm/);
}

/** Turns a column of the open picker to the item labelled `label`. */
async function turn(picker: Locator, column: number, label: string): Promise<void> {
  const item = picker.locator('.adm-picker-view-column').nth(column).locator('.adm-picker-view-column-item').filter({ hasText: new RegExp(`^${label}$`) });
  // The wheel lies under the picker's masks: tap the item itself, again when a tap during the slide-in was taken for a drag.
  await expect(async () => {
    await item.dispatchEvent('click');
    await expect(item).toHaveAttribute('data-selected', 'true', { timeout: 1_500 });
  }).toPass({ timeout: 10_000 });
}

test('the parent picks a start within the window, and the policy starts on it', async ({ page }) => {
  test.setTimeout(120_000);
  await openConfirm(page);
  const cover = page.getByTestId('confirm-cover');
  const tomorrow = beijingDay(1);
  // The picker opens on the window's first day: tomorrow.
  await expect(page.locator('#pick-start')).toHaveText(`${tomorrow.day} 00:00:00`);
  await expect(cover.getByText(`${beijingDay(1, 1).day} 00:00:00`)).toBeVisible();

  // The picker offers the window only: its years, and in the last month of the window no day after the 30th day ahead.
  const last = beijingDay(30);
  await page.locator('#pick-start').click();
  const picker = page.locator('.adm-picker').filter({ visible: true }).last();
  await expect(picker.getByText('选择起保日期')).toBeVisible();
  const column = (n: number) => picker.locator('.adm-picker-view-column').nth(n).locator('.adm-picker-view-column-item');
  await expect(column(0)).toHaveText([...new Set([tomorrow.year, last.year])].map((y) => `${y}年`));
  await turn(picker, 0, `${last.year}年`);
  await turn(picker, 1, `${last.month}月`);
  await expect(column(2).last()).toHaveText(`${last.date}日`);
  await turn(picker, 2, `${last.date}日`);
  await picker.getByText('确定', { exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page.locator('#pick-start')).toHaveText(`${last.day} 00:00:00`);
  // 12 months from the picked day, ending at 00:00:00.
  await expect(cover.getByText(`${beijingDay(30, 1).day} 00:00:00`)).toBeVisible();

  const confirm = page.getByRole('button', { name: '确认投保' });
  await expect(confirm).toBeEnabled({ timeout: 5_000 });
  await confirm.click();
  await expect(page).toHaveURL(/#\/payoff\?/, { timeout: 15_000 });
  const applicationFormCode = new URLSearchParams(hashRoute(page).split('?')[1]).get('applicationFormCode');
  expect(applicationFormCode).toMatch(/\S/);
  await page.getByTestId('pay-now').click();
  await expect(page).toHaveURL(/\/_sandbox\/wechat\/cashier\?tradeNo=/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible({ timeout: 35_000 });

  await page.goto(`${fixture.server.base}/#/policyDetailWaitInsurance?applicationFormCode=${applicationFormCode}`);
  await expect(page.getByText(`${last.day} 至 ${beijingDay(30, 1).day}`)).toBeVisible({ timeout: 15_000 });
});
