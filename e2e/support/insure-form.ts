import { expect, type Locator, type Page } from '@playwright/test';

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
    // The wheel lies under the picker's masks: tap the item itself.
    await item.dispatchEvent('click');
    await expect(item).toHaveAttribute('data-selected', 'true');
  }
  await picker.getByText('确定', { exact: true }).click();
  await expect(picker).toBeHidden();
}

/** Fills a field when the product's form has it: a text input gets `text`, a picker gets `option` (or its default). */
export async function fillIfPresent(page: Page, id: string, value: { text?: string; option?: string | readonly string[] }): Promise<void> {
  const target = field(page, id);
  if ((await target.count()) === 0) return;
  const tag = await target.evaluate((el) => el.tagName);
  if (tag === 'INPUT' || tag === 'TEXTAREA') {
    if (value.text !== undefined) await fillText(page, id, value.text);
    return;
  }
  if (tag === 'BUTTON') {
    await pick(page, id, value.option ?? []);
    return;
  }
  // Radio-style choices (yes/no): tap the option by its label inside the field.
  if (typeof value.option === 'string') await target.getByText(value.option, { exact: true }).click();
}
