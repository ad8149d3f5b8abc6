import { expect, test } from './support/test.ts';
import { makeIdCard } from '../src/engine/rules/index.ts';
import { accountCalls } from '../src/contract/accounts.ts';
import { contractCalls } from '../src/contract/contracts.ts';
import { fillPath, GW } from '../src/contract/define-call.ts';
import { hashRoute, logInBySms, uniquePhone } from './support/app.ts';
import { sessionToken } from './support/policy-api.ts';

const PRODUCT = '23PR370860';
const HOLDER = { name: '王建国', idNo: makeIdCard('370802', '19840521', '231') };
const INSURED = { name: '王小川', idNo: makeIdCard('370802', '20160911', String(100 + Math.floor(Math.random() * 800))) };
/** A small PNG standing in for a photo of the ID card (the sandbox checks the bytes' type). */
const PHOTO = Buffer.concat([
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  Buffer.alloc(200),
]);
const viewer = (address: string) => `/#/pdf?url=${encodeURIComponent(Buffer.from(address).toString('base64'))}`;

test('the PDF viewer opens an agreement, and sends nothing for a link to any other /_gw address', async ({ page, request }) => {
  test.setTimeout(90_000);
  const roster = await request.post(`${GW}${contractCalls.devRoster.path}`, {
    data: { productCode: PRODUCT, csv: `name,idNo,schoolName,className\n${INSURED.name},${INSURED.idNo},济宁市第一实验小学,四年级一班\n` },
  });
  expect((await roster.json()).data).toEqual({ loaded: 1, problems: [] });

  // 已签署的协议 asks for log-in, and returns there.
  await page.goto('/#/signList');
  await logInBySms(page, request, uniquePhone());
  await expect.poll(() => hashRoute(page)).toBe('/signList');
  await expect(page.getByText('暂无已签署的协议')).toBeVisible();
  const token = await sessionToken(page);
  const authorization = `Bearer ${token}`;

  // Every request the page sends from here on.
  const sent: string[] = [];
  page.on('request', (req) => sent.push(new URL(req.url()).pathname));

  // A broker's link to a state-changing GET, and to another call under /_gw: refused, never fetched.
  const hostile = [`${GW}${fillPath(contractCalls.resetStatus.path, { id: '3' })}`, `${GW}${accountCalls.userInfo.path}`];
  for (const address of hostile) {
    await page.goto(viewer(address));
    await expect(page.getByText('文件地址无效')).toBeVisible();
    await expect(page.getByText(/正在加载文件/)).toHaveCount(0);
  }
  // Long enough for a pdf.js load, had one started, to have sent its request.
  await page.waitForTimeout(1_000);
  expect(sent.filter((path) => hostile.includes(path))).toEqual([]);

  // A real agreement: the signer certified, the agreement created (its PDF as sent to signing).
  const certified = await request.post(`${GW}${contractCalls.certify.path}`, {
    headers: { authorization },
    multipart: { name: HOLDER.name, idNo: HOLDER.idNo, idPhoto: { name: 'id.png', mimeType: 'image/png', buffer: PHOTO } },
  });
  expect(await certified.json()).toMatchObject({ code: '0000' });
  // The first agreement parses the 8 MB font: allow for it on a busy machine.
  const created = await request.post(`${GW}${contractCalls.agreement.path}`, {
    headers: { authorization },
    data: { productCode: PRODUCT, insuredName: INSURED.name, insuredIdNo: INSURED.idNo, schoolName: '济宁市第一实验小学' },
    timeout: 30_000,
  });
  const { contractNo } = ((await created.json()) as { data: { contractNo: string } }).data;
  const draft = `${GW}${fillPath(contractCalls.contractFile.path, { contractNo, file: 'draft.pdf' })}`;
  await page.goto(viewer(draft));
  await expect(page.getByText('共 1 页')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('第1页')).toBeVisible();
  expect(sent).toContain(draft);
  expect(sent.filter((path) => hostile.includes(path))).toEqual([]);
});
