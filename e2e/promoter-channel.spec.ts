import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { GW } from '../src/contract/define-call.ts';
import { orderCalls } from '../src/contract/order.ts';
import { policyCalls } from '../src/contract/policy.ts';
import { promoterCalls } from '../src/contract/promoter.ts';
import { makeIdCard } from '../src/engine/rules/id-card.ts';
import { logInBySms, uniquePhone, XUZHOU, XUZHOU_MANIFEST } from './support/app.ts';
import { fillDeclaredInsuredFields, fillText, STUDENT_ANSWERS, STUDENT_BIRTH_YEAR } from './support/insure-form.ts';
import { sessionToken } from './support/policy-api.ts';

/**
 * The promoter channel end to end: a broker shares a product with
 * the share popup (QR code, poster, copied link); a parent opens that link in
 * a browser of their own, buys and pays; the broker finds the customer
 * (masked), the sale in 我的业绩 and a pending reward; with the clock moved
 * near the end of cover the policy is in the broker's renewal list; a
 * surrender claws the reward back.
 */
test.use({ geolocation: { latitude: 34.26, longitude: 117.18 }, permissions: ['geolocation', 'clipboard-read', 'clipboard-write'] });

const LICENCE = '02000132000080002019000777';

async function gw<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await request.fetch(`${GW}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body !== undefined ? { data: body } : {}),
  });
  const envelope = (await res.json()) as { code: string; msg: string; data: T };
  expect(envelope, `${path}: ${envelope.msg}`).toMatchObject({ code: '0000' });
  return envelope.data;
}

const setClock = (request: APIRequestContext, offsetDays: number) => gw(request, 'POST', promoterCalls.devClock.path, { offsetDays });

/** The parent's purchase from the shared link: log-in, form, confirm, pay at the sandbox cashier. */
async function buyFromLink(page: Page, request: APIRequestContext, link: string, phone: string, child: { name: string; id: string }) {
  await page.goto(link);
  await expect(page.getByTestId('insure-now')).toBeVisible();
  await page.getByTestId('insure-now').click();
  await logInBySms(page, request, phone);
  await expect(page).toHaveURL(/#\/insure\?productCode=/);
  await fillText(page, 'root_policyHolder_name', '赵丽');
  await fillText(page, 'root_policyHolder_licenceNo', makeIdCard('320302', '1987-02-03', '128'));
  await fillText(page, 'root_policyHolder_phone', phone);
  await fillText(page, 'root_insureds_0_name', child.name);
  await fillText(page, 'root_insureds_0_licenceNo', child.id);
  await fillDeclaredInsuredFields(page, XUZHOU_MANIFEST, 0, { ...STUDENT_ANSWERS, schoolName: { text: '徐州市青年路小学' } });
  await page.getByLabel('我已阅读并同意').first().click();
  await page.getByRole('button', { name: '全部已读' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  const confirm = page.getByRole('button', { name: '确认投保' });
  await expect(confirm).toBeEnabled({ timeout: 5_000 });
  await confirm.click();
  await expect(page).toHaveURL(/#\/payoff\?/, { timeout: 15_000 });
  await page.getByTestId('pay-now').click();
  await expect(page).toHaveURL(/\/_sandbox\/wechat\/cashier\?tradeNo=/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible({ timeout: 35_000 });
}

test('a broker shares a product, a parent buys through the link, the broker follows the sale', async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  const brokerPhone = uniquePhone();
  const broker = await gw<{ userCode: string; promoCode: string; managerCode: string }>(request, 'POST', promoterCalls.devStaff.path, {
    phone: brokerPhone,
    employeeNum: `E${brokerPhone.slice(-6)}`,
    name: '孙经纪',
    licenseNumber: LICENCE,
    branchCode: 'JT0144001',
    branchName: '徐州分公司',
    channelCode: '05',
  });

  // The broker logs in; 推广专区 is in the personal centre.
  await page.goto('/#/myIndex');
  await logInBySms(page, request, brokerPhone);
  await expect(page.getByText('推广专区')).toBeVisible();

  // The share popup of the product page: QR code, broker, licence, recommendation code, poster, copied link.
  await page.goto(`/#${XUZHOU.route}`);
  await page.getByRole('button', { name: '分享' }).click();
  const popup = page.getByTestId('share-popup');
  await expect(popup.getByText('长按识别二维码分享')).toBeVisible();
  await expect(popup.getByText('请先登录')).toHaveCount(0);
  await expect(popup.getByRole('img', { name: '分享二维码' })).toHaveAttribute('src', /^data:image\/png/);
  await expect(popup.getByText('经纪人').first()).toBeVisible();
  await expect(popup.getByText(LICENCE).first()).toBeVisible();
  await expect(popup.getByText(broker.managerCode).first()).toBeVisible();
  await popup.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain(`promoCode=${broker.promoCode}`);
  expect(link).toContain(`#${XUZHOU.route}`);
  await popup.getByRole('button', { name: '保存图片' }).click();
  await expect(page.getByRole('img', { name: '分享海报' })).toHaveAttribute('src', /^data:image\/png/, { timeout: 10_000 });

  // A parent opens the link in a browser of their own, buys and pays.
  const parentContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    geolocation: { latitude: 34.26, longitude: 117.18 },
    permissions: ['geolocation'],
    userAgent: await page.evaluate(() => navigator.userAgent),
  });
  const parent = await parentContext.newPage();
  const parentPhone = uniquePhone().replace(/^139/, '137');
  const child = { name: '赵小川', id: makeIdCard('320302', `${STUDENT_BIRTH_YEAR + 1}-05-06`, String(100 + Math.floor(Math.random() * 800))) };
  await buyFromLink(parent, request, link.replace(/^https?:\/\/[^/]+/, ''), parentPhone, child);
  const parentToken = await sessionToken(parent);
  const masked = `${parentPhone.slice(0, 3)}****${parentPhone.slice(7)}`;

  // The broker's customers: the parent, masked.
  await page.goto('/#/customerList');
  const customerRow = page.getByText(masked).first();
  await expect(customerRow).toBeVisible();
  await expect(page.getByText(parentPhone)).toHaveCount(0);
  await expect(page.getByText(child.id)).toHaveCount(0);

  // 我的业绩: one sale of ¥60.00 today (基础版 with social insurance).
  await page.goto('/#/myAchievement');
  await expect(page.getByText('¥60.00').first()).toBeVisible();

  // The reward: pending until the policy is in force (8 % of 60 = ¥4.80).
  await page.goto('/#/rewardDetail');
  await expect(page.getByText('待确认').first()).toBeVisible();
  await expect(page.getByText('+4.80').first()).toBeVisible();

  // Near the end of cover, the policy is in the broker's renewal list (development clock, not waiting).
  const policyNoOf = async () =>
    (await gw<{ list: { policyNo: string | null }[] }>(request, 'POST', orderCalls.policyList.path, {}, parentToken)).list[0]?.policyNo ?? '';
  await expect.poll(policyNoOf, { timeout: 20_000, message: 'the policy is issued' }).not.toBe('');
  try {
    await setClock(request, 345);
    await page.goto('/#/renewalList');
    await page.getByText('客户续保').click();
    await expect(page.getByText(XUZHOU.productName).first()).toBeVisible();
    await expect(page.getByText(/去续保|再次购买/).first()).toBeVisible();
  } finally {
    await setClock(request, 0);
  }

  // The parent surrenders: the reward is clawed back.
  const resub = await gw<string>(request, 'GET', orderCalls.resubToken.path, undefined, parentToken);
  await gw(request, 'POST', policyCalls.submitEndors.path, { policyNo: await policyNoOf(), endorType: 'surrender' }, parentToken, { 'x-resub-token': resub });
  await page.goto('/#/rewardDetail');
  await expect(page.getByText('已追回').first()).toBeVisible();
  await parentContext.close();
});
