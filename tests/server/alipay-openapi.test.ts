/**
 * The real Alipay adapter (alipay:openapi, on alipay-sdk) against the Alipay
 * OpenAPI fake, in both key modes: the cashier URL, payment and its
 * notification, query, close, refund (once per out_request_no), refund
 * query, the bill URL, and how Alipay's refusals and failures map to outcomes.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallOut, OutboundError } from '../../src/server/providers/outbound.ts';
import { AlipayOpenApiProvider } from '../../src/server/providers/payment/alipay-openapi.ts';
import { readAlipaySettings } from '../../src/server/providers/payment/alipay-settings.ts';
import { NotificationRejected, type VerifiedNotification } from '../../src/server/providers/payment/payment-provider.ts';
import { alipayCertSn, startAlipayFake, type AlipayFake } from '../fakes/alipay-openapi-fake.ts';

const quiet = { info: () => undefined, warn: () => undefined };

/** The app's notify route in miniature: verify, record, answer as the adapter says. */
async function startReceiver(provider: () => AlipayOpenApiProvider) {
  const received: VerifiedNotification[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      provider()
        .verifyNotification(body)
        .then((notification) => {
          received.push(notification);
          response.end(provider().answer({ ok: true }).body);
        })
        .catch(() => response.end(provider().answer({ ok: false, httpStatus: 401, message: 'rejected' }).body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function adapter(fake: AlipayFake, notifyUrl: string, env: Record<string, string> = {}): AlipayOpenApiProvider {
  const { settings, problems } = readAlipaySettings({ ...fake.env(), ...env });
  expect(problems).toEqual([]);
  return new AlipayOpenApiProvider({ settings: settings!, notifyUrl, callOut: createCallOut({ log: quiet, initialDelayMs: 5, breakerThreshold: 50 }) });
}

let seq = 0;
const newTradeNo = () => `TR${Date.now()}${String(++seq).padStart(4, '0')}`;

describe.each(['public-key', 'certificate'] as const)('Alipay adapter against the fake (%s mode)', (keyMode) => {
  let fake: AlipayFake;
  let provider: AlipayOpenApiProvider;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    fake = await startAlipayFake({ keyMode, retryMs: 20, lateMs: 150, privateKeyFormat: keyMode === 'certificate' ? 'pkcs8' : 'pkcs1' });
    receiver = await startReceiver(() => provider);
    provider = adapter(fake, receiver.url);
  });
  afterAll(async () => {
    await fake?.close();
    await receiver?.close();
  });

  /** A trade opened the way the browser does: the cashier URL followed to Alipay's page. */
  async function openCashier(amountFen = 12_300) {
    const tradeNo = newTradeNo();
    const { payUrl } = await provider.createTrade({ tradeNo, amountFen, subject: '学平险', returnUrl: 'https://insure.example.com/#/paySuccess?orderCode=X' });
    const page = await fetch(payUrl);
    return { tradeNo, payUrl, page: { status: page.status, html: await page.text() } };
  }

  it('gives a signed GET URL of the wap cashier with return_url and notify_url, which Alipay accepts', async () => {
    const { payUrl, page, tradeNo } = await openCashier();
    const url = new URL(payUrl);
    expect(`${url.origin}${url.pathname}`).toBe(fake.gateway);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(url.searchParams.get('return_url')).toBe('https://insure.example.com/#/paySuccess?orderCode=X');
    expect(url.searchParams.get('notify_url')).toBe(receiver.url);
    expect(url.searchParams.get('sign_type')).toBe('RSA2');
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}')).toMatchObject({ out_trade_no: tradeNo, total_amount: '123.00', product_code: 'QUICK_WAP_WAY' });
    expect(page.status).toBe(200);
    expect(page.html).toContain('确认支付');
    expect(page.html).toContain('￥123.00');
    if (keyMode === 'certificate') expect(url.searchParams.get('app_cert_sn')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('pays on the cashier page: the signed notification verifies, and query says paid', async () => {
    const { tradeNo } = await openCashier(4_550);
    expect((await provider.queryTrade(tradeNo)).state).toBe('unpaid');
    const pressed = await fetch(`${fake.origin}/cashier/pay`, {
      method: 'POST',
      body: `out_trade_no=${tradeNo}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get('location')).toContain('https://insure.example.com/');
    await fake.settled();
    const notification = receiver.received.find((n) => n.tradeNo === tradeNo);
    expect(notification).toMatchObject({ tradeNo, amountFen: 4_550, status: 'SUCCESS' });
    // Acknowledged once: no re-send after `success`.
    expect(fake.deliveries.filter((d) => d.outTradeNo === tradeNo).map((d) => d.answer)).toEqual(['success']);
    const state = await provider.queryTrade(tradeNo);
    expect(state).toMatchObject({ tradeNo, state: 'paid', amountFen: 4_550 });
    expect(state.platformTradeNo).toBe(fake.trades.get(tradeNo)?.tradeNo);
  });

  it('refuses a forged notification, another app_id, another seller and a tampered amount', async () => {
    const { tradeNo } = await openCashier();
    fake.notifyMode = 'never';
    fake.pay(tradeNo);
    fake.notifyMode = 'prompt';
    await expect(provider.verifyNotification(fake.notificationBody(tradeNo))).resolves.toMatchObject({ tradeNo, amountFen: 12_300 });
    await expect(provider.verifyNotification(fake.notificationBody(tradeNo, { forge: true }))).rejects.toBeInstanceOf(NotificationRejected);
    await expect(provider.verifyNotification(fake.notificationBody(tradeNo, { fields: { app_id: '2021000000009999' } }))).rejects.toThrow('another app_id');
    await expect(provider.verifyNotification(fake.notificationBody(tradeNo, { fields: { seller_id: '2088000000009999' } }))).rejects.toThrow('another seller');
    const tampered = fake.notificationBody(tradeNo).replace('total_amount=123.00', 'total_amount=1.00');
    await expect(provider.verifyNotification(tampered)).rejects.toThrow('bad signature');
    await expect(provider.verifyNotification(fake.notificationBody(tradeNo).replace(/&sign=[^&]+/, ''))).rejects.toBeInstanceOf(NotificationRejected);
  });

  it('re-sends a notification answered with anything but success, and delivers late and twice', async () => {
    const late = await openCashier();
    fake.notifyMode = 'late';
    fake.pay(late.tradeNo);
    expect(receiver.received.some((n) => n.tradeNo === late.tradeNo)).toBe(false);
    const twice = await openCashier();
    fake.notifyMode = 'twice';
    fake.pay(twice.tradeNo);
    fake.notifyMode = 'prompt';
    await fake.settled();
    expect(receiver.received.filter((n) => n.tradeNo === late.tradeNo)).toHaveLength(1);
    const both = receiver.received.filter((n) => n.tradeNo === twice.tradeNo);
    expect(both).toHaveLength(2);
    expect(both[0]?.notifyId).toBe(both[1]?.notifyId);
  });

  it('delivers out of order: a held notification arrives after the one that follows it', async () => {
    const first = await openCashier();
    const second = await openCashier();
    fake.notifyMode = 'out-of-order';
    fake.pay(first.tradeNo);
    fake.pay(second.tradeNo);
    fake.notifyMode = 'prompt';
    await fake.settled();
    const order = receiver.received.map((n) => n.tradeNo).filter((no) => no === first.tradeNo || no === second.tradeNo);
    expect(order).toEqual([second.tradeNo, first.tradeNo]);
  });

  it('closes an unpaid trade, which can then not be paid; a paid one is refused with its sub_code', async () => {
    const open = await openCashier();
    await provider.closeTrade(open.tradeNo);
    expect((await provider.queryTrade(open.tradeNo)).state).toBe('closed');
    // Never opened at Alipay: nothing to close.
    await expect(provider.closeTrade(newTradeNo())).resolves.toBeUndefined();
    const paid = await openCashier();
    fake.notifyMode = 'never';
    fake.pay(paid.tradeNo);
    fake.notifyMode = 'prompt';
    await expect(provider.closeTrade(paid.tradeNo)).rejects.toMatchObject({ vendorCode: 'ACQ.TRADE_STATUS_ERROR', retryable: false });
  });

  it('sends the payment deadline as time_expire (Beijing time): Alipay closes the unpaid trade then', async () => {
    const tradeNo = newTradeNo();
    const expiresAt = new Date(Math.ceil((Date.now() + 1_200) / 1000) * 1000);
    const { payUrl } = await provider.createTrade({ tradeNo, amountFen: 100, subject: '学平险', returnUrl: 'https://insure.example.com/', expiresAt });
    const biz = JSON.parse(new URL(payUrl).searchParams.get('biz_content') ?? '{}') as { time_expire?: string };
    const wall = new Date(expiresAt.getTime() + 8 * 3_600_000).toISOString();
    expect(biz.time_expire).toBe(`${wall.slice(0, 10)} ${wall.slice(11, 19)}`);
    expect(await (await fetch(payUrl)).text()).toContain('确认支付');
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    expect((await provider.queryTrade(tradeNo)).state).toBe('closed');
    expect(fake.pay(tradeNo).status).toBe('TRADE_CLOSED');
  });

  it('refunds once per out_request_no, however often it is sent, and the refund query confirms it', async () => {
    const { tradeNo } = await openCashier(20_000);
    fake.notifyMode = 'never';
    fake.pay(tradeNo);
    fake.notifyMode = 'prompt';
    const request = { tradeNo, refundNo: `RF${tradeNo}`, amountFen: 20_000, totalFen: 20_000, reason: '出单失败退款' };
    await expect(provider.refund(request)).resolves.toMatchObject({ state: 'succeeded' });
    // Sent again (a job re-run): fund_change N, confirmed by the refund query, no money moved.
    await expect(provider.refund(request)).resolves.toMatchObject({ state: 'succeeded' });
    expect(fake.moneyRefunded.filter((r) => r.outTradeNo === tradeNo)).toEqual([{ outTradeNo: tradeNo, outRequestNo: request.refundNo, amountFen: 20_000 }]);
    await expect(provider.queryRefund(request)).resolves.toMatchObject({ state: 'succeeded' });
    await expect(provider.queryRefund({ tradeNo, refundNo: 'RF-unknown' })).rejects.toMatchObject({ vendorCode: 'REFUND_NOT_EXIST' });
    expect((await provider.queryTrade(tradeNo)).state).toBe('closed');
  });

  it('reads a refund notification as one (out_biz_no), and as a no-op repeat of the payment', async () => {
    const { tradeNo } = await openCashier(3_000);
    fake.notifyMode = 'never';
    fake.pay(tradeNo);
    await provider.refund({ tradeNo, refundNo: `RF${tradeNo}`, amountFen: 1_000, totalFen: 3_000, reason: '退款' });
    fake.notifyMode = 'prompt';
    const body = fake.notificationBody(tradeNo, { fields: { out_biz_no: `RF${tradeNo}`, refund_fee: '10.00' } });
    await expect(provider.verifyRefundNotification(body)).resolves.toMatchObject({ refundNo: `RF${tradeNo}`, tradeNo, state: 'succeeded' });
    await expect(provider.verifyRefundNotification(fake.notificationBody(tradeNo))).resolves.toBeNull();
  });

  it('maps refusals: a business refusal is final and not retried; ACQ.SYSTEM_ERROR and HTTP 502 are retried', async () => {
    const { tradeNo } = await openCashier(5_000);
    fake.notifyMode = 'never';
    fake.pay(tradeNo);
    fake.notifyMode = 'prompt';
    const count = (method: string) => fake.requests.filter((r) => r.method === method).length;

    fake.failNext('alipay.trade.refund', { code: '40004', subCode: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', subMsg: '卖家余额不足' });
    const before = count('alipay.trade.refund');
    const refusal = await provider.refund({ tradeNo, refundNo: `RF${tradeNo}`, amountFen: 5_000, totalFen: 5_000, reason: '退款' });
    expect(refusal).toEqual({ state: 'refused', reason: 'ACQ.SELLER_BALANCE_NOT_ENOUGH: 卖家余额不足' });
    expect(count('alipay.trade.refund') - before).toBe(1);

    fake.failNext('alipay.trade.query', { code: '20000', subCode: 'ACQ.SYSTEM_ERROR', subMsg: '系统错误' });
    fake.failNext('alipay.trade.query', { httpStatus: 502 });
    const queries = count('alipay.trade.query');
    await expect(provider.queryTrade(tradeNo)).resolves.toMatchObject({ state: 'paid' });
    expect(count('alipay.trade.query') - queries).toBe(3);

    fake.failNext('alipay.trade.query', { code: '20000', subCode: 'ACQ.SYSTEM_ERROR' }, 3);
    await expect(provider.queryTrade(tradeNo)).rejects.toMatchObject({ vendorCode: 'ACQ.SYSTEM_ERROR', retryable: true });

    await expect(provider.refund({ tradeNo: newTradeNo(), refundNo: 'RF-x', amountFen: 100, totalFen: 100, reason: 'x' })).resolves.toMatchObject({
      state: 'refused',
      reason: expect.stringContaining('ACQ.TRADE_NOT_EXIST'),
    });
  });

  it('refuses an answer whose signature is not Alipay\u2019s', async () => {
    const { tradeNo } = await openCashier();
    fake.failNext('alipay.trade.query', { forgedAnswer: true });
    await expect(provider.queryTrade(tradeNo)).rejects.toMatchObject({ vendorCode: 'answer-signature', retryable: false });
  });

  it('is refused by Alipay with isv.invalid-signature when the merchant key is wrong, and does not retry', async () => {
    const strangerFile = fake.writeStrangerKey();
    if (keyMode === 'certificate') {
      // Caught at start already: the application certificate names another key.
      expect(readAlipaySettings({ ...fake.env(), ALIPAY_PRIVATE_KEY_FILE: strangerFile }).problems).toEqual([
        expect.stringMatching(/^ALIPAY_APP_CERT_FILE must be .*does not belong to ALIPAY_PRIVATE_KEY_FILE/),
      ]);
    }
    const { settings } = readAlipaySettings(fake.env());
    const stranger = new AlipayOpenApiProvider({
      settings: { ...settings!, privateKey: readFileSync(strangerFile, 'utf8') },
      notifyUrl: receiver.url,
      callOut: createCallOut({ log: quiet, initialDelayMs: 5 }),
    });
    const before = fake.requests.length;
    const error = await stranger.queryTrade(newTradeNo()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ vendorCode: 'isv.invalid-signature', retryable: false });
    expect(fake.requests.slice(before)).toEqual([{ method: 'alipay.trade.query', outcome: 'isv.invalid-signature' }]);
    // The cashier refuses the URL too.
    const { payUrl } = await stranger.createTrade({ tradeNo: newTradeNo(), amountFen: 100, subject: 'x', returnUrl: 'https://insure.example.com/' });
    const page = await fetch(payUrl);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('isv.invalid-signature');
  });

  it('reads a day\u2019s trade bill (a zip of GBK CSVs): its payments and refunds as lines; none for a day without trades', async () => {
    const { tradeNo } = await openCashier(7_700);
    fake.notifyMode = 'never';
    fake.pay(tradeNo);
    fake.notifyMode = 'prompt';
    await expect(provider.refund({ tradeNo, refundNo: 'RF000000007701', amountFen: 7_700, totalFen: 7_700, reason: '重复支付' })).resolves.toMatchObject({ state: 'succeeded' });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const file = new Uint8Array(await (await fetch((await provider.billDownloadUrl(today))!.url)).arrayBuffer());
    expect([file[0], file[1]]).toEqual([0x50, 0x4b]);
    const lines = (await provider.tradeBill(today)).filter((line) => line.tradeNo === tradeNo);
    expect(lines).toEqual([
      { kind: 'payment', tradeNo, amountFen: 7_700, platformNo: fake.trades.get(tradeNo)!.tradeNo },
      { kind: 'refund', tradeNo, refundNo: 'RF000000007701', amountFen: 7_700, platformNo: fake.trades.get(tradeNo)!.tradeNo },
    ]);
    await expect(provider.billDownloadUrl('2001-01-01')).resolves.toBeNull();
    await expect(provider.tradeBill('2001-01-01')).resolves.toEqual([]);
  });
});

describe('the fake plays Alipay faithfully', () => {
  it('computes a certificate SN as the SDK does (the SN the certificate-mode requests carry is accepted)', async () => {
    const fake = await startAlipayFake({ keyMode: 'certificate' });
    try {
      const appCert = readFileSync(fake.env().ALIPAY_APP_CERT_FILE!, 'utf8');
      const provider = adapter(fake, 'http://127.0.0.1:9/notify');
      const { payUrl } = await provider.createTrade({ tradeNo: newTradeNo(), amountFen: 100, subject: 'x', returnUrl: 'https://insure.example.com/' });
      expect(new URL(payUrl).searchParams.get('app_cert_sn')).toBe(alipayCertSn(appCert));
    } finally {
      await fake.close();
    }
  });
});
