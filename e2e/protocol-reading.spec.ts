import { expect, test } from './support/test.ts';

/**
 * The clause page (/checkProtocol, the protocol-reading screen): reached by no purchase the suite
 * makes, so visited here for the accessibility check. Its agreement box is a
 * checkbox named by its sentence (not an aria-label on antd-mobile's <label>, which axe refuses),
 * focusable, with a 44 px target; the fixture's check (axe, tap targets) runs on the screen at the end.
 */
test('the clause page: the agreement box is a named checkbox, axe-clean, with 44 px targets', async ({ page }) => {
  await page.goto('/#/checkProtocol?productCode=19PR799624');
  const go = page.getByRole('button', { name: '同意并继续' });
  await expect(go).toBeVisible();
  await page.getByRole('button', { name: '去阅读' }).click();
  await page.getByRole('button', { name: '全部已读' }).click();
  const box = page.getByRole('checkbox', { name: '我已阅读并同意以上全部内容' });
  await expect(box).toBeChecked();
  await expect(go).toBeEnabled();

  // A tap on the sentence unticks it, as on the box.
  await page.getByText('我已阅读并同意以上全部内容').click();
  await expect(box).not.toBeChecked();
  await expect(go).toBeDisabled();
  await box.focus();
  await expect(box).toBeFocused();
});
