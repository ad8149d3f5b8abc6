import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { logInBySms, uniquePhone } from './support/app.ts';
import { answerHealthQuestion, fillText, pick } from './support/insure-form.ts';
import { expect, test } from './support/test.ts';

/**
 * The health notice (健康告知) of 华泰安康家长重大疾病保险
 * (manifests/huatai-serious-illness.json): a parent insuring their spouse
 * answers 是 to 高血压, the follow-up on the blood pressure appears, the
 * uncontrolled answer is refused with the manifest's message and 下一步 stays
 * on the page; the answers survive a reload; a controlled blood pressure goes
 * on to the confirm page, which shows the answers.
 */
const PRODUCT_CODE = '20PR416508';
const manifest = JSON.parse(readFileSync(new URL('../manifests/huatai-serious-illness.json', import.meta.url), 'utf8')) as {
  healthNotice: { questions: { id: string; text: string; options?: { value: string; label: string }[]; outcomes?: { answers: string[]; message?: string }[] }[] };
};
const question = (id: string) => manifest.healthNotice.questions.find((q) => q.id === id)!;
const DISEASE = question('disease').text;
const HYPERTENSION = question('hypertension').text;
const BLOOD_PRESSURE = question('bloodPressure');
const HOSPITAL = question('hospital').text;
const label = (value: string) => BLOOD_PRESSURE.options!.find((o) => o.value === value)!.label;
const REFUSAL = BLOOD_PRESSURE.outcomes!.find((o) => o.answers.includes('uncontrolled'))!.message!;

/** 35 this year, born on the 1st of June: far from the cover start whatever the day the test runs. */
const born = `${new Date().getFullYear() - 35}-06-01`;

/** The product's insure-step alert (its health notice reminder), shown on entering the page: 我知道了. */
async function closeStepAlert(page: Page): Promise<void> {
  const ok = page.getByRole('dialog').getByRole('button', { name: '我知道了' });
  await ok.click();
  await expect(ok).toBeHidden();
}

test('a parent answers the health notice: a follow-up, a refusal with the manifest message, then the confirm page with the answers', async ({ page, request }) => {
  test.setTimeout(150_000);
  const seq = String(100 + Math.floor(Math.random() * 800));
  await page.goto(`/#/insure?productCode=${PRODUCT_CODE}`);
  await logInBySms(page, request, uniquePhone());
  await expect(page.locator('[id="root_policyHolder_name"]')).toBeVisible();
  await closeStepAlert(page);
  await fillText(page, 'root_policyHolder_name', '王建国');
  await fillText(page, 'root_policyHolder_licenceNo', makeIdCard('110105', born, seq));
  await fillText(page, 'root_policyHolder_phone', uniquePhone());
  await pick(page, 'root_insureds_0_relaToHolder', '配偶');
  await fillText(page, 'root_insureds_0_name', '李芳');
  await fillText(page, 'root_insureds_0_licenceNo', makeIdCard('110106', born, seq));
  await fillText(page, 'root_insureds_0_email', 'lifang@example.com');

  const notice = page.getByTestId('health-notice');
  await expect(notice.getByRole('heading', { name: '健康告知' })).toBeVisible();
  await answerHealthQuestion(page, DISEASE, '否');
  // The follow-up shows only for 是.
  await expect(notice.getByRole('group', { name: BLOOD_PRESSURE.text })).toHaveCount(0);
  await answerHealthQuestion(page, HYPERTENSION, '是');
  await expect(notice.getByRole('group', { name: BLOOD_PRESSURE.text })).toBeVisible();
  await answerHealthQuestion(page, BLOOD_PRESSURE.text, label('uncontrolled'));
  await answerHealthQuestion(page, HOSPITAL, '否');

  // Refused with the manifest's message, read from the screen; 下一步 does not leave the page.
  await expect(notice.getByRole('alert')).toHaveText(REFUSAL);
  await page.getByLabel('我已阅读并同意').first().click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText(REFUSAL)).toHaveCount(2); // the notice's message and the toast
  await expect(page).toHaveURL(/#\/insure\?/);

  // The answers are kept through a reload, like the rest of the form.
  await page.reload();
  await closeStepAlert(page);
  await expect(notice.getByRole('group', { name: BLOOD_PRESSURE.text }).getByRole('radio', { name: label('uncontrolled') })).toBeChecked();
  await expect(notice.getByRole('alert')).toHaveText(REFUSAL);

  // A controlled blood pressure goes on.
  await answerHealthQuestion(page, BLOOD_PRESSURE.text, label('controlled'));
  await expect(notice.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/#\/confirm/);
  const answers = page.getByTestId('confirm-health');
  await expect(answers).toBeVisible();
  for (const [text, answer] of [[DISEASE, '否'], [HYPERTENSION, '是'], [BLOOD_PRESSURE.text, label('controlled')], [HOSPITAL, '否']] as const) {
    await expect(answers.locator('div', { has: page.getByText(text, { exact: true }) }).getByText(answer, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: '确认投保' })).toBeEnabled({ timeout: 5_000 });
});
