import { expect, test } from './support/test.ts';
import { marketCalls } from '../src/contract/market.ts';
import { GW } from '../src/contract/define-call.ts';

/** The market's service pages and rich-text pages (HTML sanitised with DOMPurify) at phone size. */
test.use({ geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

test('the market home leads to search, insurers and the service profiles', async ({ page }) => {
  await page.goto('/#/insureMarketHome?id=xuzhou');
  await page.getByRole('button', { name: '理赔服务' }).click();
  await expect(page).toHaveURL(/#\/claimSvcProfile$/);
  await expect(page.getByTestId('rich-text')).toContainText('理赔流程');
  await expect(page.getByTestId('service-contact')).toContainText('徐州学平险服务中心');
  await page.goBack();

  await page.getByRole('button', { name: '搜索产品' }).click();
  await expect(page).toHaveURL(/#\/searchCenter\?market=xuzhou$/);
  await expect(page.getByTestId('result-count')).toContainText('款产品');
  await page.getByPlaceholder(/输入产品名称/).fill('大学生');
  await page.getByPlaceholder(/输入产品名称/).press('Enter');
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByTestId('product-card')).toContainText('大学生');

  await page.goto('/#/insureCompanies');
  await page.getByTestId('insurer').filter({ hasText: '中国人民财产保险股份有限公司' }).click();
  await expect(page).toHaveURL(/#\/richTextPage\?id=insurer-picc$/);
  await expect(page.getByTestId('rich-text')).toContainText('承保');
});

test('a rich-text page drops scripts, handlers and frames', async ({ page }) => {
  await page.route(`**${GW}${marketCalls.selectFileById.path}?id=evil`, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        code: '0000',
        msg: '',
        data: {
          id: 'evil',
          title: '测试文档',
          type: 'notice',
          summary: '',
          html: '<h2 onclick="window.__xss=1">标题</h2><script>window.__xss=2</script><p>正文<img src="x" onerror="window.__xss=3"></p><iframe src="about:blank"></iframe><a href="javascript:window.__xss=4">链接</a>',
        },
      }),
    }),
  );
  await page.goto('/#/richTextPage?id=evil');
  const article = page.getByTestId('rich-text');
  await expect(article).toContainText('正文');
  await expect(article.locator('h2')).toHaveText('标题');
  expect(await article.innerHTML()).not.toMatch(/onclick|onerror|<script|<iframe|javascript:/);
  await article.getByText('链接').click();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});

test('/test shows the market page model without personal data', async ({ page }) => {
  await page.goto('/#/test');
  await expect(page.getByText('页面模型')).toBeVisible();
  await expect(page.getByText('ONLY_MARKET')).toBeVisible();
  await expect(page.getByText('江苏省徐州市', { exact: false }).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('34.26');
});

test('/newProductInsure hands over to the insure page, which asks a visitor to log in', async ({ page }) => {
  await page.goto('/#/newProductInsure?productCode=25PR320300');
  await expect(page).toHaveURL(/#\/passport\/login\?/);
  await page.goto('/#/newProductInsure');
  await expect(page.getByText('商品不存在或已下架')).toBeVisible();
});
