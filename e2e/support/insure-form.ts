import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { XUZHOU_MANIFEST } from './app.ts';

/**
 * Drives the rjsf insure form by field id (`root_policyHolder_name`,
 * `root_insureds_0_grade`…). Text fields are inputs; choice fields are
 * buttons opening an antd-mobile Picker (or CascadePicker) confirmed with 确定.
 */

function field(page: Page, id: string): Locator {
  return page.locator(`[id="${id}"]`);
}

export async function fillText(page: Page, id: string, value: string): Promise<void> {
  const input = field(page, id);
  await input.fill(value);
  await expect(input).toHaveValue(value);
}

/** Opens the picker of `id`, taps the option labelled `label` (every column when several) and confirms. */
export async function pick(page: Page, id: string, labels: string | readonly string[] = []): Promise<void> {
  await field(page, id).click();
  // The popup root has no box of its own (its body is fixed-positioned): find the visible picker.
  const picker = page.locator('.adm-picker').filter({ visible: true }).last();
  await expect(picker).toBeVisible();
  const wanted = typeof labels === 'string' ? [labels] : labels;
  for (const [column, label] of wanted.entries()) {
    const item = picker.locator('.adm-picker-view-column').nth(column).locator('.adm-picker-view-column-item', { hasText: label }).first();
    // The wheel lies under the picker's masks: tap the item itself. A tap while the popup is still
    // sliding in can be taken for the end of a drag and ignored by the wheel: tap again, as a thumb would.
    await expect(async () => {
      await item.dispatchEvent('click');
      await expect(item).toHaveAttribute('data-selected', 'true', { timeout: 1_500 });
    }).toPass({ timeout: 10_000 });
  }
  await picker.getByText('确定', { exact: true }).click();
  await expect(picker).toBeHidden();
}

/** A value for one field: text for an input, option label(s) for a picker or a yes/no choice (none: the picker's default). */
export interface FieldValue {
  text?: string;
  option?: string | readonly string[];
}

/** Fills a field the test expects on the page, and fails when the page does not have it. */
export async function fillField(page: Page, id: string, value: FieldValue): Promise<void> {
  const target = field(page, id);
  await expect(target, `the insure form has the field ${id}`).toHaveCount(1);
  const tag = await target.evaluate((el) => el.tagName);
  if (tag === 'INPUT' || tag === 'TEXTAREA') {
    if (value.text === undefined) throw new Error(`${id} is a text field: give it a text`);
    await fillText(page, id, value.text);
    return;
  }
  if (tag === 'BUTTON') {
    await pick(page, id, value.option ?? []);
    return;
  }
  // Radio-style choices (yes/no): tap the option by its label inside the field.
  if (typeof value.option !== 'string') throw new Error(`${id} is a choice: give it the option to tap`);
  await target.getByText(value.option, { exact: true }).click();
}

/**
 * The birth year of the tests' students: 11 years before this year, so a student is 10 or 11 on the
 * cover start date, an age 五年级 fits (manifests/registry/grades.json: 9-12). A fixed year would
 * drift out of the grade's ages as years pass, and the form would refuse the grade.
 */
export const STUDENT_BIRTH_YEAR = new Date().getFullYear() - 11;

/** The test's answers for a student's school fields (used for every field a student manifest may declare); the grade fits a child born in STUDENT_BIRTH_YEAR. */
export const STUDENT_ANSWERS: Readonly<Record<string, FieldValue>> = {
  region: {},
  schoolKind: { option: '小学' },
  schoolNature: { option: '公办' },
  grade: { option: '五年级' },
  classAndGrade: { text: '3班' },
  socialMedicalInsurance: { option: '是' },
};

/**
 * The insured fields a manifest declares (`insure.insured.fields` in
 * manifests/<id>.json), as the form ids' last part. The mapping is the
 * page's contract, written here by the test, not taken from the app.
 */
const INSURED_FIELD_IDS: Readonly<Record<string, string>> = {
  region: 'region',
  schoolType: 'schoolKind',
  school: 'schoolName',
  schoolNature: 'schoolNature',
  collegeName: 'collegeName',
  grade: 'grade',
  classAndGrade: 'classAndGrade',
  socialSecurity: 'socialMedicalInsurance',
  email: 'email',
};

export function declaredInsuredFields(manifestId: string): string[] {
  const manifest = JSON.parse(readFileSync(new URL(`../../manifests/${manifestId}.json`, import.meta.url), 'utf8')) as {
    insure: { insured: { fields?: string[] } };
  };
  return (manifest.insure.insured.fields ?? []).map((name) => {
    const id = INSURED_FIELD_IDS[name];
    if (!id) throw new Error(`manifests/${manifestId}.json declares the insured field ${name}, which this helper does not know`);
    return id;
  });
}

/**
 * Fills every insured field the product's manifest declares, in form order,
 * with the test's answers: a declared field missing from the page fails, and
 * so does one the test has no answer for; a field the manifest does not
 * declare must not be on the page. `skip` names declared fields the test
 * fills itself (e.g. the school through its search).
 */
export async function fillDeclaredInsuredFields(
  page: Page,
  manifestId: string,
  index: number,
  answers: Readonly<Record<string, FieldValue>>,
  skip: readonly string[] = [],
): Promise<void> {
  const declared = declaredInsuredFields(manifestId);
  const order = Object.values(INSURED_FIELD_IDS);
  for (const name of order) {
    const id = `root_insureds_${index}_${name}`;
    if (!declared.includes(name)) {
      await expect(field(page, id), `${manifestId} does not declare ${name}`).toHaveCount(0);
      continue;
    }
    if (skip.includes(name)) continue;
    const answer = answers[name];
    if (!answer) throw new Error(`${manifestId} declares the insured field ${name}: the test must give it a value`);
    await fillField(page, id, answer);
  }
}

/** The holder 张伟 and the student 张小明 of the Xuzhou journeys, on /insure. */
export async function fillXuzhouPeople(page: Page, people: { holderId: string; holderPhone: string; studentId: string }): Promise<void> {
  await fillText(page, 'root_policyHolder_name', '张伟');
  await fillText(page, 'root_policyHolder_licenceNo', people.holderId);
  await fillText(page, 'root_policyHolder_phone', people.holderPhone);
  await fillText(page, 'root_insureds_0_name', '张小明');
  await fillText(page, 'root_insureds_0_licenceNo', people.studentId);
}

/**
 * The rest of the Xuzhou form (school details, every clause read), 下一步, then
 * 确认投保 once unlocked (`beforeConfirm` runs on the unlocked confirm page first).
 */
export async function finishXuzhouOrder(page: Page, beforeConfirm?: () => Promise<void>): Promise<void> {
  await fillDeclaredInsuredFields(page, XUZHOU_MANIFEST, 0, { ...STUDENT_ANSWERS, schoolName: { text: '徐州市青年路小学' } });
  await page.getByLabel('我已阅读并同意').first().click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/#\/confirm/);
  const confirm = page.getByRole('button', { name: '确认投保' });
  await expect(confirm).toBeEnabled({ timeout: 5_000 });
  await beforeConfirm?.();
  await confirm.click();
}

/**
 * Answers one question of the health notice section (健康告知) by its text:
 * taps the answer labelled `answer` (是/否 or an option), or types it into a
 * date or text question.
 */
export async function answerHealthQuestion(page: Page, question: string, answer: string): Promise<void> {
  const notice = page.getByTestId('health-notice');
  const group = notice.getByRole('group', { name: question, exact: true });
  if ((await group.count()) > 0) {
    const option = group.getByRole('radio', { name: answer, exact: true });
    await group.getByText(answer, { exact: true }).click();
    await expect(option).toBeChecked();
    return;
  }
  const input = notice.getByLabel(question, { exact: true });
  await input.fill(answer);
  await expect(input).toHaveValue(answer);
}

/**
 * Answers 否 to every question a manifest's health notice asks first (none
 * when it has no notice): the product's go-on answers as its clauses word
 * them (如以上均为“否”，可继续投保). Follow-ups stay hidden.
 */
export async function answerHealthNoticeNo(page: Page, manifestId: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(new URL(`../../manifests/${manifestId}.json`, import.meta.url), 'utf8')) as {
    healthNotice?: { questions: { text: string; kind: string; showWhen?: unknown }[] };
  };
  for (const question of manifest.healthNotice?.questions ?? []) {
    if (question.showWhen) continue;
    if (question.kind !== 'yesNo') throw new Error(`manifests/${manifestId}.json asks "${question.text}" first, not a yes/no question`);
    await answerHealthQuestion(page, question.text, '否');
  }
}
