import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { maskName } from '../src/engine/rules/masking.ts';
import { startSmtpRelayFake, type SmtpRelayFake } from '../tests/fakes/smtp-relay-fake.ts';
import { pdfText } from '../tests/support/pdf-text.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';
import { logInBySms, uniquePhone } from './support/app.ts';
import { sessionToken, vaccineApplication } from './support/policy-api.ts';
import { expect, test } from './support/test.ts';

/**
 * A parent proves cover: on the detail of a paid policy, 查看电子保单 opens
 * the e-policy in the PDF viewer (its text read back from the bytes the
 * viewer fetched), and 发送到邮箱 mails it — the message, with the PDF
 * attached, arrives at this spec's own SMTP relay (`smtp-server` on
 * loopback, with authentication, as a brokerage's relay), through a server
 * started with MAIL_PROVIDER=smtp.
 */

let relay: SmtpRelayFake;
let server: ServerProcess;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  relay = await startSmtpRelayFake('relay-user', 'relay-password-e2e-7c1d');
  server = await startServerProcess(
    {
      DIST_DIR: 'dist',
      DATABASE_URL: 'memory://',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'edu-e2e-mail-')),
      LOG_LEVEL: 'warn',
      SMS_PER_IP_PER_HOUR: '1000',
      RECORDING_STARTS_PER_IP_PER_HOUR: '100000',
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: relay.url,
      MAIL_FROM: '学平险 <noreply@edu-insure.example>',
    },
    'dist-server/server.mjs',
  );
  api = await apiRequest.newContext({ baseURL: server.base });
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await relay?.close();
});

async function gw<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await api.fetch(`/_gw${path}`, { method, headers: { authorization: `Bearer ${token}`, ...headers }, ...(body !== undefined ? { data: body } : {}) });
  const envelope = (await res.json()) as { code: string; msg: string; data: T };
  expect(envelope, `${path}: ${envelope.msg}`).toMatchObject({ code: '0000' });
  return envelope.data;
}

test('a parent opens the e-policy of a paid policy, reads it, and mails it to an address', async ({ page }) => {
  const phone = uniquePhone();
  // 我的保单 asks a visitor to log in first, then comes back.
  await page.goto(`${server.base}/#/policyList`);
  await logInBySms(page, api, phone);
  await expect(page).toHaveURL(/#\/policyList/);
  const token = await sessionToken(page);

  // A paid vaccine-accident policy (in force from the order day), bought through the API and the sandbox cashier.
  const form = vaccineApplication(phone);
  const serial = await gw<string>(token, 'GET', '/idg-svc/api/v1/idg3');
  const resub = await gw<string>(token, 'GET', '/idg-svc/api/v1/resub_token');
  const submitted = await gw<{ body: { applicationForms: { information: { applicationFormCode: string } }[] } }>(
    token,
    'POST',
    '/ins-order/order/submitOrder/v2',
    { source: '01', entryType: '00', idempotentSerialNo: serial, applicationForms: [form] },
    { 'x-resub-token': resub },
  );
  const applicationFormCode = submitted.body.applicationForms[0]!.information.applicationFormCode;
  const { payUrl } = await gw<{ payUrl: string }>(token, 'GET', `/edu-svc/payUrl/queryPayUrl?appCode=${applicationFormCode}`);
  await page.goto(new URL(payUrl, server.base).toString());
  await page.getByRole('button', { name: '确认支付' }).click();
  let policyNo = '';
  await expect
    .poll(async () => {
      const detail = await gw<{ status: string; policyNo: string | null }>(token, 'POST', '/ins-svc/api/v2/applicationforms/searchAppDetailPro', { applicationFormCode });
      policyNo = detail.policyNo ?? '';
      return detail.status;
    }, { timeout: 20_000, message: 'the policy is issued' })
    .toMatch(/^(guarantee|waitInsurance)$/);

  await page.goto(`${server.base}/#/policyDetailGuarantee?applicationFormCode=${applicationFormCode}`);
  const card = page.getByText('电子保单与纸质保单具有同等法律效力');
  await expect(card).toBeVisible();

  // 查看电子保单: the viewer draws it, and its text is the policy's, every person masked.
  await page.getByRole('button', { name: '查看电子保单' }).click();
  await expect(page).toHaveURL(/#\/pdf\?url=/);
  await expect(page.getByText(/^共 \d+ 页/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('第1页')).toBeVisible();
  const address = Buffer.from(new URL(page.url().replace('/#/', '/')).searchParams.get('url')!, 'base64').toString();
  const pdf = await api.get(address, { headers: { authorization: `Bearer ${token}` } });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await pdf.body());
  expect(text).toContain('电子保险单');
  expect(text).toContain(policyNo);
  expect(text).toContain(maskName(form.policyHolder.name));
  expect(text).toContain(maskName(form.insureds[0]!.name));
  expect(text).not.toContain(form.policyHolder.licenceNo);

  // 发送到邮箱: a bad address is refused on the spot; a good one arrives at the relay with the PDF attached.
  await page.goBack();
  await page.getByRole('button', { name: '发送到邮箱' }).click();
  const dialog = page.getByRole('dialog', { name: '发送电子保单到邮箱' });
  await dialog.getByPlaceholder('请输入接收邮箱').fill('not-an-address');
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(page.getByText('请填写正确的邮箱')).toBeVisible();
  await dialog.getByPlaceholder('请输入接收邮箱').fill('li.hua@example.com');
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(page.getByText('电子保单已发送至 l***@example.com')).toBeVisible();
  await expect.poll(() => relay.arrived.length, { message: 'the mail reaches the relay' }).toBe(1);
  const mail = relay.arrived[0]!;
  expect(JSON.stringify(mail.to)).toContain('li.hua@example.com');
  expect(mail.subject).toContain(policyNo);
  expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  expect(await pdfText(mail.attachments[0]!.content)).toContain(policyNo);
});
