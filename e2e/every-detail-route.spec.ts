import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import type { ApiEnvelope } from '../src/contract/envelope.ts';
import type { DevCatalogue, DevCatalogueEntry } from '../src/contract/product.ts';
import type { ProductManifest } from '../src/engine/manifest/manifest-types.generated.ts';
import { hashRoute, logInBySms, uniquePhone } from './support/app.ts';

/**
 * Every detail route of every manifest on sale renders in a
 * phone-sized Chromium without a console error, a page error or a blank
 * screen (the product name shows and 立即投保 is there); alias codes open
 * their product on /newProductDetail; offline and unknown codes show
 * 商品不存在或已下架. Log-in-only routes send the visitor to log-in and back.
 *
 * The list of products comes from the server's development catalogue
 * (GET /_gw/__dev/catalogue), so a new manifest is covered without editing
 * this file. One page is reused: routes change by hash, not by reloading.
 */

const UNKNOWN_CODE = '99PR000000';

async function getData<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `GET ${url}`).toBe(true);
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.code, `${url}: ${body.msg}`).toBe('0000');
  return body.data as T;
}

/** Fails the test on any console error or uncaught page error, naming the route it happened on. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${hashRoute(page)}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${hashRoute(page)}: page error: ${error.message}`));
  return errors;
}

/** Alerts a product shows on entering its detail page (antd-mobile Dialog, closed with 我知道了). */
function detailAlerts(manifest: ProductManifest): number {
  return (manifest.alerts ?? []).filter((a) => a.at === 'detail').length;
}

/** Opens a hash route in the page already loaded (same document; the first call loads the app). */
async function openRoute(page: Page, route: string): Promise<void> {
  await page.goto(`/#${route}`);
  await expect.poll(() => hashRoute(page), { message: `navigated to ${route}` }).toBe(route);
}

/** The detail page of `manifest` is rendered: product name, premium bar and 立即投保; its entry alerts closed. */
async function expectDetail(page: Page, manifest: ProductManifest, where: string): Promise<void> {
  await expect(page.locator('.adm-nav-bar-title'), `${where}: product name in the title`).toHaveText(manifest.productName);
  const insure = page.getByTestId('insure-now');
  await expect(insure, `${where}: 立即投保`).toBeVisible();
  await expect(insure).toHaveText(/立即投保/);
  await expect(page.getByTestId('guarantee'), `${where}: guarantee table`).toBeVisible();
  await expect(page.getByTestId('detail-premium')).toHaveText(/^¥\d/);
  for (let shown = 0; shown < detailAlerts(manifest); shown++) {
    const ok = page.locator('.adm-dialog').getByRole('button', { name: '我知道了' });
    await expect(ok, `${where}: product alert ${shown + 1}`).toBeVisible();
    await ok.click();
  }
  await expect(page.locator('.adm-dialog')).toHaveCount(0);
}

async function expectUnavailable(page: Page, where: string): Promise<void> {
  await expect(page.getByText('商品不存在或已下架').first(), where).toBeVisible();
  await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
  await expect(page.getByTestId('insure-now')).toHaveCount(0);
}

test('every detail route renders at phone size, without errors', async ({ page, request }) => {
  const catalogue = await getData<DevCatalogue>(request, '/_gw/__dev/catalogue');
  const invalid = catalogue.list.filter((e) => !e.valid);
  expect(invalid.flatMap((e) => e.problems), 'every manifest passes validation').toEqual([]);
  const online = catalogue.list.filter((e) => e.status === 'online');
  const offline = catalogue.list.filter((e) => e.status === 'offline');
  expect(online.length).toBeGreaterThan(0);
  test.setTimeout(30_000 + 3_000 * catalogue.list.reduce((n, e) => n + e.routes.length + e.aliasCodes.length + 1, 0));

  const manifests = new Map<string, ProductManifest>();
  for (const entry of catalogue.list) {
    manifests.set(entry.productCode, await getData<ProductManifest>(request, `/_gw/prod-svc/api/v1/attr/${entry.productCode}/edu`));
  }
  const manifestOf = (entry: DevCatalogueEntry) => manifests.get(entry.productCode)!;
  const errors = watchErrors(page);

  // Visitors: every route of every product that needs no log-in.
  const open = online.filter((e) => !e.loginRequired);
  const loginOnly = online.filter((e) => e.loginRequired);
  for (const entry of open) {
    for (const route of entry.routes) {
      await openRoute(page, route);
      await expectDetail(page, manifestOf(entry), route);
    }
  }

  // Codes that open no product on sale; an offline product's own routes are no longer listed: a way home, never a blank screen.
  for (const entry of offline) {
    for (const code of [entry.productCode, ...entry.aliasCodes]) {
      const route = `/newProductDetail?productCode=${code}`;
      await openRoute(page, route);
      await expectUnavailable(page, `${route} (offline ${entry.id})`);
    }
    for (const route of entry.routes) {
      await openRoute(page, route);
      await expect(page.getByRole('button', { name: '返回首页' }), `${route} (offline ${entry.id})`).toBeVisible();
      await expect(page.getByTestId('insure-now')).toHaveCount(0);
    }
  }
  await openRoute(page, `/newProductDetail?productCode=${UNKNOWN_CODE}`);
  await expectUnavailable(page, `unknown code ${UNKNOWN_CODE}`);

  // Log-in-only routes: the visitor goes to log-in and comes back, then the rest open directly.
  const [first, ...others] = loginOnly.flatMap((entry) => entry.routes.map((route) => ({ entry, route })));
  if (first) {
    await page.goto(`/#${first.route}`);
    await expect(page).toHaveURL(/#\/passport\/login\?/);
    const query = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
    expect(query.get('fullPath')).toBe(first.route);
    expect(query.get('productCode')).toBe(first.entry.productCode);
    await logInBySms(page, request, uniquePhone());
    await expect.poll(() => hashRoute(page)).toBe(first.route);
    await expectDetail(page, manifestOf(first.entry), `${first.route} after log-in`);
  }
  for (const { entry, route } of others) {
    await openRoute(page, route);
    await expectDetail(page, manifestOf(entry), route);
  }

  // Alias codes open their manifest on the configurable page (logged in now, so log-in-only ones too).
  for (const entry of online) {
    for (const alias of entry.aliasCodes) {
      const route = `/newProductDetail?productCode=${alias}`;
      await openRoute(page, route);
      await expectDetail(page, manifestOf(entry), `${route} (alias of ${entry.productCode})`);
    }
  }

  expect(errors).toEqual([]);
});
