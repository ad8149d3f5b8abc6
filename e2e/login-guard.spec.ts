import { expect, test } from './support/test.ts';
import { hashRoute, logInBySms, uniquePhone, XUZHOU } from './support/app.ts';

test('a visitor opening /insure logs in first and comes back to it', async ({ page, request }) => {
  const target = `/insure?productCode=${XUZHOU.productCode}`;
  await page.goto(`/#${target}`);

  await expect(page).toHaveURL(/#\/passport\/login\?/);
  const query = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
  expect(query.get('fullPath')).toBe(target);
  expect(query.get('productCode')).toBe(XUZHOU.productCode);
  expect(query.has('promoCode')).toBe(true);
  expect(query.has('partnerSource')).toBe(true);

  await logInBySms(page, request, uniquePhone());
  await expect.poll(() => hashRoute(page)).toBe(target);

  // Logged in now: the guard lets the route through directly.
  await page.goto('/#/policyList');
  await expect.poll(() => hashRoute(page)).toBe('/policyList');
  await expect(page.getByText('我的保单').first()).toBeVisible();
});
