import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { logInBySms, uniquePhone, XUZHOU } from './support/app.ts';

/**
 * The app runs under the server's content-security policy (no inline script
 * or style, calls and images from this origin, data: and blob: images): no
 * `securitypolicyviolation` event fires on the home page, a product detail
 * page, the insure form and the sandbox cashier.
 */
test.use({ geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  url: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        url: document.location.href,
      });
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

test('home, a detail page and the insure form raise no content-security violation', async ({ page, request }) => {
  test.setTimeout(120_000);
  await recordViolations(page);

  const home = await page.goto('/');
  const csp = home?.headers()['content-security-policy'] ?? '';
  // WeChat's JSSDK host is the one other script source (the share card, loaded inside WeChat only).
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='( https:\/\/res\.wx\.qq\.com)?;/);
  expect(csp).not.toContain('unsafe-inline');
  // The insure form's validator is a module of this origin, compiled on the server: no eval.
  expect(csp).not.toContain('unsafe-eval');

  await page.getByTestId('product-card').filter({ hasText: XUZHOU.productName }).click();
  await expect(page).toHaveURL(new RegExp(`#${XUZHOU.route}$`));
  await expect(page.getByTestId('detail-premium')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByTestId('insure-now').click();
  await logInBySms(page, request, uniquePhone());
  await expect(page).toHaveURL(new RegExp(`#/insure\\?productCode=${XUZHOU.productCode}$`));
  await expect(page.locator('[id="root_policyHolder_name"]')).toBeVisible();
  // Whatever loads lazily after the form shows (images, chunks) gets a moment to fire.
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);
});
