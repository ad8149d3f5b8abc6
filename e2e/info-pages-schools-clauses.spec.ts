import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { hashRoute, logInBySms, uniquePhone, XUZHOU, XUZHOU_MANIFEST } from './support/app.ts';
import { fillDeclaredInsuredFields, fillText, STUDENT_ANSWERS, STUDENT_BIRTH_YEAR } from './support/insure-form.ts';

/**
 * Schools, protocol reading and the information pages, in a phone-sized
 * Chromium against the real server with its seeded school directory.
 */

/** Console errors and page errors of a page, collected from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function logInTo(page: Page, request: Parameters<typeof logInBySms>[1], route: string): Promise<void> {
  await page.goto(`/#${route}`);
  await logInBySms(page, request, uniquePhone());
  await expect.poll(() => hashRoute(page)).toBe(route);
}

test('information pages render their content without errors', async ({ page }) => {
  const errors = collectErrors(page);
  const pages: Array<[route: string, title: string, text: string]> = [
    ['/registerKnow', '注册须知', '短信验证码'],
    ['/fzAddressBook', '分支机构通讯录', '徐州分公司'],
    ['/hideClare', '健康告知', '如实告知'],
    ['/informationDisclosure', '信息披露', '经营保险经纪业务许可证'],
    ['/forParentLetter', '致学生家长的一封信', '自愿参保'],
  ];
  for (const [route, title, text] of pages) {
    await page.goto(`/#${route}`);
    const article = page.getByTestId('info-page');
    await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(article).toContainText(text);
    expect((await article.innerText()).length, route).toBeGreaterThan(300);
  }

  await page.goto('/#/statistics');
  await expect(page.getByText('江苏省徐州市')).toBeVisible();
  await expect(page.getByText(/收录学校 \d+ 所/).first()).toBeVisible();

  // An agreement page needs a log-in.
  await page.goto('/#/JtprivacyClause');
  await expect(page).toHaveURL(/#\/passport\/login\?fullPath=%2FJtprivacyClause/);
  expect(errors).toEqual([]);
});

test('the school field finds a seeded school, adds a custom one, and the insure step waits for every clause', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  await logInTo(page, request, `/insure?productCode=${XUZHOU.productCode}`);

  await fillText(page, 'root_policyHolder_name', '李强');
  await fillText(page, 'root_policyHolder_licenceNo', makeIdCard('320322', '1985-06-03', '151'));
  await fillText(page, 'root_policyHolder_phone', '13912345678');
  await fillText(page, 'root_insureds_0_name', '李小雨');
  await fillText(page, 'root_insureds_0_licenceNo', makeIdCard('320322', `${STUDENT_BIRTH_YEAR}-03-09`, '262'));
  // Every other field the manifest declares must be on the form; the school is searched below.
  await fillDeclaredInsuredFields(
    page,
    XUZHOU_MANIFEST,
    0,
    { ...STUDENT_ANSWERS, region: { option: ['江苏省', '徐州市', '沛县'] }, grade: { option: '四年级' }, classAndGrade: { text: '2班' } },
    ['schoolName'],
  );

  // Mode 01: typing searches the seeded directory, narrowed to the district and school type chosen above
  // (沛县, 小学): no school of another district, no middle school.
  const school = page.locator('[id="root_insureds_0_schoolName"]');
  await school.fill('实验');
  await expect(page.getByRole('option').first()).toBeVisible();
  for (const name of await page.getByRole('option').allInnerTexts()) {
    expect(name).toContain('沛县');
    expect(name).not.toMatch(/中学/);
  }
  await school.fill('沛县实验');
  const seeded = page.getByRole('option', { name: '沛县实验小学' });
  await expect(seeded).toBeVisible();
  await seeded.click();
  await expect(school).toHaveValue('沛县实验小学');
  await expect(page.getByRole('button', { name: /找不到学校/ })).toHaveCount(0);

  // A school the directory lacks can be added (unverified, the parent's own).
  await school.fill('沛县星辰双语学校');
  await page.getByRole('button', { name: '找不到学校？添加「沛县星辰双语学校」' }).click();
  const dialog = page.getByRole('dialog', { name: '添加学校' });
  await expect(dialog).toBeVisible();
  await dialog.getByText('小学', { exact: true }).click();
  // The district chosen on the form is the school's district, already selected.
  await expect(dialog.locator('.adm-selector-item-active', { hasText: '沛县' })).toBeVisible();
  await dialog.getByRole('button', { name: '确认添加' }).click();
  await expect(page.getByText('学校已添加，待审核')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(school).toHaveValue('沛县星辰双语学校');
  // …and is found again, marked 待审核.
  await school.fill('星辰双语');
  await expect(page.getByRole('option', { name: /沛县星辰双语学校.*待审核/ })).toBeVisible();
  await page.getByRole('option', { name: /沛县星辰双语学校/ }).click();

  // Blocked: no clause read yet. 下一步 opens the first unread clause instead of going on.
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请先阅读投保须知及相关条款')).toBeVisible();
  const firstClause = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: '全部已读' }) });
  await expect(firstClause).toBeVisible();
  await firstClause.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByText(/已阅读 1\/\d+/)).toBeVisible();

  // One clause read is not enough, and the count survives a reload.
  await page.getByRole('button', { name: '下一步' }).click();
  await expect.poll(() => hashRoute(page)).toMatch(/^\/insure\?/);
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  await page.reload();
  await expect(page.getByText(/已阅读 2\/\d+/)).toBeVisible();
  await expect(page.locator('[id="root_insureds_0_schoolName"]')).toHaveValue('沛县星辰双语学校');

  // Reading the rest (全部已读) unblocks it.
  await page.getByRole('button', { name: '去阅读' }).click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/#\/confirm/);
  expect(errors).toEqual([]);
});

test('choose-only and custom-only products offer no school to add; the notice screen waits for every clause', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  // 02 choose only (徐州无忧 2024): a picker over the product's list, nothing to add.
  await logInTo(page, request, '/insure?productCode=24PR320324');
  const chooseOnly = page.locator('[id="root_insureds_0_schoolName"]');
  await expect(chooseOnly).toHaveJSProperty('tagName', 'BUTTON');
  await chooseOnly.click();
  await expect(page.locator('.adm-picker').filter({ visible: true }).getByText('徐州市民主路小学')).toBeVisible();
  await page.locator('.adm-picker').filter({ visible: true }).getByText('取消', { exact: true }).click();
  await expect(page.getByRole('button', { name: /找不到学校/ })).toHaveCount(0);

  // 03 custom only (中华联合临沂): free text, no suggestions, nothing added to the directory.
  await page.goto('/#/insure?productCode=24PR371320');
  const customOnly = page.locator('[id="root_insureds_0_schoolName"]');
  await customOnly.fill('临沂市兰山区实验小学');
  await page.waitForTimeout(600);
  await expect(page.getByRole('option')).toHaveCount(0);
  await customOnly.blur();
  await expect(page.getByRole('button', { name: /找不到学校/ })).toHaveCount(0);

  // /calmCareNotify: 继续投保 stays disabled until every clause is read; reading survives a reload.
  await page.goto('/#/calmCareNotify');
  const go = page.getByRole('button', { name: '我已阅读，继续投保' });
  await expect(go).toBeDisabled();
  await expect(page.getByTestId('read-progress')).toHaveText('已阅读 0/4');
  await page.getByRole('button', { name: /《投保须知》/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: '下一份' }).click();
  await expect(page.getByRole('dialog', { name: '安心无忧投保告知书' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('read-progress')).toHaveText('已阅读 2/4');
  await expect(go).toBeDisabled();
  await page.getByRole('button', { name: '去阅读' }).click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await expect(page.getByTestId('read-progress')).toHaveText('已阅读 4/4');
  await expect(go).toBeEnabled();
  await go.click();
  await expect(page).toHaveURL(/#\/insure\?productCode=19PR799624/);
  await expect(page.getByText('已阅读 4/4')).toBeVisible();
  expect(errors).toEqual([]);
});
