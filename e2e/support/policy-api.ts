/**
 * Orders for the policy specs, made through the API with the logged-in
 * page's session (the confirm flow has its own specs), and paid through the
 * sandbox cashier page like a parent would.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ApplicationFormInput } from '../../src/contract/order.ts';
import { makeIdCard } from '../../src/engine/rules/id-card.ts';

/** The vaccination accident product: cover starts on the order day, so a paid policy is 保障中 at once. */
export const VACCINE = { productCode: '22PR930618', planCode: 'YMJZ-A' } as const;

let sequence = Date.now() % 900;
function idOfAge(age: number): string {
  sequence = (sequence + 1) % 1000;
  return makeIdCard('320302', `${new Date().getFullYear() - age}-01-01`, String(sequence).padStart(3, '0'));
}

/** A vaccine-product application for a fresh child of the holder `phone`. */
export function vaccineApplication(phone: string): ApplicationFormInput {
  return {
    productCode: VACCINE.productCode,
    planCode: VACCINE.planCode,
    policyHolder: { name: '李华', licenceType: '0', licenceNo: idOfAge(35), phone },
    insureds: [{ relaToHolder: '03', name: '李小宝', licenceType: '0', licenceNo: idOfAge(6) }],
  };
}

/** The access token the app stored after log-in. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token ?? '');
  expect(token).not.toBe('');
  return token;
}

async function gw<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await request.fetch(`/_gw${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(body !== undefined ? { data: body } : {}),
  });
  const envelope = (await res.json()) as { code: string; msg: string; data: T };
  expect(envelope, `${path}: ${envelope.msg}`).toMatchObject({ code: '0000' });
  return envelope.data;
}

/** submitOrder/v2 with a fresh serial and resubmit token: the unpaid order. */
export async function createOrder(request: APIRequestContext, token: string, form: ApplicationFormInput) {
  const serial = await gw<string>(request, token, 'GET', '/idg-svc/api/v1/idg3');
  const resub = await gw<string>(request, token, 'GET', '/idg-svc/api/v1/resub_token');
  const data = await gw<{ body: { order: { code: string; amount: number }; applicationForms: { information: { applicationFormCode: string } }[] } }>(
    request,
    token,
    'POST',
    '/ins-order/order/submitOrder/v2',
    { source: '01', entryType: '00', idempotentSerialNo: serial, applicationForms: [form] },
    { 'x-resub-token': resub },
  );
  return { orderCode: data.body.order.code, amount: data.body.order.amount, applicationFormCode: data.body.applicationForms[0]!.information.applicationFormCode };
}

/** Development call: the sandbox insurer will refuse this application (出单失败). */
export async function failIssue(request: APIRequestContext, token: string, applicationFormCode: string): Promise<void> {
  await gw(request, token, 'POST', '/__dev/insurer/fail', { applicationFormCode });
}

/** Pays through the sandbox cashier page (确认支付), then waits until the insurer has answered (issued by default). */
export async function payAtCashier(
  page: Page,
  request: APIRequestContext,
  token: string,
  applicationFormCode: string,
  expected: RegExp = /^(guarantee|waitInsurance)$/,
): Promise<void> {
  const { payUrl } = await gw<{ payUrl: string }>(request, token, 'GET', `/edu-svc/payUrl/queryPayUrl?appCode=${applicationFormCode}`);
  await page.goto(payUrl);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect
    .poll(
      async () => (await gw<{ status: string }>(request, token, 'POST', '/ins-svc/api/v2/applicationforms/searchAppDetailPro', { applicationFormCode })).status,
      { timeout: 20_000, message: 'the policy is issued' },
    )
    .toMatch(expected);
}
