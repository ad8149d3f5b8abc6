import { expect, test } from '@playwright/test';
import { hashRoute, logInBySms, uniquePhone, XUZHOU } from './support/app.ts';

test('the rating summary sits on the detail page; the rating list needs log-in and returns there', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/#${XUZHOU.route}`);
  const summary = page.getByTestId('rating-summary');
  await expect(summary).toContainText('用户评价');
  // The e2e server starts empty: no ratings yet, said plainly rather than a zero score.
  await expect(summary).toContainText('暂无评价');

  await page.goto(`/#/estimateList?productCode=${XUZHOU.productCode}`);
  await logInBySms(page, request, uniquePhone());
  await expect.poll(() => hashRoute(page)).toBe(`/estimateList?productCode=${XUZHOU.productCode}`);
  await expect(page.getByRole('tab', { name: '投保服务' })).toBeVisible();
  await expect(page.getByText('暂无评价')).toBeVisible();
  await page.getByRole('tab', { name: '理赔服务' }).click();
  await expect(page.getByText('暂无评价')).toBeVisible();
  expect(errors).toEqual([]);
});
