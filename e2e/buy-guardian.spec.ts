import { expect, test } from './support/test.ts';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { logInBySms, maskedIdNumber, uniquePhone } from './support/app.ts';
import { declaredInsuredFields, fillText, pick } from './support/insure-form.ts';

/** The 关爱宝 guardian product (manifests/guanaibao-guardian.json). */
const GUARDIAN = {
  productCode: '21PR000316',
  productName: '关爱宝监护人责任保险',
  route: '/guanAiBaoDetails',
} as const;

/**
 * Beijing calendar date `years` years and `days` days before today, YYYY-MM-DD
 * (the app takes ages in Beijing time, on the cover start date: tomorrow).
 */
function beijingDateBefore(years: number, days: number): string {
  const d = new Date(Date.now() + 8 * 3600 * 1000);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * A parent buys 关爱宝 (guardian template): the parent is holder and the only
 * insured, the child is the ward (监护对象). The journey goes from the detail
 * route to the policy list, through SMS log-in, the guardian rule on the
 * holder's age, the clauses, the confirm page and the sandbox cashier.
 *
 * Relies on the insure/confirm contract also used by buy-policy.spec.ts: rjsf
 * field ids (root_policyHolder_*, root_wards_0_*), 下一步, and 确认投保 locked
 * for 2 s after load.
 */
test('a parent buys the 关爱宝 guardian policy for their child', async ({ page, request }) => {
  test.setTimeout(120_000);
  const phone = uniquePhone();
  const holderId = makeIdCard('320302', '1986-04-12', '135');
  // 17 years and 60 days old today, so still 17 when cover starts tomorrow.
  const minorHolderId = makeIdCard('320302', beijingDateBefore(17, 60), '135');
  const wardId = makeIdCard('320302', '2015-09-01', '246');

  // Detail route: one plan, ¥30.00.
  await page.goto(`/#${GUARDIAN.route}`);
  await expect(page.getByTestId('detail-premium')).toHaveText('¥30.00');

  // 立即投保 needs a logged-in user.
  await page.getByTestId('insure-now').click();
  await logInBySms(page, request, phone);
  await expect(page).toHaveURL(new RegExp(`#/insure\\?productCode=${GUARDIAN.productCode}$`));

  // Guardian form: holder and ward, no insured section.
  await expect(page.locator('[id="root_insureds_0_name"]')).toHaveCount(0);
  // Its manifest declares no insured fields (the holder is the insured), so the form asks for none.
  expect(declaredInsuredFields('guanaibao-guardian')).toEqual([]);
  await fillText(page, 'root_policyHolder_name', '张伟');
  await fillText(page, 'root_policyHolder_licenceNo', minorHolderId);
  await fillText(page, 'root_policyHolder_phone', phone);
  await pick(page, 'root_wards_0_relaToHolder', '子女');
  await expect(page.locator('[id="root_wards_0_relaToHolder"]')).toContainText('子女');
  await fillText(page, 'root_wards_0_name', '张小宝');
  await fillText(page, 'root_wards_0_licenceNo', wardId);

  // A 17-year-old holder is refused inline, under the holder's ID number.
  await page.getByRole('button', { name: '下一步' }).click();
  const holderIdError = page.locator('[data-field="root_policyHolder_licenceNo"]').getByRole('alert');
  await expect(holderIdError).toHaveText(/^(投保人须年满18周岁|投保人年龄须在18-65周岁之间)$/);
  await expect(page).toHaveURL(/#\/insure\?/);

  // The adult's ID number clears it.
  await fillText(page, 'root_policyHolder_licenceNo', holderId);
  await expect(holderIdError).toHaveCount(0);
  await expect(page.locator('[data-field="root_wards_0_licenceNo"]').getByRole('alert')).toHaveCount(0);

  // Clauses: ticking the box opens the first unread one; 全部已读 reads and agrees to all.
  await page.getByLabel('我已阅读并同意').first().click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('button', { name: '下一步' }).click();

  // Confirm: the holder insured as themself, the ward, no insured mobile, ¥30.00; locked for 2 s.
  await expect(page).toHaveURL(new RegExp(`#/confirmIndex\\?productCode=${GUARDIAN.productCode}$`));
  const confirmButton = page.getByRole('button', { name: '确认投保' });
  await expect(confirmButton).toBeVisible();
  await expect(confirmButton).toBeDisabled();

  const holderCard = page.getByTestId('confirm-holder');
  await expect(holderCard).toContainText(maskedIdNumber(holderId));
  await expect(holderCard).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);

  const insuredCard = page.getByTestId('confirm-insured-0');
  await expect(insuredCard).toContainText('本人');
  await expect(insuredCard).toContainText(maskedIdNumber(holderId));
  await expect(insuredCard).not.toContainText('手机号码');

  const wardCard = page.getByTestId('confirm-ward-0');
  await expect(wardCard).toContainText('监护对象信息');
  await expect(wardCard).toContainText('子女');
  await expect(wardCard).toContainText('张小宝');
  await expect(wardCard).toContainText(maskedIdNumber(wardId));
  await expect(wardCard).not.toContainText(wardId);

  await expect(page.getByText(/法定/).first()).toBeVisible();
  await expect(page.getByTestId('confirm-cover')).toContainText('¥30.00');
  await expect(confirmButton).toBeEnabled({ timeout: 5_000 });
  await confirmButton.click();

  // Payoff → sandbox cashier.
  await expect(page).toHaveURL(/#\/payoff\?/, { timeout: 15_000 });
  await expect(page.getByTestId('payoff-amount')).toHaveText('¥30.00');
  await page.getByTestId('pay-now').click();
  // 微信支付 outside WeChat: WeChat H5 pay (wap_biz) and its cashier.
  await expect(page).toHaveURL(/\/_sandbox\/wechat\/cashier\?tradeNo=/);
  await page.getByRole('button', { name: '确认支付' }).click();

  // Back in the app: the payment notification is asynchronous, the page polls.
  await expect(page).toHaveURL(/#\/paySuccess\?/);
  await expect(page.getByText('支付成功')).toBeVisible({ timeout: 35_000 });
  await expect(page.getByTestId('paid-amount')).toHaveText('¥30.00');

  // The policy list shows it, awaiting its start date.
  await page.getByRole('button', { name: '查看保单' }).click();
  await expect(page).toHaveURL(/#\/policyList$/);
  await expect(async () => {
    await page.reload();
    const card = page.getByTestId('policy-card').filter({ hasText: GUARDIAN.productName }).first();
    await expect(card.getByTestId('policy-premium')).toHaveText('¥30.00', { timeout: 3_000 });
    await expect(card.getByTestId('policy-status')).toHaveText('待起保', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
});
