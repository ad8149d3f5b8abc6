import type { Page } from '@playwright/test';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { shanghaiWall } from '../src/engine/time/shanghai-time.ts';
import { hashRoute, logInBySms, uniquePhone } from './support/app.ts';
import { fillField, fillText } from './support/insure-form.ts';
import { useSuzhouCatalogue } from './support/fixture-catalogue.ts';
import { expect, test } from './support/test.ts';

/**
 * A 苏州-shaped million-medical product priced by a table (plan × age band ×
 * social security, tests/fixtures/suzhou-catalogue/, served by its own
 * server on the fixture catalogue): a 5-year-old without social security on
 * 基础版 pays ¥498, a 10-year-old with it on 升级版 ¥218, each read from the
 * confirm page, the cashier's amount and the success page; a 27-day-old is
 * refused with the manifest's 出生满28天 rule.
 */
const ROUTE = '/suzhouMedicalDetails';

const fixture = useSuzhouCatalogue();

/**
 * A birthday `years` years and `days` days before the cover start: tomorrow in Beijing (the product starts the
 * day after the order, a Beijing day), whatever the hour and zone of the machine the test runs on.
 */
function birthdayBeforeStart(years: number, days: number): string {
  const start = shanghaiWall(Date.now() + 24 * 3600_000);
  const born = new Date(Date.UTC(start.getUTCFullYear() - years, start.getUTCMonth(), start.getUTCDate() - days));
  return born.toISOString().slice(0, 10);
}

async function openInsureForm(page: Page, plan: string): Promise<void> {
  await page.goto(`${fixture.server.base}/#${ROUTE}`);
  const radio = page.getByRole('radio', { name: new RegExp(plan) });
  await radio.click();
  await expect(radio).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('insure-now').click();
  await logInBySms(page, fixture.api, uniquePhone());
  await expect.poll(() => hashRoute(page)).toBe('/insure?productCode=99PR320500');
}

async function fillPeople(page: Page, child: { name: string; birthday: string }): Promise<void> {
  await fillText(page, 'root_policyHolder_name', '陈建华');
  await fillText(page, 'root_policyHolder_licenceNo', makeIdCard('320505', '1988-05-20', '135'));
  await fillText(page, 'root_policyHolder_phone', uniquePhone());
  await fillText(page, 'root_insureds_0_name', child.name);
  await fillText(page, 'root_insureds_0_licenceNo', makeIdCard('320505', child.birthday, '246'));
}

/** 下一步 with every clause read, the confirm page's premium, 确认投保, the cashier and the success page. */
async function buy(page: Page, premium: string): Promise<void> {
  await page.getByLabel('我已阅读并同意').first().click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/#\/confirm/);
  await expect(page.getByText(premium).first()).toBeVisible();
  const confirm = page.getByRole('button', { name: '确认投保' });
  await expect(confirm).toBeEnabled({ timeout: 5_000 });
  await confirm.click();
  await expect(page).toHaveURL(/#\/payoff\?/, { timeout: 15_000 });
  await expect(page.getByTestId('payoff-amount')).toHaveText(premium);
  await page.getByTestId('pay-now').click();
  await expect(page).toHaveURL(/\/_sandbox\/wechat\/cashier\?tradeNo=/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible({ timeout: 35_000 });
  await expect(page.getByTestId('paid-amount')).toHaveText(premium);
}

test('a 5-year-old without social security on 基础版 pays the table’s ¥498', async ({ page }) => {
  test.setTimeout(120_000);
  await openInsureForm(page, '基础版');
  await fillPeople(page, { name: '陈小禾', birthday: birthdayBeforeStart(5, 60) });
  await fillField(page, 'root_insureds_0_region', {});
  await fillField(page, 'root_insureds_0_schoolKind', { option: '幼儿园' });
  await fillField(page, 'root_insureds_0_schoolName', { text: '苏州市实验幼儿园' });
  await fillField(page, 'root_insureds_0_grade', { option: '幼儿园大班' });
  await fillField(page, 'root_insureds_0_classAndGrade', { text: '大一班' });
  await fillField(page, 'root_insureds_0_socialMedicalInsurance', { option: '否' });
  await buy(page, '¥498.00');
});

test('a 10-year-old with social security on 升级版 pays the table’s ¥218', async ({ page }) => {
  test.setTimeout(120_000);
  await openInsureForm(page, '升级版');
  await fillPeople(page, { name: '陈小川', birthday: birthdayBeforeStart(10, 60) });
  await fillField(page, 'root_insureds_0_region', {});
  await fillField(page, 'root_insureds_0_schoolKind', { option: '小学' });
  await fillField(page, 'root_insureds_0_schoolName', { text: '苏州市平江实验学校' });
  await fillField(page, 'root_insureds_0_grade', { option: '四年级' });
  await fillField(page, 'root_insureds_0_classAndGrade', { text: '2班' });
  await fillField(page, 'root_insureds_0_socialMedicalInsurance', { option: '是' });
  await buy(page, '¥218.00');
});

test('a baby 27 days old on the cover start is refused with 被保人须出生满28天', async ({ page }) => {
  await openInsureForm(page, '基础版');
  await fillPeople(page, { name: '陈小满', birthday: birthdayBeforeStart(0, 27) });
  // Under 3 no school is asked of the baby (fieldsFromAge): the school fields say from which age.
  await expect(page.getByText('学校名称（满3周岁填写）')).toBeVisible();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('被保人须出生满28天').first()).toBeVisible();
  // The age is the one thing said about the baby: no school field is asked of it.
  const schoolKind = page.locator('[data-field="root_insureds_0_schoolKind"]');
  await expect(schoolKind).toBeVisible();
  await expect(schoolKind.getByRole('alert')).toHaveCount(0);
  await expect.poll(() => hashRoute(page)).toBe('/insure?productCode=99PR320500');
});
