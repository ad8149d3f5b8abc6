import { createCanvas } from '@napi-rs/canvas';
import { claimCalls } from '../src/contract/claims.ts';
import { GW } from '../src/contract/define-call.ts';
import { maskName } from '../src/engine/rules/masking.ts';
import { logInBySms, uniquePhone } from './support/app.ts';
import { createOrder, payAtCashier, sessionToken, vaccineApplication } from './support/policy-api.ts';
import { expect, test } from './support/test.ts';

/**
 * A parent reports a claim of a policy in force and follows it to payment:
 * two photos (phone-sized JPEGs, reduced in the browser before upload), sent
 * → 资料审核中; the insurer sandbox asks for more → 需补充资料; one more photo,
 * sent again → 资料审核中; the sandbox pays → 已结案 with the amount.
 * Also measures the reduction: the bytes of a 4,000 × 3,000 JPEG before and
 * as uploaded.
 */

/** A 4000 × 3000 JPEG like a phone photo of a receipt: paper, lines of print, and sensor noise. */
function phonePhoto(seed: number): Buffer {
  const canvas = createCanvas(4000, 3000);
  const context = canvas.getContext('2d');
  const image = context.createImageData(4000, 3000);
  let x = seed * 2654435761;
  for (let i = 0; i < image.data.length; i += 4) {
    x = (x * 1103515245 + 12345) >>> 0;
    const shade = 200 + (x % 40);
    image.data[i] = shade;
    image.data[i + 1] = shade - 4;
    image.data[i + 2] = shade - 10;
    image.data[i + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  context.fillStyle = '#222';
  context.font = '64px sans-serif';
  for (let line = 0; line < 30; line++) context.fillText(`医疗费用 No.${seed}-${line}  ¥${(line * 37.5).toFixed(2)}`, 200, 200 + line * 90);
  return canvas.encodeSync('jpeg', 92);
}

test('a parent reports a claim with two photos, adds one the insurer asks for, and sees it closed with the amount', async ({ page, request }) => {
  test.setTimeout(120_000);
  const phone = uniquePhone();
  await page.goto('/#/policyList');
  await logInBySms(page, request, phone);
  await expect(page).toHaveURL(/#\/policyList/);
  const token = await sessionToken(page);
  const form = vaccineApplication(phone);
  const order = await createOrder(request, token, form);
  await payAtCashier(page, request, token, order.applicationFormCode, /^guarantee$/);

  // From the policy in force: 理赔报案.
  await page.goto(`/#/policyDetailGuarantee?applicationFormCode=${order.applicationFormCode}`);
  await page.getByRole('button', { name: '理赔报案' }).click();
  await expect(page).toHaveURL(/#\/claimReport\?policyNo=/);
  await page.getByText(maskName(form.insureds[0]!.name), { exact: true }).click();
  await page.getByText('意外住院').click();
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  await page.getByLabel('出险日期').fill(today);
  await page.getByPlaceholder('如：学校操场、小区楼下').fill('小区楼下');
  await page.getByPlaceholder('请简要描述事故发生的时间、经过和受伤情况').fill('下楼时不慎摔倒，膝盖擦伤，到社区医院门诊处理');
  await page.getByPlaceholder('请输入收款人姓名').fill(form.policyHolder.name);
  await page.getByPlaceholder('如：中国工商银行济宁分行').fill('中国工商银行');
  await page.getByPlaceholder('请输入银行卡号').fill('6222021234567890123');
  await page.getByRole('button', { name: '提交报案' }).click();
  await expect(page).toHaveURL(/#\/claimDetail\?claimNo=CL/);
  await expect(page.getByTestId('claim-status')).toHaveAttribute('data-status', 'reported');
  // The account is shown masked once entered: its last four digits, never the whole number.
  await expect(page.getByText(/0123$/).first()).toBeVisible();
  await expect(page.getByText(/6222021234567890123/)).toHaveCount(0);
  const claimNo = new URLSearchParams(page.url().split('?')[1]).get('claimNo')!;

  // Two photos for the first document; the bytes as uploaded are read off the requests.
  const uploads: number[] = [];
  page.on('response', async (r) => {
    if (r.request().method() !== 'POST' || !r.url().includes(`/claims/${claimNo}/files`)) return;
    const answer = (await r.json()) as { code: string; data: { bytes: number } | null };
    if (answer.data) uploads.push(answer.data.bytes);
  });
  const photos = [phonePhoto(1), phonePhoto(2)];
  const firstUpload = page.getByLabel(/^上传/).first();
  await firstUpload.setInputFiles(photos.map((buffer, i) => ({ name: `IMG_000${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })));
  await expect(page.getByText('第2张', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  test.info().annotations.push({ type: 'photo reduction', description: `4000×3000 JPEG: ${photos[0]!.byteLength} bytes before, ${uploads[0]} stored as uploaded` });
  console.log(`claim photo reduction: 4000x3000 JPEG ${photos[0]!.byteLength} bytes before, ${uploads[0]} bytes uploaded`);
  expect(uploads[0]!).toBeLessThan(photos[0]!.byteLength / 3);

  // The photos as stored come back: a drawn thumbnail that opens full screen; a wrong one is deleted and taken again.
  const firstDoc = page.locator('[data-testid^="claim-document-"]').first();
  const thumb = firstDoc.getByRole('img', { name: '第1张照片' });
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  await firstDoc.getByRole('button', { name: '查看第1张照片' }).click();
  await expect(page.getByRole('dialog', { name: '第1张照片' })).toBeVisible();
  await page.getByRole('dialog', { name: '第1张照片' }).click();
  await expect(page.getByRole('dialog', { name: '第1张照片' })).toBeHidden();
  await firstDoc.getByRole('button', { name: '删除第2张照片' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(firstDoc.getByTestId('claim-photo')).toHaveCount(1);
  await firstUpload.setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: photos[1]! });
  await expect(firstDoc.getByTestId('claim-photo')).toHaveCount(2, { timeout: 30_000 });

  // Every other required document gets a photo too, then the claim is sent: 资料审核中.
  const others = page.getByLabel(/^上传/);
  for (let i = 1; i < (await others.count()); i++) {
    const doc = page.locator('[data-testid^="claim-document-"]').nth(i);
    if ((await doc.locator('text=*').count()) === 0) continue;
    await others.nth(i).setInputFiles({ name: `doc-${i}.jpg`, mimeType: 'image/jpeg', buffer: phonePhoto(10 + i) });
    await expect(doc.getByText('第1张')).toBeVisible({ timeout: 30_000 });
  }
  await page.getByRole('button', { name: '提交理赔申请' }).click();
  await expect(page.getByText(/理赔申请已提交/).first()).toBeVisible();
  // The insurer accepts it a moment later: 资料审核中 (read again, as a parent would reopen the page).
  const statusAfterReload = async () => {
    await page.reload();
    return page.getByTestId('claim-status').getAttribute('data-status');
  };
  await expect.poll(statusAfterReload, { timeout: 15_000 }).toBe('reviewing');
  await expect(page.getByText('资料审核中').first()).toBeVisible();

  // The insurer asks for more: 需补充资料 with its words.
  const decide = (body: object) => request.post(`${GW}${claimCalls.devClaimDecision.path}`, { data: { claimNo, ...body } });
  expect((await (await decide({ action: 'askMore', note: '请补充门诊病历首页照片' })).json()).code).toBe('0000');
  await expect.poll(statusAfterReload, { timeout: 15_000 }).toBe('needMore');
  await expect(page.getByText('保险公司说明：请补充门诊病历首页照片')).toBeVisible();
  await page.getByLabel(/^上传/).first().setInputFiles({ name: 'record.jpg', mimeType: 'image/jpeg', buffer: phonePhoto(3) });
  await expect(page.getByText('第3张').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '提交补充资料' }).click();
  await expect.poll(statusAfterReload, { timeout: 15_000 }).toBe('reviewing');

  // The insurer pays: 已结案 with the amount, and the list shows it.
  expect((await (await decide({ action: 'close', amountFen: 32650 })).json()).code).toBe('0000');
  await expect.poll(statusAfterReload, { timeout: 15_000 }).toBe('closed');
  await expect(page.getByText('赔付金额 ¥326.50')).toBeVisible();
  await expect(page.getByTestId('claim-timeline')).toContainText('需补充资料');
  await page.goto('/#/claimList');
  await expect(page.getByTestId('claim-card').first()).toContainText('已结案');
  await expect(page.getByTestId('claim-card').first()).toContainText('¥326.50');
});
