import { expect, test } from './support/test.ts';
import { makeIdCard, maskName } from '../src/engine/rules/index.ts';
import { contractCalls } from '../src/contract/contracts.ts';
import { hashRoute, logInBySms, uniquePhone } from './support/app.ts';
import { fillDeclaredInsuredFields, fillText, STUDENT_ANSWERS } from './support/insure-form.ts';

const HOLDER = { name: '张伟明', idNo: makeIdCard('370802', '19850312', '123') };
const INSURED = { name: '张小宇', idNo: makeIdCard('370802', '20150601', String(100 + Math.floor(Math.random() * 800))) };
/** A small PNG standing in for a photo of the ID card (the sandbox checks the bytes' type). */
const PHOTO = Buffer.concat([
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  Buffer.alloc(200),
]);

test('a parent signs the Jining offline agreement in the sandbox, reads it back in 已签署的协议 and buys the product', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The school's roster, as an operator loads it.
  const roster = await request.post('/_gw/__dev/offline-roster', {
    data: { productCode: '23PR370860', csv: `name,idNo,schoolName,className\n${INSURED.name},${INSURED.idNo},济宁市第一实验小学,三年级二班\n` },
  });
  expect((await roster.json()).data).toEqual({ loaded: 1, problems: [] });

  await page.goto('/#/jiningOfflineDetails');
  const phone = uniquePhone();
  await logInBySms(page, request, phone);
  await page.getByRole('button', { name: /立即投保/ }).click();
  await expect.poll(() => hashRoute(page)).toBe('/jiningOfflineContract?productCode=23PR370860');
  await expect(page.getByText('客户经理：李明')).toBeVisible();

  await page.getByPlaceholder('投保人姓名').fill(HOLDER.name);
  await page.getByPlaceholder('投保人身份证号码').fill(HOLDER.idNo);
  await page.locator('#idPhoto').setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PHOTO });
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByText(`签署人：${maskName(HOLDER.name)}`)).toBeVisible();

  await page.getByPlaceholder('学生姓名').fill(INSURED.name);
  await page.getByPlaceholder('学生身份证号码').fill(INSURED.idNo);
  await page.getByPlaceholder('就读学校').click();
  // The roster check says whether the child is on the roster, never the child's school or class.
  await expect(page.getByText('已在学校名单中')).toBeVisible();
  await expect(page.getByText('三年级二班')).toHaveCount(0);
  await page.getByPlaceholder('就读学校').fill('济宁市第一实验小学');
  await page.getByRole('button', { name: '签署协议' }).click();

  // The e-sign sandbox's own page: read, draw, confirm.
  // The first agreement parses the 8 MB font: allow for it on a busy machine.
  await expect(page).toHaveURL(/\/_sandbox\/esign\/sign\?/, { timeout: 30_000 });
  await expect(page.getByText(`签署人：${maskName(HOLDER.name)}`)).toBeVisible();
  const pad = page.locator('#pad');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? 30 : -30));
  await page.mouse.up();
  await page.getByRole('button', { name: '确认签署' }).click();

  await expect.poll(() => hashRoute(page)).toMatch(/^\/detailSign\?contractNo=HT/);
  const contractNo = hashRoute(page).split('contractNo=')[1]!;
  await expect(page.getByText('协议已签署', { exact: true })).toBeVisible({ timeout: 20_000 });
  // The purchase goes on from here.
  await expect(page.getByRole('button', { name: '继续投保' })).toBeVisible();
  await page.getByRole('button', { name: '已签署的协议' }).click();
  await expect(page.getByRole('heading', { name: '已签署的协议' })).toBeVisible();
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  await expect(page.getByText(`1. ${maskName(HOLDER.name)}`)).toBeVisible();
  await expect(page.getByText(`签署日期：${today}`)).toBeVisible();
  await page.getByText('点击查看').click();

  await expect.poll(() => hashRoute(page)).toMatch(/^\/pdf\?url=/);
  await expect(page.getByText('共 1 页')).toBeVisible({ timeout: 20_000 });
  const canvas = page.getByLabel('第1页');
  await expect(canvas).toBeVisible();
  const ink = await canvas.evaluate((node) => {
    const c = node as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
    return dark / (data.length / 4);
  });
  expect(ink).toBeGreaterThan(0.002);
  // The page's text (pdf.js in the test, on the bytes the viewer was given): the parent's masked name is in it.
  const address = Buffer.from(new URLSearchParams(page.url().split('?')[1]).get('url')!, 'base64').toString();
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token ?? '');
  const pdf = await request.get(address, { headers: { authorization: `Bearer ${token}` } });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await pdf.body()), verbosity: 0 }).promise;
  const items = (await (await doc.getPage(1)).getTextContent()).items;
  const text = items.map((item) => ('str' in item ? item.str : '')).join('');
  expect(text).toContain(`甲方（投保人）：${maskName(HOLDER.name)}`);
  expect(text).not.toContain(HOLDER.name);

  // The purchase goes on from the signed agreement (继续投保); the school collects the fee, so the
  // order is paid when submitted and the insured's roster entry becomes 2 (insured) with it.
  const rosterStatus = async () => {
    const answer = await request.get(`/_gw${contractCalls.verifyInsuredCardNo.path}?productCode=23PR370860&cardNo=${INSURED.idNo}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { data: { status: string } }).data.status;
  };
  expect(await rosterStatus()).toBe('1');
  await page.goto(`/#/detailSign?contractNo=${contractNo}`);
  await page.getByRole('button', { name: '继续投保' }).click();
  await expect.poll(() => hashRoute(page)).toBe('/insure?productCode=23PR370860');
  await fillText(page, 'root_policyHolder_name', HOLDER.name);
  await fillText(page, 'root_policyHolder_licenceNo', HOLDER.idNo);
  await fillText(page, 'root_policyHolder_phone', phone);
  await fillText(page, 'root_insureds_0_name', INSURED.name);
  await fillText(page, 'root_insureds_0_licenceNo', INSURED.idNo);
  await fillDeclaredInsuredFields(page, 'jining-offline-school', 0, { ...STUDENT_ANSWERS, schoolKind: { option: '小学' }, schoolName: { text: '济宁市实验小学' } });
  await page.getByLabel('我已阅读并同意').first().click();
  // Ticking the box opens the first unread clause (its popup loads on first open); 全部已读 reads them all.
  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/#\/confirm/);
  const confirm = page.getByRole('button', { name: '确认投保' });
  await expect(confirm).toBeEnabled({ timeout: 5_000 });
  await confirm.click();
  await expect.poll(rosterStatus, { timeout: 20_000 }).toBe('2');
});

test('a contract product without a manager says 未配置客户经理 and offers no signing', async ({ page }) => {
  await page.goto('/#/taiyuanContract');
  await expect(page.getByText('未配置客户经理', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '签署协议' })).toHaveCount(0);
});
