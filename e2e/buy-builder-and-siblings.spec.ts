import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import type { ProductManifest } from '../src/engine/manifest/manifest-types.generated.ts';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { logInBySms, maskedIdNumber, uniquePhone } from './support/app.ts';
import { fillDeclaredInsuredFields, fillText, STUDENT_ANSWERS, STUDENT_BIRTH_YEAR } from './support/insure-form.ts';

/**
 * Two more purchases from the detail route to the policy list, through SMS
 * log-in, the insure form, the clauses, the confirm page and the sandbox
 * cashier: the Xuzhou three-plan builder product (豪华版, a built plan), and
 * a product insuring several children on one order (two siblings).
 *
 * The expected premiums are read from the manifests' prices by the test
 * (a built plan costs the sum of its template's plans; each insured pays the
 * plan's price), not computed with the app's own pricing code.
 *
 * Relies on the insure/confirm contract of buy-policy.spec.ts: rjsf field ids
 * (root_policyHolder_*, root_insureds_N_*), 添加被保人, 下一步, and 确认投保
 * locked for 2 s after load.
 */

function manifest(id: string): ProductManifest {
  return JSON.parse(readFileSync(new URL(`../manifests/${id}.json`, import.meta.url), 'utf8')) as ProductManifest;
}

/** ¥1,234.50 as the app writes amounts: two decimals (spec §9). */
const yuan = (amount: number) => `¥${amount.toFixed(2)}`;

/**
 * Sequence digits of this run's ID numbers: a run reusing a server whose
 * database already holds an order for the same child would meet the
 * repeat-insurance check, so every run insures children of its own.
 */
function runSequence(): number {
  return Date.now() % 900;
}
const seq = (n: number) => String(n % 1000).padStart(3, '0');

/** An insured student: name, ID number and every field the product's manifest declares; `index` is the insured's position on the form. */
async function fillStudent(page: Page, manifestId: string, index: number, name: string, licenceNo: string, school: string, grade = '五年级'): Promise<void> {
  const id = (field: string) => `root_insureds_${index}_${field}`;
  await fillText(page, id('name'), name);
  await fillText(page, id('licenceNo'), licenceNo);
  await fillDeclaredInsuredFields(page, manifestId, index, { ...STUDENT_ANSWERS, grade: { option: grade }, schoolName: { text: school } });
}

async function fillHolder(page: Page, phone: string, licenceNo: string): Promise<void> {
  await fillText(page, 'root_policyHolder_name', '张伟');
  await fillText(page, 'root_policyHolder_licenceNo', licenceNo);
  await fillText(page, 'root_policyHolder_phone', phone);
}

/** Reads and agrees to every clause, then 下一步 to the confirm page. */
async function agreeAndGoOn(page: Page): Promise<void> {
  await page.getByLabel('我已阅读并同意').first().click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/#\/confirm/);
}

/** 确认投保 (locked 2 s), the sandbox cashier, 支付成功, and the policy on /policyList with `premium`. */
async function payAndFindPolicy(page: Page, productName: string, premium: string): Promise<void> {
  const confirmButton = page.getByRole('button', { name: '确认投保' });
  await expect(confirmButton).toBeEnabled({ timeout: 5_000 });
  await confirmButton.click();

  await expect(page).toHaveURL(/#\/payoff\?/, { timeout: 15_000 });
  await expect(page.getByTestId('payoff-amount')).toHaveText(premium);
  await page.getByTestId('pay-now').click();
  // 微信支付 outside WeChat: WeChat H5 pay (wap_biz) and its cashier.
  await expect(page).toHaveURL(/\/_sandbox\/wechat\/cashier\?tradeNo=/);
  await page.getByRole('button', { name: '确认支付' }).click();

  // The payment notification is asynchronous: the page polls.
  await expect(page).toHaveURL(/#\/paySuccess\?/);
  await expect(page.getByText('支付成功')).toBeVisible({ timeout: 35_000 });
  await expect(page.getByTestId('paid-amount')).toHaveText(premium);

  await page.getByRole('button', { name: '查看保单' }).click();
  await expect(page).toHaveURL(/#\/policyList$/);
  await expect(async () => {
    await page.reload();
    const card = page.getByTestId('policy-card').filter({ hasText: productName }).first();
    await expect(card.getByTestId('policy-premium')).toHaveText(premium, { timeout: 3_000 });
    await expect(card.getByTestId('policy-status')).toHaveText('待起保', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test('a parent buys the third plan (豪华版) of the Xuzhou plan builder product', async ({ page, request }) => {
  test.setTimeout(120_000);
  const raw = manifest('xuzhou-new-2025-builder');
  // The plans parents choose from are the builder's templates; 豪华版 is the third, made of the manifest plans it names.
  const templates = raw.planBuilder?.templates ?? [];
  expect(templates.map((t) => t.name)).toEqual(['基础版', '升级版', '豪华版']);
  const deluxePlans = templates[2]!.planCodes.map((code) => raw.plans.find((p) => p.code === code)!);
  // The student has social insurance (有无社保 是): the one factor's multiplier for that answer is 1.
  expect(raw.pricing.factors?.map((f) => f.options.find((o) => o.value === 'Y')?.multiplier)).toEqual([1]);
  const premium = yuan(deluxePlans.reduce((fen, p) => fen + Math.round(p.premium * 100), 0) / 100);
  const phone = uniquePhone();
  const run = runSequence();
  const holderId = makeIdCard('320302', '1986-04-12', seq(run + 100));
  const studentId = makeIdCard('320302', `${STUDENT_BIRTH_YEAR}-09-01`, seq(run));

  await page.goto(`/#${raw.routes[0]}`);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText(raw.productName);
  const deluxe = page.getByRole('radio', { name: /豪华版/ });
  await deluxe.click();
  await expect(deluxe).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('detail-premium')).toHaveText(premium);
  // The guarantee table is the built plan's: every risk its templates merged.
  for (const risk of deluxePlans.flatMap((p) => p.risks)) {
    await expect(page.getByTestId('guarantee')).toContainText(risk.duties[0]!.limitName);
  }

  await page.getByTestId('insure-now').click();
  await logInBySms(page, request, phone);
  await expect(page).toHaveURL(new RegExp(`#/insure\\?productCode=${raw.productCode}$`));

  await fillHolder(page, phone, holderId);
  await fillStudent(page, 'xuzhou-new-2025-builder', 0, '张小明', studentId, '徐州市青年路小学');
  await expect(page.getByTestId('premium')).toHaveText(premium);
  await agreeAndGoOn(page);

  // Confirm: the built plan, the masked child, the engine's premium.
  await expect(page.getByRole('button', { name: '确认投保' })).toBeDisabled();
  await expect(page.getByText('豪华版').first()).toBeVisible();
  await expect(page.getByTestId('confirm-insured-0')).toContainText(maskedIdNumber(studentId));
  await expect(page.getByTestId('confirm-insured-1')).toHaveCount(0);
  await expect(page.getByTestId('premium')).toHaveText(premium);

  await payAndFindPolicy(page, raw.productName, premium);
});

test('a parent insures two siblings on one order', async ({ page, request }) => {
  test.setTimeout(120_000);
  const m = manifest('zaozhuang-student');
  expect(m.insure.maxInsureds).toBeGreaterThanOrEqual(2);
  const plan = m.plans[0];
  // No pricing factors: one child pays the plan's price, two pay twice that.
  expect(m.pricing.factors ?? []).toEqual([]);
  const premium = yuan((2 * Math.round(plan.premium * 100)) / 100);
  const phone = uniquePhone();
  const run = runSequence();
  const holderId = makeIdCard('370402', '1984-07-20', seq(run + 200));
  // 12 or 13 (初一) and 9 or 10 (五年级): each grade fits its child's age.
  const elderId = makeIdCard('370402', `${STUDENT_BIRTH_YEAR - 2}-03-15`, seq(run));
  const youngerId = makeIdCard('370402', `${STUDENT_BIRTH_YEAR + 1}-10-08`, seq(run + 1));

  await page.goto(`/#${m.routes[0]}`);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText(m.productName);
  // One insured until the form says otherwise.
  await expect(page.getByTestId('detail-premium')).toHaveText(yuan(plan.premium));

  await page.getByTestId('insure-now').click();
  await logInBySms(page, request, phone);
  await expect(page).toHaveURL(new RegExp(`#/insure\\?productCode=${m.productCode}$`));

  await fillHolder(page, phone, holderId);
  await fillStudent(page, 'zaozhuang-student', 0, '刘一鸣', elderId, '枣庄市实验小学', '初一');
  await expect(page.locator('[id="root_insureds_1_name"]')).toHaveCount(0);
  await page.getByRole('button', { name: '添加被保人' }).click();
  await expect(page.locator('[id="root_insureds_1_name"]')).toBeVisible();
  await fillStudent(page, 'zaozhuang-student', 1, '刘一诺', youngerId, '枣庄市实验小学');
  // Each insured is priced: two children, twice the premium.
  await expect(page.getByTestId('premium')).toHaveText(premium);
  await agreeAndGoOn(page);

  // Confirm: both children, masked, and the premium of both.
  await expect(page.getByRole('button', { name: '确认投保' })).toBeDisabled();
  const elder = page.getByTestId('confirm-insured-0');
  const younger = page.getByTestId('confirm-insured-1');
  await expect(elder).toContainText('刘一鸣');
  await expect(elder).toContainText(maskedIdNumber(elderId));
  await expect(younger).toContainText('刘一诺');
  await expect(younger).toContainText(maskedIdNumber(youngerId));
  await expect(page.getByTestId('confirm-insured-2')).toHaveCount(0);
  await expect(page.getByTestId('premium')).toHaveText(premium);

  await payAndFindPolicy(page, m.productName, premium);
});
