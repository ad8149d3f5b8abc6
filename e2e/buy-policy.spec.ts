import { expect, test } from './support/test.ts';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { logInBySms, maskedIdNumber, uniquePhone, XUZHOU, XUZHOU_MANIFEST } from './support/app.ts';
import { fillDeclaredInsuredFields, fillXuzhouPeople, STUDENT_ANSWERS, STUDENT_BIRTH_YEAR } from './support/insure-form.ts';

/**
 * The main journey: a parent buys the Xuzhou 2025 student accident policy
 * (升级版, ¥100.00) from the home page to the policy list, logging in on the
 * way, with a reload in the middle of the form.
 *
 * The insure and confirm screens are another team's; this spec relies on
 * their agreed contract: rjsf field ids (root_policyHolder_name…), the
 * 下一步 button of the insure page and the 确认投保 button of the confirm
 * page, locked for 2 s after load.
 */
// Home follows the market of the visitor's place (spec §4): a parent in Xuzhou lands in the Xuzhou market.
test.use({ geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

test('a parent buys the Xuzhou 2025 student accident policy', async ({ page, request }) => {
  test.setTimeout(120_000);
  const phone = uniquePhone();
  const holderId = makeIdCard('320302', '1986-04-12', '135');
  const studentId = makeIdCard('320302', `${STUDENT_BIRTH_YEAR}-09-01`, '246');

  // Home → product detail.
  await page.goto('/');
  await page.getByTestId('product-card').filter({ hasText: XUZHOU.productName }).click();
  await expect(page).toHaveURL(new RegExp(`#${XUZHOU.route}$`));

  // Plan 升级版 and its premium.
  const upgrade = page.getByRole('radio', { name: /升级版/ });
  await upgrade.click();
  await expect(upgrade).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('guarantee')).toContainText('疾病住院医疗');
  await expect(page.getByTestId('detail-premium')).toHaveText('¥100.00');

  // 立即投保 needs a logged-in user.
  await page.getByTestId('insure-now').click();
  await logInBySms(page, request, phone);
  await expect(page).toHaveURL(new RegExp(`#/insure\\?productCode=${XUZHOU.productCode}$`));

  // Holder and student.
  await fillXuzhouPeople(page, { holderId, holderPhone: phone, studentId });

  // A reload mid-form keeps what was typed.
  await page.reload();
  await expect(page.locator('[id="root_policyHolder_name"]')).toHaveValue('张伟');
  await expect(page.locator('[id="root_policyHolder_licenceNo"]')).toHaveValue(holderId);
  await expect(page.locator('[id="root_insureds_0_name"]')).toHaveValue('张小明');
  await expect(page.locator('[id="root_insureds_0_licenceNo"]')).toHaveValue(studentId);

  // The student's school details: every field the product's manifest declares must be on the form.
  await fillDeclaredInsuredFields(page, XUZHOU_MANIFEST, 0, { ...STUDENT_ANSWERS, schoolName: { text: '徐州市青年路小学' } });

  // Clauses: ticking the box opens the first unread one; 全部已读 reads and agrees to all.
  await page.getByLabel('我已阅读并同意').first().click();
  await page.getByRole('button', { name: '全部已读' }).click();

  await page.getByRole('button', { name: '下一步' }).click();

  // Confirm: masked ID numbers, statutory beneficiary, premium; the button is locked for 2 s.
  await expect(page).toHaveURL(/#\/confirm/);
  const confirmButton = page.getByRole('button', { name: '确认投保' });
  await expect(confirmButton).toBeVisible();
  await expect(confirmButton).toBeDisabled();
  await expect(page.getByText(maskedIdNumber(studentId)).first()).toBeVisible();
  await expect(page.getByText(maskedIdNumber(holderId)).first()).toBeVisible();
  await expect(page.getByText(/法定/).first()).toBeVisible();
  await expect(page.getByText('¥100.00').first()).toBeVisible();
  await expect(confirmButton).toBeEnabled({ timeout: 5_000 });
  await confirmButton.click();

  // Payoff → sandbox cashier.
  await expect(page).toHaveURL(/#\/payoff\?/, { timeout: 15_000 });
  await expect(page.getByTestId('payoff-amount')).toHaveText('¥100.00');
  await page.getByTestId('pay-now').click();
  // 微信支付 outside WeChat: WeChat H5 pay (wap_biz) and its cashier.
  await expect(page).toHaveURL(/\/_sandbox\/wechat\/cashier\?tradeNo=/);
  await page.getByRole('button', { name: '确认支付' }).click();

  // Back in the app: the payment notification is asynchronous, the page polls.
  await expect(page).toHaveURL(/#\/paySuccess\?/);
  await expect(page.getByText('支付成功')).toBeVisible({ timeout: 35_000 });
  await expect(page.getByTestId('paid-amount')).toHaveText('¥100.00');

  // The policy list shows it, awaiting its start date.
  await page.getByRole('button', { name: '查看保单' }).click();
  await expect(page).toHaveURL(/#\/policyList$/);
  await expect(async () => {
    await page.reload();
    const card = page.getByTestId('policy-card').filter({ hasText: XUZHOU.productName }).first();
    await expect(card.getByTestId('policy-premium')).toHaveText('¥100.00', { timeout: 3_000 });
    await expect(card.getByTestId('policy-status')).toHaveText('待起保', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
});
