import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

/** The natural width of each image matched (0 when it did not load). */
const naturalWidths = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth));

test('home: the loading cards stay inside a 390 px screen', async ({ page }) => {
  // The catalogue answers late, so the skeleton cards are what the parent sees.
  await page.route('**/_gw/prod-svc/api/v2/product/edu/list**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue();
  });
  // No market can be decided (its calls fail), so home stays home: a market decided before the cards
  // were measured left for the market home, whose skeleton is another (seen once on CI).
  await page.route('**/_gw/edu-svc/supermarket/**', (route) => route.abort());
  await page.goto('/#/');
  // Measured in one step, as soon as the cards are there (the market decision may leave home afterwards).
  const measured = await page.waitForFunction(() => {
    const cards = [...document.querySelectorAll('[aria-busy="true"][aria-label="加载中"] > div')];
    return cards.length > 0 ? { rights: cards.map((card) => card.getBoundingClientRect().right), width: document.documentElement.scrollWidth } : null;
  });
  const { rights, width } = (await measured.jsonValue())!;
  for (const right of rights) expect(right).toBeLessThanOrEqual(390);
  expect(width).toBeLessThanOrEqual(390);
});

test('a product shows its category illustration as banner, and its insurer as a letter-mark in the insurer colour', async ({ page }) => {
  await page.goto('/#/guanAiBaoDetails');
  const banner = page.getByTestId('detail-banner').locator('img');
  await expect(banner).toHaveAttribute('src', '/img/illustrations/guardian.svg');
  await expect.poll(() => naturalWidths(page, '[data-testid="detail-banner"] img')).toEqual([240]);
  // A fixed box: the banner does not move when the image arrives.
  expect(await banner.evaluate((img) => [img.getAttribute('width'), img.getAttribute('height')])).toEqual(['168', '112']);

  const mark = page.locator('section[aria-label="承保公司"] img');
  await mark.scrollIntoViewIfNeeded();
  await expect(mark).toHaveAttribute('src', '/img/insurers/cic.svg');
  await expect(mark).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => naturalWidths(page, 'section[aria-label="承保公司"] img')).toEqual([64]);

  // A medical product shows the medical illustration.
  await page.goto('/#/fuxingUnionDetails');
  await expect(page.getByTestId('detail-banner').locator('img')).toHaveAttribute('src', '/img/illustrations/medical.svg');
});

test('a market shows its illustration, icons of one set for its entries, and lazy product pictures below the fold', async ({ page }) => {
  await page.goto('/#/insureMarketHome?id=xuzhou');
  const hero = page.getByTestId('market-home');
  await expect(hero.locator('img')).toHaveAttribute('src', '/img/markets/xuzhou.svg');
  const entries = page.getByRole('navigation', { name: '服务入口' }).getByRole('button');
  await expect(entries).toHaveCount(4);
  for (const entry of await entries.all()) {
    await expect(entry.locator('svg.antd-mobile-icon')).toHaveCount(1);
  }
  await expect(entries.first()).toHaveText('搜索产品');
  const pictures = page.getByTestId('product-card').locator('img');
  await expect(pictures.first()).toHaveAttribute('src', /^\/img\/illustrations\/[a-z-]+\.svg$/);
  await expect(pictures.first()).toHaveAttribute('loading', 'lazy');
});

test('投保须知 is a whole notice, not three sentences', async ({ request }) => {
  const answer = (await (await request.get('/_gw/prod-svc/api/v2/notificationInfo/edu?productCode=21PR000316')).json()) as { data: { name: string; content: string }[] };
  const notice = answer.data.find((n) => n.name === '投保须知')!;
  for (const section of ['投保范围', '保险期间', '如实告知', '退保说明', '理赔服务', '个人信息保护']) expect(notice.content).toContain(section);
});

test('each kind of market has its own banner, in a fixed box drawn for 3× screens', async ({ page }) => {
  // A province, a city and a county market: each its own generated picture.
  for (const id of ['zhejiang', 'xuzhou', 'lanshan']) {
    // Held back until the box is measured: the space is kept before the picture arrives (no layout shift).
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/img/markets/${id}.svg`, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto(`/#/insureMarketHome?id=${id}`);
    const picture = page.getByTestId('market-home').locator('img');
    await expect(picture).toHaveAttribute('src', `/img/markets/${id}.svg`);
    const before = await picture.boundingBox();
    const titleBefore = await page.getByTestId('market-home').getByRole('heading').boundingBox();
    release();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    expect(await picture.boundingBox()).toEqual(before);
    expect(await page.getByTestId('market-home').getByRole('heading').boundingBox()).toEqual(titleBefore);
    expect(before).toMatchObject({ width: 150, height: 100 });
    // The first screen's picture loads at once; its drawing carries the place's name.
    await expect(picture).not.toHaveAttribute('loading', 'lazy');
    const svg = await (await page.request.get(`/img/markets/${id}.svg`)).text();
    expect(svg).toContain({ zhejiang: '>浙江<', xuzhou: '>徐州<', lanshan: '>兰山<' }[id]);
    await page.unroute(`**/img/markets/${id}.svg`);
  }
});

test('the market chooser shows each market with its illustration, not an empty box beside its name', async ({ page }) => {
  await page.goto('/#/locationMarketHome');
  const xuzhou = page.locator('[data-testid="market-option"][data-market-id="xuzhou"]');
  await expect(xuzhou.locator('img')).toHaveAttribute('src', '/img/markets/xuzhou.svg');
  const first = page.getByTestId('market-option').first().locator('img');
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await first.boundingBox()).toMatchObject({ width: 72, height: 48 });
  // Every market's card has its picture.
  const options = page.getByTestId('market-option');
  expect(await options.locator('img').count()).toBe(await options.count());
});
