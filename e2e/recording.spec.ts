import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { complianceCalls, type RecordingDetail, type RecordingSummary } from '../src/contract/recording.ts';
import { promoterCalls } from '../src/contract/promoter.ts';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { logInBySms, uniquePhone, XUZHOU } from './support/app.ts';
import { fillXuzhouPeople, finishXuzhouOrder, STUDENT_BIRTH_YEAR } from './support/insure-form.ts';
import { sessionToken } from './support/policy-api.ts';

/**
 * Traceable sales (docs/recording.md): a parent buys with the
 * recording on (notice first, a reload mid-form, the payment redirect); the
 * sale is stored without a gap, no full ID number or phone is in any stored
 * event, a compliance reviewer on a desktop browser replays it with its key
 * steps, page versions and a whole chain; a chunk altered in the database
 * turns the badge to 已损坏.
 */
test.use({ geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation'] });

async function gw<T>(request: APIRequestContext, token: string | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await request.fetch(`/_gw${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { data: body } : {}),
  });
  const envelope = (await res.json()) as { code: string; msg: string; data: T };
  expect(envelope, `${path}: ${envelope.msg}`).toMatchObject({ code: '0000' });
  return envelope.data;
}

test('a recorded sale is stored whole, without personal data, and replayed for compliance', async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  page.on('console', (message) => {
    if (message.text().startsWith('recording:')) console.log(message.text());
  });
  const phone = uniquePhone();
  const holderId = makeIdCard('320302', '1986-04-12', String(100 + Math.floor(Math.random() * 800)));
  // A child of its own (another spec on this server may have insured 2015-09-01/246): no repeat-insurance dialog.
  const birthday = new Date(Date.UTC(STUDENT_BIRTH_YEAR + 1, 0, 1 + Math.floor(Math.random() * 365))).toISOString().slice(0, 10);
  const studentId = makeIdCard('320302', birthday, String(100 + Math.floor(Math.random() * 800)));

  // A compliance reviewer (staff with the compliance role).
  const reviewerPhone = `137${phone.slice(3)}`;
  await gw(request, null, 'POST', promoterCalls.devStaff.path, {
    phone: reviewerPhone,
    employeeNum: `C${reviewerPhone.slice(-6)}`,
    name: '郑合规',
    licenseNumber: '02000132000080002019000901',
    branchCode: 'JT0000',
    branchName: '总公司',
    roles: ['compliance'],
  });

  // The detail page tells the buyer the sale is recorded before anything is.
  await page.goto('/');
  await page.getByTestId('product-card').filter({ hasText: XUZHOU.productName }).click();
  await expect(page).toHaveURL(new RegExp(`#${XUZHOU.route}$`));
  await expect(page.getByRole('note')).toContainText('全程录屏');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('savedRecord') !== null)).toBe(true);
  const serial = await page.evaluate(() => (JSON.parse(localStorage.getItem('savedRecord') ?? '{}') as { serial?: string }).serial ?? '');
  expect(serial).toMatch(/^[0-9a-f]{32}$/);

  await page.getByRole('radio', { name: /升级版/ }).click();
  await page.getByTestId('insure-now').click();
  await logInBySms(page, request, phone);
  await expect(page).toHaveURL(new RegExp(`#/insure\\?productCode=${XUZHOU.productCode}$`));
  await expect(page.getByRole('note')).toContainText('全程录屏');
  await fillXuzhouPeople(page, { holderId, holderPhone: phone, studentId });

  // A reload mid-form: the recording resumes under the same serial.
  await page.reload();
  await expect(page.locator('[id="root_policyHolder_name"]')).toHaveValue('张伟');
  await finishXuzhouOrder(page);
  await expect(page).toHaveURL(/#\/payoff\?/, { timeout: 15_000 });
  const orderCode = new URL(page.url().replace('#/', '')).searchParams.get('orderCode') ?? '';
  expect(orderCode).not.toBe('');

  // The payment redirect leaves the app (recordBreak) and comes back.
  await page.getByTestId('pay-now').click();
  await expect(page).toHaveURL(/\/_sandbox\/wechat\/cashier\?tradeNo=/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible({ timeout: 35_000 });
  // Finished: the rest uploaded, the local serial, version and records cleared.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('savedRecord')), { timeout: 30_000 }).toBeNull();

  // The reviewer, on a desktop browser.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const reviewer = await desk.newPage();
  await reviewer.goto('/#/compliance');
  await logInBySms(reviewer, request, reviewerPhone);
  await expect(reviewer).toHaveURL(/#\/compliance$/);
  const token = await sessionToken(reviewer);

  // Stored whole: one serial, no gap, the final chunk, steps in order, page versions with the manifest hash.
  const found = await gw<RecordingSummary[]>(request, token, 'GET', `${complianceCalls.findRecordings.path}?orderCode=${orderCode}`);
  expect(found.map((r) => r.serial)).toEqual([serial]);
  const detail = await gw<RecordingDetail>(request, token, 'GET', complianceCalls.recording.path.replace(':serial', serial));
  expect({ chain: detail.chain, gaps: detail.gaps }).toEqual({ chain: 'intact', gaps: [] });
  const routes = detail.pages.map((p) => p.route);
  for (const route of [XUZHOU.route, '/passport/login', '/insure', '/payoff', '/paySuccess']) expect(routes).toContain(route);
  // The product's confirm layout has its own route (/confirmIndexForMulti…).
  expect(routes.some((route) => route.startsWith('/confirm'))).toBe(true);
  expect(detail.pages.find((p) => p.route === '/insure')?.manifestHash).toMatch(/^[0-9a-f]{64}$/);
  const steps = detail.steps.map((s) => s.step);
  for (const step of ['pageEnter', 'clauseOpen', 'allClausesRead', 'confirm', 'orderCreated', 'payResult']) expect(steps).toContain(step);
  expect(steps.indexOf('confirm')).toBeLessThan(steps.indexOf('orderCreated'));

  // No full ID number or phone in any stored event; size per minute of the purchase.
  const stored = await gw<{ events: string; compressedBytes: number; firstAt: number; lastAt: number }>(
    request,
    token,
    'GET',
    complianceCalls.devRecording.path.replace(':serial', serial),
  );
  for (const secret of [holderId, studentId, phone]) expect(stored.events).not.toContain(secret);
  const minutes = (stored.lastAt - stored.firstAt) / 60_000;
  console.log(
    `recording: ${detail.chunks.length} chunks, ${(stored.compressedBytes / 1024).toFixed(1)} KB over ${minutes.toFixed(2)} min = ` +
      `${(stored.compressedBytes / 1024 / Math.max(minutes, 1 / 60)).toFixed(1)} KB/min (inflated ${(stored.events.length / 1024).toFixed(0)} KB)`,
  );

  // The replay: badge, steps, and the confirm page at the moment 确认投保 was pressed.
  await reviewer.getByRole('textbox', { name: '订单号或保单号' }).fill(orderCode);
  await reviewer.getByRole('button', { name: '查询' }).click();
  await expect(reviewer.getByTestId('chain-badge')).toHaveText('完整');
  await expect(reviewer.getByTestId('replay-pages')).toContainText('/confirmIndex');
  await reviewer.getByTestId('replay-steps').getByRole('button', { name: /点击确认投保/ }).click();
  const replayed = reviewer.frameLocator('.replayer-wrapper iframe');
  await expect(replayed.getByText('确认投保信息').first()).toBeAttached({ timeout: 15_000 });

  // One chunk altered in the database: the chain is broken.
  await gw(request, token, 'POST', complianceCalls.devTamperChunk.path, { serial, seq: 1 });
  await reviewer.getByRole('button', { name: '查询' }).click();
  await expect(reviewer.getByTestId('chain-badge')).toHaveText('已损坏');
  await desk.close();
});
