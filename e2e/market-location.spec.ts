import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { XUZHOU } from './support/app.ts';

/**
 * Markets chosen by location (spec §4 Market page): browser geolocation, the
 * server's geocoder, the page model and its dialogs, at phone size.
 */
const XUZHOU_POINT = { latitude: 34.26, longitude: 117.18 };
const LANSHAN_POINT = { latitude: 35.05, longitude: 118.35 };
const OTHER_MARKET = '您所在地区还有其他保险超市，是否前往？';
const MARKET_OFFLINE = '您选择的保险超市已下线，是否前往其他超市或重新选择？';

/** Stores a market choice before the app starts, as an earlier visit would have. */
async function rememberMarket(page: Page, current: string): Promise<void> {
  await page.addInitScript((id) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('marketChoice', JSON.stringify({ current: id, inited: true }));
      sessionStorage.setItem('seeded', '1');
    }
  }, current);
}

test.describe('a visitor located in Xuzhou', () => {
  test.use({ geolocation: XUZHOU_POINT, permissions: ['geolocation'] });

  test('lands in the Xuzhou market and sees its products', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/#\/insureMarketHome\?id=xuzhou$/);
    await expect(page.getByRole('heading', { name: '徐州学平险保险超市' })).toBeVisible();
    await expect(page.getByTestId('market-home')).toContainText('服务地区：江苏省徐州市');
    const xuzhouCard = page.getByTestId('product-card').filter({ hasText: XUZHOU.productName });
    await expect(xuzhouCard).toBeVisible();
    // Only Xuzhou's products and the nationwide ones: no Jining product.
    await expect(page.getByTestId('product-card').filter({ hasText: '济宁' })).toHaveCount(0);
    await xuzhouCard.click();
    await expect(page).toHaveURL(new RegExp(`#${XUZHOU.route}$`));

    // Back home: the model is market-only, so home sends the visitor to the market again, without a question.
    await page.goto('/#/');
    await expect(page).toHaveURL(/#\/insureMarketHome\?id=xuzhou$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('marketChoice') ?? 'null'))).toEqual({ current: 'xuzhou', inited: true });
  });

  test('already initialised with another market, is asked; confirm goes to Xuzhou', async ({ page }) => {
    await rememberMarket(page, 'jining');
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(OTHER_MARKET);
    await dialog.getByRole('button', { name: '前往' }).click();
    await expect(page).toHaveURL(/#\/insureMarketHome\?id=xuzhou$/);
  });

  test('already initialised with another market, cancel only sets the current market', async ({ page }) => {
    await rememberMarket(page, 'jining');
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(OTHER_MARKET);
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    // Stays on home (the catalogue), without going anywhere.
    await expect(page.getByTestId('market-notice')).toContainText('为您展示全部在售产品');
    await expect(page).not.toHaveURL(/insureMarketHome/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('marketChoice') ?? 'null'))).toEqual({ current: 'xuzhou', inited: true });
  });

  test('whose chosen market went offline is asked, and confirm goes to the Xuzhou market', async ({ page }) => {
    await rememberMarket(page, 'ningxia-2022');
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(MARKET_OFFLINE);
    await dialog.getByRole('button', { name: '前往' }).click();
    await expect(page).toHaveURL(/#\/insureMarketHome\?id=xuzhou$/);
  });
});

test.describe('a visitor who refuses location', () => {
  test.use({ geolocation: XUZHOU_POINT, permissions: [] });

  test('lands in the Chongqing market (default domain 500000)', async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto('/');
    await expect(page).toHaveURL(/#\/insureMarketHome\?id=chongqing$/);
    await expect(page.getByRole('heading', { name: '重庆保险超市' })).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('product-card').filter({ hasText: XUZHOU.productName })).toHaveCount(0);
  });

  test('opening a shared link to an offline market shows its dialog; cancel keeps the page with its state', async ({ page }) => {
    await page.goto('/#/market2Share?id=ningxia-2022');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(MARKET_OFFLINE);
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(page.getByText('该保险超市已下线')).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(0);
    await page.getByRole('button', { name: '重新选择' }).click();
    await expect(page).toHaveURL(/#\/locationMarketHome$/);
    await expect(page.getByTestId('current-place')).toHaveText('重庆市');
  });

  test('confirming the offline dialog of a shared link goes to the market of the default place', async ({ page }) => {
    await page.goto('/#/market2Share?id=ningxia-2022');
    await page.getByRole('dialog').getByRole('button', { name: '前往' }).click();
    await expect(page).toHaveURL(/#\/insureMarketHome\?id=chongqing$/);
  });
});

test.describe('a visitor in a place served by two markets', () => {
  test.use({ geolocation: LANSHAN_POINT, permissions: ['geolocation'] });

  test('gets the chooser and lands in the market chosen', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/#\/locationMarketHome\?ids=lanshan%2Clinyi$/);
    await expect(page.getByTestId('current-place')).toHaveText('山东省临沂市兰山区');
    const here = page.getByTestId('markets-here').getByTestId('market-option');
    await expect(here).toHaveCount(2);
    await here.filter({ hasText: '临沂学平险保险超市' }).click();
    await expect(page).toHaveURL(/#\/insureMarketHome\?id=linyi$/);
    await expect(page.getByTestId('product-card').filter({ hasText: '临沂' }).first()).toBeVisible();
  });
});

test.describe('a visitor who opens 切换保险超市', () => {
  test.use({ geolocation: XUZHOU_POINT, permissions: ['geolocation'] });

  test('sees the markets of the place located first, and 重新定位 after moving lists those of the new place', async ({ page, context }) => {
    await page.goto('/#/insureMarketHome?id=xuzhou');
    await page.getByRole('button', { name: '切换保险超市' }).click();
    await expect(page.getByTestId('current-place')).toHaveText('江苏省徐州市鼓楼区');
    const here = page.getByTestId('markets-here').getByTestId('market-option');
    await expect(here).toHaveCount(1);
    await expect(here).toContainText('徐州学平险保险超市');

    await context.setGeolocation(LANSHAN_POINT);
    await page.getByRole('button', { name: '重新定位' }).click();
    await expect(page.getByTestId('current-place')).toHaveText('山东省临沂市兰山区');
    await expect(here).toHaveCount(2);
    await expect(here.first()).toContainText('兰山区学平险保险超市');
    await expect(page.getByTestId('markets-other')).toContainText('徐州学平险保险超市');
  });
});
