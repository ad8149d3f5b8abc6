import { type Locator } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { MSG_REQUIRED } from '../src/engine/rules/messages.ts';
import { hashRoute, logInBySms, uniquePhone } from './support/app.ts';
import { orderXuzhou } from './support/pay-flow.ts';

/** What a new parent meets around the purchase: readable consents, tap targets. */

test('the log-in consent links open the agreements, and back returns to the form', async ({ page }) => {
  await page.goto('/#/passport/login');
  const box = await page.getByTestId('agree').boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

  await page.getByRole('link', { name: '《注册须知》' }).click();
  await expect.poll(() => hashRoute(page)).toBe('/registerKnow');
  await expect(page.getByTestId('info-page')).toContainText('注册');
  await page.goBack();
  await expect.poll(() => hashRoute(page)).toBe('/passport/login');

  await page.getByRole('link', { name: '《隐私条款》' }).click();
  await expect.poll(() => hashRoute(page)).toBe('/registerPrivacyClause');
  await expect(page.getByTestId('info-page')).toContainText('个人信息');
});

test.describe('a market opened first', () => {
  test.use({ geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

  test('has no back arrow leading nowhere; opened from another page it goes back there', async ({ page }) => {
    await page.goto('/#/insureMarketHome?id=xuzhou');
    await expect(page.getByTestId('market-home')).toBeVisible();
    await expect(page.locator('.adm-nav-bar-back')).toHaveCount(0);

    await page.goto('/#/locationMarketHome');
    await page.locator('[data-testid="market-option"][data-market-id="xuzhou"]').first().click();
    await expect(page.getByTestId('market-home')).toBeVisible();
    await page.locator('.adm-nav-bar-back').click();
    await expect.poll(() => hashRoute(page)).toBe('/locationMarketHome');
  });
});

test('choices carry over from the detail page and the log-in, and a spaced ID number is taken as typed', async ({ page, request }) => {
  await page.goto('/#/calmCarefreeDetails?productCode=19PR799624');
  await page.locator('.adm-selector-item', { hasText: '无社保' }).click();
  await page.getByTestId('insure-now').click();
  const phone = uniquePhone();
  await logInBySms(page, request, phone);
  await expect.poll(() => hashRoute(page)).toMatch(/^\/insure\?productCode=19PR799624/);

  // The holder's phone starts as the number the parent logged in with.
  await expect(page.locator('[id="root_policyHolder_phone"]')).toHaveValue(phone);

  // 无社保 chosen on the detail page is the insured's answer to 有无社保.
  const social = page.locator('[id="root_insureds_0_socialMedicalInsurance"]');
  await expect(social.locator('.adm-radio-checked')).toHaveText('否');

  // An ID number pasted in groups of four keeps all 18 characters.
  const studentId = makeIdCard('320302', '2015-09-01', '246');
  const spaced = studentId.replace(/(.{4})/g, '$1 ').trim();
  await page.locator('[id="root_insureds_0_licenceNo"]').fill(spaced);
  await expect(page.locator('[id="root_insureds_0_licenceNo"]')).toHaveValue(studentId);
  await page.locator('[id="root_insureds_0_name"]').click();
  await expect(page.getByText(/位数有误/)).toHaveCount(0);
  await expect(page.locator('[id="root_insureds_0_birthday"]')).toContainText('2015-09-01');
});

test('back from the payment page shows the order just placed, not an empty form', async ({ page, request }) => {
  test.setTimeout(90_000);
  await orderXuzhou(page, request);
  await expect.poll(() => hashRoute(page)).toMatch(/^\/payoff\?/);
  const payoff = hashRoute(page);

  await page.goBack();
  await expect.poll(() => hashRoute(page)).toMatch(/^\/insure\?/);
  const placed = page.getByTestId('placed-order');
  await expect(page.getByText('订单已提交，待支付')).toBeVisible();
  await expect(page.getByText(/尚未支付/)).toContainText('¥60.00');
  await expect(page.locator('[id="root_insureds_0_name"]')).toHaveCount(0);

  await placed.getByRole('button', { name: '继续支付' }).click();
  await expect.poll(() => hashRoute(page)).toBe(payoff);

  // A new application for another child starts from an empty form.
  await page.goBack();
  await placed.getByRole('button', { name: '重新填写投保信息' }).click();
  await expect(page.locator('[id="root_insureds_0_name"]')).toHaveValue('');
});

test('an under-18 holder is told on leaving the ID number field, not only at 下一步', async ({ page, request }) => {
  await page.goto('/#/insure?productCode=25PR320300');
  await logInBySms(page, request, uniquePhone());
  await expect(page.locator('[id="root_policyHolder_licenceNo"]')).toBeVisible();
  const sixteen = makeIdCard('320302', `${new Date().getFullYear() - 16}-03-01`, '135');
  await page.locator('[id="root_policyHolder_licenceNo"]').fill(sixteen);
  await page.locator('[id="root_policyHolder_name"]').click();
  await expect(page.getByText(/投保人年龄须在18/)).toBeVisible();
  // Fields not reached yet stay quiet.
  await expect(page.getByText(MSG_REQUIRED)).toHaveCount(0);
  // Corrected, the message goes.
  await page.locator('[id="root_policyHolder_licenceNo"]').fill(makeIdCard('320302', '1986-04-12', '135'));
  await expect(page.getByText(/投保人年龄须在18/)).toHaveCount(0);
});

/** Width and height of what `locator` finds, for the 44 × 44 px a thumb needs. */
async function tapSize(locator: Locator): Promise<[number, number]> {
  const box = await locator.boundingBox();
  return [Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)];
}

test('the controls a thumb taps are at least 44 × 44 px', async ({ page, request }) => {
  await page.goto('/#/guanAiBaoDetails?productCode=21PR000316');
  await expect(page.locator('.adm-stepper button')).toHaveCount(2);
  for (const button of await page.locator('.adm-stepper button').all()) {
    const [w, h] = await tapSize(button);
    expect(w).toBeGreaterThanOrEqual(44);
    expect(h).toBeGreaterThanOrEqual(44);
  }

  await page.goto('/#/insure?productCode=19PR799624');
  await logInBySms(page, request, uniquePhone());
  const targets = [
    page.getByTestId('save-draft'),
    page.getByRole('button', { name: '去阅读' }),
    page.locator('[id="root_insureds_0_socialMedicalInsurance"] .adm-radio').first(),
    page.locator('[id="root_insureds_0_socialMedicalInsurance"] .adm-radio').last(),
  ];
  for (const target of targets) {
    await expect(target).toBeVisible();
    const [w, h] = await tapSize(target);
    expect(w, String(target)).toBeGreaterThanOrEqual(44);
    expect(h, String(target)).toBeGreaterThanOrEqual(44);
  }
});
