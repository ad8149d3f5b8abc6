/**
 * The purchase part of scripts/prod-smoke.sh: against a production server
 * running on the vendor fakes (`npm run fakes`), a parent logs in with the
 * code texted through the SMS fake, buys one policy through WeChat Pay H5 and
 * one through Alipay's wap cashier (each page of the fake's cashier fetched
 * and its 确认支付 pressed, as a browser would), waits for each to be paid by
 * the platform's notification and issued, then surrenders the WeChat one and
 * waits until its refund has reached the WeChat Pay fake and is paid back.
 * Then signs an agreement of an offline product on the 电子签 fake's page
 * and reads the signed PDF back from the app, byte for byte the object the
 * S3 fake holds. Only HTTP: nothing of the server's code runs here.
 *
 * Usage: node --import tsx scripts/prod-smoke-purchase.ts <server origin> <fakes env file> <phone>
 * Prints one line per step; exits 1 on the first failure.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { contractCalls, type AgreementCreated, type ContractList, type SignList } from '../src/contract/contracts.ts';
import { GW } from '../src/contract/define-call.ts';
import { ErrorCode } from '../src/contract/envelope.ts';
import { orderCalls, type PolicyStatus } from '../src/contract/order.ts';
import { paymentCalls } from '../src/contract/payment.ts';
import { policyCalls } from '../src/contract/policy.ts';
import { ISSUED_STATUSES } from '../src/contract/policy-lifecycle.ts';
import { makeIdCard } from '../src/engine/rules/index.ts';
import { sampleApplication, SAMPLE_PRODUCT_CODES } from '../src/server/seed/sample-applications.ts';

const [origin, envFile, phone] = process.argv.slice(2);
if (!origin || !envFile || !phone) {
  console.error('Usage: node --import tsx scripts/prod-smoke-purchase.ts <server origin> <fakes env file> <phone>');
  process.exit(2);
}
const fakes = Object.fromEntries(
  readFileSync(envFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const setting = (name: string): string => {
  const value = fakes[name];
  if (!value) throw new Error(`${name} is not in ${envFile}`);
  return value;
};

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

let token = '';
let userCode = '';
/** One /_gw call; an answer of 5003 (系统繁忙, the server's overload guard) is asked again after a second, as a client does, up to ten times. */
async function gw<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}, tries = 10): Promise<T> {
  const response = await fetch(`${origin}${GW}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  if (envelope.code === ErrorCode.Busy && tries > 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return gw<T>(method, path, body, headers, tries - 1);
  }
  if (envelope.code !== '0000') throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, seconds = 60): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The form a browser submits: its action and hidden fields, read from the fake's cashier page. */
function formOf(html: string, page: string): { action: string; fields: URLSearchParams } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no payment form on ${page}`);
  const fields = new URLSearchParams();
  for (const input of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(input[1]!, input[2]!);
  return { action: action.replaceAll('&amp;', '&'), fields };
}

async function pressPay(pageUrl: string): Promise<void> {
  const page = await fetch(pageUrl);
  if (page.status !== 200) throw new Error(`the cashier page ${new URL(pageUrl).pathname} answered ${page.status}`);
  const { action, fields } = formOf(await page.text(), pageUrl);
  const pressed = await fetch(new URL(action, page.url), { method: 'POST', body: fields, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  if (pressed.status >= 400) throw new Error(`确认支付 on ${new URL(pageUrl).pathname} answered ${pressed.status}`);
}

async function submit(): Promise<{ orderCode: string; applicationFormCode: string; amount: number }> {
  const serial = await gw<string>('GET', orderCalls.serial.path);
  const resub = await gw<string>('GET', orderCalls.resubToken.path);
  const submitted = await gw<{ body: { order: { code: string; amount: number }; applicationForms: { information: { applicationFormCode: string } }[] } }>(
    'POST',
    orderCalls.submitOrder.path,
    { source: '01', entryType: '00', idempotentSerialNo: serial, applicationForms: [sampleApplication(SAMPLE_PRODUCT_CODES.xuzhou)] },
    { 'x-resub-token': resub },
  );
  return { orderCode: submitted.body.order.code, applicationFormCode: submitted.body.applicationForms[0]!.information.applicationFormCode, amount: submitted.body.order.amount };
}

async function issued(orderCode: string, channel: string): Promise<string> {
  return until(`the ${channel} payment to pay and issue ${orderCode}`, async () => {
    const order = await gw<{ status: PolicyStatus; policyNo: string | null }>('POST', orderCalls.orderDetail.path, { orderCode });
    return ISSUED_STATUSES.includes(order.status) ? (order.policyNo ?? undefined) : undefined;
  });
}

async function main(): Promise<void> {
  // Log in with the code the SMS fake received.
  await gw('GET', `/user-svc/api/v1.5/regMsg?phoneNum=${phone}`);
  const sms = (await (await fetch(`${setting('ALIYUN_SMS_ENDPOINT')}/__fake/latest-code?phone=${phone}`)).json()) as { code: string | null };
  if (!sms.code) throw new Error(`the SMS fake received no code for ${phone}`);
  ({ token, userCode } = await gw<{ token: string; userCode: string }>('POST', '/user-svc/api/v1/registerAndLogin', { phoneNum: phone, smsVerificationCode: sms.code }));
  console.log('prod-smoke purchase: logged in with the code texted through the SMS fake');

  // WeChat Pay H5 (a phone browser outside WeChat).
  const wechatOrder = await submit();
  const { mwebUrl } = await gw<{ mwebUrl: string }>('POST', paymentCalls.payOrderWapBiz.path, { orderCode: wechatOrder.orderCode });
  if (!mwebUrl.startsWith(setting('WECHATPAY_BASE'))) throw new Error(`the H5 pay URL is not the WeChat Pay fake's: ${mwebUrl.slice(0, 80)}`);
  await pressPay(mwebUrl);
  const wechatPolicy = await issued(wechatOrder.orderCode, 'WeChat Pay');
  console.log(`prod-smoke purchase: ¥${wechatOrder.amount} paid through WeChat Pay H5 and issued (${wechatPolicy.slice(0, 6)}…)`);

  // Alipay's wap cashier.
  const alipayOrder = await submit();
  const { payUrl } = await gw<{ payUrl: string }>('GET', `${paymentCalls.payUrl.path}?appCode=${alipayOrder.applicationFormCode}&channel=alipay`);
  if (!payUrl.startsWith(setting('ALIPAY_GATEWAY'))) throw new Error(`the Alipay pay URL is not the Alipay fake's: ${payUrl.slice(0, 80)}`);
  await pressPay(payUrl);
  const alipayPolicy = await issued(alipayOrder.orderCode, 'Alipay');
  console.log(`prod-smoke purchase: ¥${alipayOrder.amount} paid through Alipay's wap cashier and issued (${alipayPolicy.slice(0, 6)}…)`);

  // The WeChat policy surrendered before its start: its whole premium goes back through WeChat Pay.
  const resub = await gw<string>('GET', orderCalls.resubToken.path);
  await gw('POST', policyCalls.submitEndors.path, { policyNo: wechatPolicy, endorType: 'surrender' }, { 'x-resub-token': resub });
  const refund = await until('the surrender refund to be paid back', async () => {
    const detail = await gw<{ refunds: { status: string; amount: number }[] }>('POST', policyCalls.searchAppDetailPro.path, { applicationFormCode: wechatOrder.applicationFormCode });
    const [first] = detail.refunds;
    if (first?.status === 'failed') throw new Error('the surrender refund failed');
    return first?.status === 'succeeded' ? first : undefined;
    // The fakes deliver in their mixed mode: a refund notification that never comes is found by the refund job's next ask, a minute or two on.
  }, 180);
  if (refund.amount !== wechatOrder.amount) throw new Error(`the surrender refund is ¥${refund.amount}, not the premium ¥${wechatOrder.amount}`);
  const onFake = (await (await fetch(`${setting('WECHATPAY_BASE')}/__fake/refunds`)).json()) as { amountFen: number; status: string }[];
  if (!onFake.some((r) => r.amountFen === Math.round(wechatOrder.amount * 100) && r.status === 'SUCCESS')) throw new Error(`the WeChat Pay fake has no refund of ¥${wechatOrder.amount}: ${JSON.stringify(onFake)}`);
  console.log(`prod-smoke purchase: surrendered, ¥${refund.amount} refunded through WeChat Pay (已退款 on the policy, SUCCESS on the fake)`);

  await signAgreement();
}

/** An offline product's agreement (兰山, signed by the holder on the 电子签 page), certified and signed, its PDF read back. */
async function signAgreement(): Promise<void> {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const holder = { name: '张伟明', idNo: makeIdCard('370802', '19850312', '123') };
  const certify = new FormData();
  certify.set('name', holder.name);
  certify.set('idNo', holder.idNo);
  certify.set('idPhoto', new Blob([png, Buffer.alloc(200)], { type: 'image/png' }), 'id.png');
  const certified = (await (await fetch(`${origin}${GW}${contractCalls.certify.path}`, { method: 'POST', body: certify, headers: { authorization: `Bearer ${token}` } })).json()) as Envelope<unknown>;
  if (certified.code !== '0000') throw new Error(`certify through 电子签: ${certified.code} ${certified.msg}`);
  const created = await gw<AgreementCreated>('POST', contractCalls.agreement.path, {
    productCode: '24PR371302',
    insuredName: '张小宇',
    insuredIdNo: makeIdCard('370802', `${new Date().getFullYear() - 10}0601`, '401'),
    schoolName: '兰山区第一小学',
  });
  if (!created.signUrl?.startsWith(setting('TENCENT_ESS_ENDPOINT'))) throw new Error(`the signing link is not the 电子签 fake's: ${String(created.signUrl).slice(0, 80)}`);
  // The parent opens the platform's page and presses 签署 there.
  const page = await fetch(created.signUrl);
  if (page.status !== 200) throw new Error(`the 电子签 signing page answered ${page.status}`);
  const signToken = new URL(created.signUrl).searchParams.get('token') ?? '';
  const pressed = await fetch(new URL('/__fake/ess/sign', created.signUrl), { method: 'POST', body: new URLSearchParams({ token: signToken, decision: 'sign' }), redirect: 'manual' });
  if (pressed.status !== 303) throw new Error(`签署 on the 电子签 page answered ${pressed.status}`);
  await until('the 电子签 callback to sign the agreement', async () =>
    (await gw<ContractList>('GET', contractCalls.contractList.path)).list.find((c) => c.contractNo === created.contractNo && c.status === 'signed'),
  );
  const signed = await gw<SignList>('GET', `${contractCalls.signList.path}?userCode=${userCode}`);
  const listed = signed.list.find((item) => item.contractUrl.includes(created.contractNo));
  if (!listed) throw new Error(`已签署的协议 does not list ${created.contractNo}`);
  const file = await fetch(`${origin}${GW}${listed.contractUrl}`, { headers: { authorization: `Bearer ${token}` } });
  const pdf = Buffer.from(await file.arrayBuffer());
  if (file.status !== 200 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`the signed agreement answered ${file.status} ${pdf.subarray(0, 40).toString('latin1')}`);
  // The same bytes as the object in the bucket: the file lives in S3, not in the database.
  const s3 = new S3Client({
    endpoint: setting('S3_ENDPOINT'),
    region: fakes.S3_REGION ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: setting('S3_ACCESS_KEY_ID'), secretAccessKey: setting('S3_SECRET_ACCESS_KEY') },
  });
  const object = await s3.send(new GetObjectCommand({ Bucket: setting('S3_BUCKET'), Key: `contracts/${created.contractNo}/agreement.pdf` }));
  const stored = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  if (digest(stored) !== digest(pdf)) throw new Error(`the signed agreement read back (${pdf.length} bytes) differs from the S3 object (${stored.length} bytes)`);
  console.log(`prod-smoke purchase: an agreement signed on the 电子签 page, its PDF (${pdf.length} bytes) read back from the app as stored in S3`);
}

main().catch((error: unknown) => {
  console.error(`prod-smoke purchase FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
