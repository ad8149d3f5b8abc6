/**
 * The channel formats on their own: what each sandbox signs verifies, and
 * every way a notification can be wrong is refused (old timestamp, another
 * certificate serial, a resource that does not decrypt, a bad amount, a
 * non-string field), without a database.
 */
import { describe, expect, it } from 'vitest';
import { AlipayProvider, generateAlipayKeys } from '../../src/server/providers/payment/alipay-provider.ts';
import type { ChannelPayment } from '../../src/server/providers/payment/channel-sandbox-provider.ts';
import { generateJdKeys, JdPayProvider } from '../../src/server/providers/payment/jd-pay-provider.ts';
import { NotificationRejected } from '../../src/server/providers/payment/payment-provider.ts';
import { aesGcmEncrypt, canonicalParams, rsaSign, wechatSignedMessage, yuanStringToFen } from '../../src/server/providers/payment/signing.ts';
import { generateWechatKeys, WechatPayProvider } from '../../src/server/providers/payment/wechat-pay-provider.ts';

const keys = { wechat: generateWechatKeys(), alipay: generateAlipayKeys(), jd: generateJdKeys() };
const clock = { now: new Date('2026-03-01T08:00:00Z') };
const options = { baseUrl: '', notifyPath: '/n', post: async () => ({ status: 200, text: '' }), notifyDelayMs: 0, now: () => clock.now };
const payment: ChannelPayment = { notifyId: 'N-1', tradeNo: 'TR1', amountFen: 6000, status: 'SUCCESS', paidAt: new Date('2026-03-01T07:59:00Z') };

describe('WeChat Pay API v3 notifications', () => {
  const wechat = new WechatPayProvider(options, keys.wechat);

  it('verifies what the sandbox sends: id, trade, amount in fen, paid time', async () => {
    const n = wechat.encode(payment);
    expect(n.headers['wechatpay-signature-type']).toBe('WECHATPAY2-SHA256-RSA2048');
    expect(JSON.parse(n.body)).toMatchObject({ event_type: 'TRANSACTION.SUCCESS', resource: { algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction' } });
    // The transaction travels encrypted only.
    expect(n.body).not.toContain('TR1');
    expect(await wechat.verifyNotification(n.body, n.headers)).toEqual({
      notifyId: 'wechat:N-1',
      tradeNo: 'TR1',
      amountFen: 6000,
      status: 'SUCCESS',
      paidAt: payment.paidAt,
    });
  });

  it('refuses a notification older than 5 minutes, another serial, missing headers', async () => {
    const n = wechat.encode(payment);
    const later = new WechatPayProvider({ ...options, now: () => new Date(clock.now.getTime() + 6 * 60_000) }, keys.wechat);
    await expect(later.verifyNotification(n.body, n.headers)).rejects.toThrow(NotificationRejected);
    await expect(wechat.verifyNotification(n.body, { ...n.headers, 'wechatpay-serial': 'ABC' })).rejects.toThrow('serial');
    const { 'wechatpay-signature': _dropped, ...rest } = n.headers;
    await expect(wechat.verifyNotification(n.body, rest)).rejects.toThrow('missing');
  });

  it('refuses a correctly signed event whose resource was encrypted with another API v3 key', async () => {
    const event = JSON.parse(wechat.encode(payment).body) as { resource: { ciphertext: string; nonce: string } };
    event.resource.ciphertext = aesGcmEncrypt('x'.repeat(32), event.resource.nonce, 'transaction', '{"out_trade_no":"TR1"}');
    const body = JSON.stringify(event);
    const timestamp = String(Math.floor(clock.now.getTime() / 1000));
    const headers = {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': 'abc',
      'wechatpay-serial': wechat.encode(payment).headers['wechatpay-serial']!,
      'wechatpay-signature': rsaSign(keys.wechat.platform.privateKey, wechatSignedMessage(timestamp, 'abc', body)),
    };
    await expect(wechat.verifyNotification(body, headers)).rejects.toThrow('decrypt');
  });

  it('answers 200 SUCCESS, or the refusal status with FAIL', () => {
    expect(wechat.answer({ ok: true })).toMatchObject({ status: 200, body: '{"code":"SUCCESS","message":"成功"}' });
    expect(wechat.answer({ ok: false, httpStatus: 401, message: '通知验签失败' })).toMatchObject({ status: 401 });
    expect(wechat.acknowledged({ status: 204, text: '' })).toBe(true);
    expect(wechat.acknowledged({ status: 500, text: '' })).toBe(false);
  });
});

describe('Alipay RSA2 notifications', () => {
  const alipay = new AlipayProvider(options, keys.alipay);

  it('signs the sorted parameters without sign and sign_type, amounts in yuan', async () => {
    const n = alipay.encode(payment);
    const params = Object.fromEntries(new URLSearchParams(n.body));
    expect(params).toMatchObject({ total_amount: '60.00', trade_status: 'TRADE_SUCCESS', sign_type: 'RSA2', out_trade_no: 'TR1' });
    expect(canonicalParams(params, ['sign', 'sign_type'])).not.toContain('sign=');
    expect(await alipay.verifyNotification(n.body)).toMatchObject({ notifyId: 'alipay:N-1', amountFen: 6000, status: 'SUCCESS' });
    const closed = alipay.encode({ ...payment, status: 'FAIL' });
    expect((await alipay.verifyNotification(closed.body)).status).toBe('FAIL');
  });

  it('refuses a changed parameter and a missing signature', async () => {
    const n = alipay.encode(payment);
    await expect(alipay.verifyNotification(n.body.replace('out_trade_no=TR1', 'out_trade_no=TR2'))).rejects.toThrow('bad signature');
    await expect(alipay.verifyNotification(n.body.replace(/&sign=[^&]*/, ''))).rejects.toThrow(NotificationRejected);
    expect(alipay.acknowledged({ status: 200, text: 'success' })).toBe(true);
    expect(alipay.acknowledged({ status: 200, text: '{"code":"0000"}' })).toBe(false);
  });
});

describe('JD notifications', () => {
  const jd = new JdPayProvider(options, keys.jd);

  it('verifies what the sandbox sends; a trade status is its identity', async () => {
    const n = jd.encode(payment);
    expect(await jd.verifyNotification(n.body)).toEqual({ notifyId: 'jd:TR1:2', tradeNo: 'TR1', amountFen: 6000, status: 'SUCCESS', paidAt: new Date('2026-03-01T07:59:00Z') });
  });

  it('refuses non-string fields and changed amounts', async () => {
    const fields = JSON.parse(jd.encode(payment).body) as Record<string, unknown>;
    await expect(jd.verifyNotification(JSON.stringify({ ...fields, amount: 6000 }))).rejects.toThrow('strings');
    await expect(jd.verifyNotification(JSON.stringify({ ...fields, amount: '1' }))).rejects.toThrow('bad signature');
    await expect(jd.verifyNotification('[]')).rejects.toThrow(NotificationRejected);
  });
});

describe('yuanStringToFen', () => {
  it('reads at most two decimals exactly', () => {
    expect(yuanStringToFen('60.00')).toBe(6000);
    expect(yuanStringToFen('0.1')).toBe(10);
    expect(yuanStringToFen('12')).toBe(1200);
    expect(yuanStringToFen('1.234')).toBeNull();
    expect(yuanStringToFen('-1')).toBeNull();
    expect(yuanStringToFen('1e3')).toBeNull();
  });
});
