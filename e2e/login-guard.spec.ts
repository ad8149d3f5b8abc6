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

test('after logging in on the way to a login-only screen, back returns to the screen before it, not to the log-in page', async ({ page, request }) => {
  await page.goto('/#/aboutUs');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // A tap on a link to 个人中心 (a push, as the app's own links do).
  await page.evaluate(() => {
    window.location.hash = '#/myIndex';
  });
  await logInBySms(page, request, uniquePhone());
  await expect.poll(() => hashRoute(page)).toBe('/myIndex');

  // The guard's detour replaced the entry of /myIndex, and the log-in replaced its own: one back is /aboutUs.
  await page.goBack();
  await expect.poll(() => hashRoute(page)).toBe('/aboutUs');
  await page.goForward();
  await expect.poll(() => hashRoute(page)).toBe('/myIndex');
});
