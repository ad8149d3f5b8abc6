import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import type { ApiEnvelope } from '../src/contract/envelope.ts';
import type { MarketSummary } from '../src/contract/market.ts';
import type { DevCatalogue } from '../src/contract/product.ts';
import type { ProductManifest } from '../src/engine/manifest/manifest-types.generated.ts';
import { titleProblems, type TypeProblem } from './support/typography.ts';

/**
 * Chinese typography: at 390×844 with the CJK font (WenQuanYi Micro
 * Hei, as .ci/run installs), no title is clipped or leaves one character on
 * its last line, and lines are spaced for CJK (titles ≥ 1.3, body text ≥ 1.4):
 * the product cards of home and of every market, and the titles of a detail
 * page of every template (page template × insure template, with and without
 * a title page).
 */

async function getData<T>(request: APIRequestContext, url: string): Promise<T> {
  const body = (await (await request.get(url)).json()) as ApiEnvelope<T>;
  expect(body.code, url).toBe('0000');
  return body.data as T;
}

const report = (where: string, problems: readonly TypeProblem[]) => problems.map((p) => `${where}: 「${p.text}」 ${p.problem}`);

test('product cards of home and of every market: no clipped or orphaned title', async ({ page, request }) => {
  const found: string[] = [];
  // No market decided (the market calls fail): home lists the whole catalogue.
  await page.route('**/_gw/edu-svc/supermarket/**', (route) => route.abort());
  await page.goto('/#/');
  await expect(page.getByTestId('product-name').first()).toBeVisible();
  found.push(...report('home', await titleProblems(page)));
  await page.unroute('**/_gw/edu-svc/supermarket/**');

  const { list } = await getData<{ list: MarketSummary[] }>(request, '/_gw/edu-svc/supermarket/_bai/queryIdByArea');
  const online = list.filter((m) => m.online);
  expect(online.length).toBeGreaterThan(5);
  for (const market of online) {
    await page.goto(`/#/insureMarketHome?id=${market.id}`);
    await expect(page.getByTestId('market-home')).toBeVisible();
    await expect(page.getByTestId('product-name').first()).toBeVisible();
    found.push(...report(market.id, await titleProblems(page)));
  }
  expect(found).toEqual([]);
});

test('detail pages of every template: no clipped or orphaned title', async ({ page, request }) => {
  const catalogue = await getData<DevCatalogue>(request, '/_gw/__dev/catalogue');
  const byTemplate = new Map<string, string>();
  for (const entry of catalogue.list.filter((e) => e.status === 'online' && !e.loginRequired)) {
    const manifest = await getData<ProductManifest>(request, `/_gw/prod-svc/api/v1/attr/${entry.productCode}/edu`);
    const template = `${manifest.pageTemplate ?? 'standard'} / ${manifest.insure.template}${manifest.detail.titlePage ? ' / title page' : ''}`;
    if (!byTemplate.has(template)) byTemplate.set(template, entry.routes[0]!);
  }
  expect(byTemplate.size).toBeGreaterThan(3);
  const found: string[] = [];
  for (const [template, route] of byTemplate) {
    await page.goto(`/#${route}`);
    await expect(page.getByTestId('detail-premium')).toHaveText(/^¥\d/);
    // Entry alerts of a product (我知道了) are closed first: the page's own titles are measured.
    for (const ok of await page.locator('.adm-dialog').getByRole('button', { name: '我知道了' }).all()) await ok.click();
    found.push(...report(`${route} (${template})`, await titleProblems(page)));
  }
  expect(found).toEqual([]);
});
