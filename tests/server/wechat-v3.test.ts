/**
 * The WeChat Pay API v3 adapter (wechat:v3) against the fake, in both key
 * modes: signed requests (a wrong key is refused SIGN_ERROR), verified
 * answers (a forged one is not trusted), JSAPI and H5 orders, query, close,
 * refund and refund query, notifications (decrypt, signature, window,
 * forged, other merchant), and the published known answers of the protocol.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallOut, OutboundError } from '../../src/server/providers/outbound.ts';
import { NotificationRejected } from '../../src/server/providers/payment/payment-provider.ts';
import { aeadOpen, authorization, rsaSha256Sign, rsaSha256Verify, signedMessage } from '../../src/server/providers/payment/wechat-v3.ts';
import { WechatV3Provider } from '../../src/server/providers/payment/wechat-v3-provider.ts';
import { readWechatPaySettings } from '../../src/server/providers/payment/wechat-v3-settings.ts';
import { startWechatPayFake, type WechatPayFake } from '../fakes/wechat-pay-v3-fake.ts';

const quiet = { info: () => undefined, warn: () => undefined };
const MP = { WECHAT_MP_APPID: 'wxfa4efa4efa4efa4e', WECHAT_MP_SECRET: 'fa4efa4efa4efa4efa4efa4efa4efa4e' };

/**
 * Known answers published with wechatpay-go (utils/aes_test.go and
 * utils/sign_test.go): an AEAD_AES_GCM box of WeChat's layout (its sample
 * key is 16 bytes, so AES-128; the API v3 key is 32 and AES-256), and an
 * RSA-SHA256 signature of "source" by a published test key.
 */
const GO_AES = { key: 'testAPIv3Key0000', nonce: 'wCq51qZv4Yfg', associatedData: 'Dl56FrqWQJF1t9LtC3vEUsniZKvbqdR8', ciphertext: 'FsdXzxryWfKwvLJKf8LG/ToRPTRh8RN9wROC', plaintext: 'Hello World' };
const GO_SIGN_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDZUJN33V+dSfvd
fL0Mu+39XrZNXFFMQSy1V15FpncHeV47SmV0TzTqZc7hHB0ddqAdDi8Z5k3TKqb7
6sOwYr5TcAfuR6PIPaleyE0/0KrljBum2Isa2Nyq7Dgc3ElBQ6YN4l/a+DpvKaz1
FSKmKrhLNskqokWVSlu4g8OlKlbPXQ9ibII14MZRQrrkTmHYHzfi7GXXM0thAKuR
0HNvyhTHBh4/lrYM3GaMvmWwkwvsMavnOex6+eioZHBOb1/EIZ/LzC6zuHArPpyW
3daGaZ1rtQB1vVzTyERAVVFsXXgBHvfFud3w3ShsJYk8JvMwK2RpJ5/gV0QSARcm
LDRUAlPzAgMBAAECggEBAMc7rDeUaXiWv6bMGbZ3BTXpg1FhdddnWUnYE8HfX/km
OFI7XtBHXcgYFpcjYz4D5787pcsk7ezPidAj58zqenuclmjKnUmT3pfbI5eCA2v4
C9HnbYDrmUPK1ZcADtka4D6ScDccpNYNa1g2TFHzkIrEa6H+q7S3O2fqxY/DRVtN
0JIXalBb8daaqL5QVzSmM2BMVnHy+YITJWIkP2a3pKs9C0W65JGDsnG0wVrHinHF
+cnhFZIbaPEI//DAFMc9NkrWOKVRTEgcCUxCFaHOZVNxDWZD7A2ZfJB2rK6eg//y
gEiFDR2h6mTaDowMB4YF2n2dsIO4/dCG8vPHI20jn4ECgYEA/ZGu6lEMlO0XZnam
AZGtiNgLcCfM/C2ZERZE7QTRPZH1WdK92Al9ndldsswFw4baJrJLCmghjF/iG4zi
hhBvLnOLksnZUfjdumxoHDWXo2QBWbI5QsWIE7AuTiWgWj1I7X4fCXSQf6i+M/y2
6TogQ7d0ANpZFyOkTNMn/tiJvLECgYEA22XqlamG/yfAGWery5KNH2DGlTIyd6xJ
WtJ9j3jU99lZ0bCQ5xhiBbU9ImxCi3zgTsoqLWgA/p00HhNFNoUcTl9ofc0G3zwT
D1y0ZzcnVKxGJdZ6ohW52V0hJStAigtjYAsUgjm7//FH7PiQDBDP1Wa6xSRkDQU/
aSbQxvEE8+MCgYEA3bb8krW7opyM0XL9RHH0oqsFlVO30Oit5lrqebS0oHl3Zsr2
ZGgoBlWBsEzk3UqUhTFwm/DhJLTSJ/TQPRkxnhQ5/mewNhS9C7yua7wQkzVmWN+V
YeUGTvDGDF6qDz12/vJAgSwDDRym8x4NcXD5tTw7mmNRcwIfL22SkysThIECgYAV
BgccoEoXWS/HP2/u6fQr9ZIR6eV8Ij5FPbZacTG3LlS1Cz5XZra95UgebFFUHHtC
EY1JHJY7z8SWvTH8r3Su7eWNaIAoFBGffzqqSVazfm6aYZsOvRY6BfqPHT3p/H1h
Tq6AbBffxrcltgvXnCTORjHPglU0CjSxVs7awW3AEQKBgB5WtaC8VLROM7rkfVIq
+RXqE5vtJfa3e3N7W3RqxKp4zHFAPfr82FK5CX2bppEaxY7SEZVvVInKDc5gKdG/
jWNRBmvvftZhY59PILHO2X5vO4FXh7suEjy6VIh0gsnK36mmRboYIBGsNuDHjXLe
BDa+8mDLkWu5nHEhOxy2JJZl
-----END PRIVATE KEY-----`;
const GO_SIGNATURE =
  'BKyAfU4iMCuvXMXS0Wzam3V/cnxZ+JaqigPM5OhljS2iOT95OO6Fsuml2JkFANJU9K6q9bLlDhPXuoVz+pp4hAm6pHU4ld815U4jsKu1RkyaII+1CYBUYC8TK0XtJ8FwUXXz8vZHh58rrAVN1XwNyvD1vfpxrMT4SL536GLwvpUHlCqIMzoZUguLli/K8V29QiOhuH6IEqLNJn8e9b3nwNcQ7be3CzYGpDAKBfDGPCqCv8Rw5zndhlffk2FEA70G4hvMwe51qMN/RAJbknXG23bSlObuTCN7Ndj1aJGH6/L+hdwfLpUtJm4QYVazzW7DFD27EpSQEqA8bX9+8m1rLg==';

describe('WeChat Pay API v3 known answers', () => {
  it('opens the published AES-GCM sample and refuses it under another key or altered', () => {
    expect(aeadOpen(Buffer.from(GO_AES.key), GO_AES.nonce, GO_AES.associatedData, GO_AES.ciphertext)).toBe(GO_AES.plaintext);
    expect(aeadOpen(Buffer.from('testAPIv3Key1111'), GO_AES.nonce, GO_AES.associatedData, GO_AES.ciphertext)).toBeNull();
    expect(aeadOpen(Buffer.from(GO_AES.key), GO_AES.nonce, 'other', GO_AES.ciphertext)).toBeNull();
    expect(aeadOpen(Buffer.from(GO_AES.key), GO_AES.nonce, GO_AES.associatedData, 'SGVsbG8gV29ybGQK')).toBeNull();
  });

  it('signs "source" exactly as the published signature and verifies it', () => {
    const key = createPrivateKey(GO_SIGN_KEY);
    expect(rsaSha256Sign(key, 'source')).toBe(GO_SIGNATURE);
    expect(rsaSha256Verify(createPublicKey(key), 'source', GO_SIGNATURE)).toBe(true);
    expect(rsaSha256Verify(createPublicKey(key), 'sourcE', GO_SIGNATURE)).toBe(false);
  });

  it('writes the Authorization header of the documented shape over METHOD\\nPATH\\nTIMESTAMP\\nNONCE\\nBODY\\n', () => {
    const key = createPrivateKey(GO_SIGN_KEY);
    const header = authorization({ mchId: '1900000001', serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C', privateKey: key }, 'GET', '/v3/certificates', '', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242');
    const signature = rsaSha256Sign(key, signedMessage(['GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '']));
    expect(header).toBe(
      `WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="${signature}",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"`,
    );
  });
});

/** A loopback server that records what the notifications bring (the provider verifies them here, as the notify route would). */
async function notifySink(): Promise<{ url: string; posts: { body: string; headers: Record<string, string | string[] | undefined> }[]; server: Server; status: { code: number } }> {
  const posts: { body: string; headers: Record<string, string | string[] | undefined> }[] = [];
  const status = { code: 204 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      posts.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(status.code);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify/wechat`, posts, server, status };
}

describe.each(['public-key', 'certificate'] as const)('the wechat:v3 adapter against the fake (%s mode)', (keyMode) => {
  let fake: WechatPayFake;
  let provider: WechatV3Provider;
  let sink: Awaited<ReturnType<typeof notifySink>>;
  const make = (env: Record<string, string>) => {
    const { settings, problems } = readWechatPaySettings({ ...fake.env(), ...MP, ...env });
    expect(problems).toEqual([]);
    return new WechatV3Provider({ settings: settings!, notifyUrl: sink.url, callOut: createCallOut({ log: quiet, initialDelayMs: 5, breakerThreshold: 50 }), now: () => new Date() });
  };

  beforeAll(async () => {
    fake = await startWechatPayFake({ keyMode, retryMs: 20, lateMs: 100 });
    sink = await notifySink();
    provider = make({});
  });
  afterAll(async () => {
    await fake?.close();
    await new Promise<void>((resolve) => sink?.server.close(() => resolve()));
  });

  const input = (tradeNo: string, openid?: string) => ({
    tradeNo,
    amountFen: 12_300,
    subject: '学平险 基础款',
    returnUrl: 'https://insure.example.com/#/paySuccess?orderCode=O1',
    payer: openid ? { openid, clientIp: '203.0.113.7' } : { clientIp: '203.0.113.7' },
  });

  it('places a JSAPI order with the openid and signs the getBrandWCPayRequest parameters', async () => {
    const { jsapi, payUrl } = await provider.createTrade(input(`TRJ${keyMode.length}1`, 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o'));
    expect(payUrl).toBe('');
    const trade = fake.trades.get(`TRJ${keyMode.length}1`)!;
    expect(trade.tradeType).toBe('JSAPI');
    expect(jsapi).toMatchObject({ appId: MP.WECHAT_MP_APPID, package: `prepay_id=${trade.prepayId}`, signType: 'RSA' });
    const merchantPublic = createPublicKey(createPrivateKey(readFileSync(fake.env().WECHATPAY_PRIVATE_KEY_FILE!, 'utf8')));
    expect(rsaSha256Verify(merchantPublic, signedMessage([jsapi!.appId!, jsapi!.timeStamp!, jsapi!.nonceStr!, jsapi!.package!]), jsapi!.paySign!)).toBe(true);
    // Asked again (the client retries): the same prepay_id.
    expect((await provider.createTrade(input(`TRJ${keyMode.length}1`, 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o'))).jsapi?.package).toBe(`prepay_id=${trade.prepayId}`);
  });

  it('places an H5 order without an openid; the cashier URL returns to the app', async () => {
    const { payUrl } = await provider.createTrade(input(`TRH${keyMode.length}1`));
    expect(payUrl.startsWith(`${fake.origin}/pay/h5?prepay_id=`)).toBe(true);
    expect(payUrl.endsWith(`&redirect_url=${encodeURIComponent('https://insure.example.com/#/paySuccess?orderCode=O1')}`)).toBe(true);
    expect(fake.trades.get(`TRH${keyMode.length}1`)!.tradeType).toBe('MWEB');
  });

  it('is refused SIGN_ERROR with another merchant key, and does not trust a forged answer', async () => {
    const stranger = make({ WECHATPAY_PRIVATE_KEY_FILE: fake.writeStrangerKey() });
    await expect(stranger.queryTrade('TR-none')).rejects.toMatchObject({ vendorCode: 'SIGN_ERROR' });
    // Certificate mode: the first call of a new adapter is the certificate download, refused the same way.
    expect(fake.requests.at(-1)).toEqual({ call: keyMode === 'public-key' ? 'GET /v3/pay/transactions/out-trade-no/TR-none' : 'GET /v3/certificates', status: 401 });
    fake.failNext('GET /v3/pay/transactions/out-trade-no', { forgedAnswer: true });
    await expect(provider.queryTrade('TR-none')).rejects.toMatchObject({ vendorCode: 'answer-signature' });
  });

  it('queries trades: unknown is unpaid, paid carries amount, time and transaction id', async () => {
    expect(await provider.queryTrade('TR-never-placed')).toEqual({ tradeNo: 'TR-never-placed', state: 'unpaid' });
    const tradeNo = `TRQ${keyMode.length}1`;
    await provider.createTrade(input(tradeNo));
    expect((await provider.queryTrade(tradeNo)).state).toBe('unpaid');
    fake.notifyMode = 'never';
    const trade = fake.pay(tradeNo);
    fake.notifyMode = 'prompt';
    const state = await provider.queryTrade(tradeNo);
    expect(state).toMatchObject({ state: 'paid', amountFen: 12_300, platformTradeNo: trade.transactionId });
    expect(Math.abs(state.paidAt!.getTime() - trade.paidAt!.getTime())).toBeLessThan(1000);
  });

  it('retries a 5xx and SYSTEM_ERROR, and throws them as OutboundError when they last', async () => {
    fake.failNext('GET /v3/pay/transactions/out-trade-no', { httpStatus: 500, code: 'SYSTEM_ERROR' }, 1);
    expect((await provider.queryTrade('TR-never-placed')).state).toBe('unpaid');
    fake.failNext('GET /v3/pay/transactions/out-trade-no', { httpStatus: 503 }, 10);
    const error = await provider.queryTrade('TR-never-placed').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).retryable).toBe(true);
    fake.clearFaults();
  });

  it('closes an unpaid trade (cancel), is silent for one never placed, and refuses closing a paid one', async () => {
    const tradeNo = `TRC${keyMode.length}1`;
    await provider.createTrade(input(tradeNo));
    await provider.closeTrade(tradeNo);
    expect(fake.trades.get(tradeNo)!.state).toBe('CLOSED');
    expect((await provider.queryTrade(tradeNo)).state).toBe('closed');
    await expect(provider.createTrade(input(tradeNo))).rejects.toMatchObject({ vendorCode: 'ORDER_CLOSED' });
    await provider.closeTrade('TR-never-placed');
    const paid = `TRC${keyMode.length}2`;
    await provider.createTrade(input(paid));
    fake.notifyMode = 'never';
    fake.pay(paid);
    fake.notifyMode = 'prompt';
    await expect(provider.closeTrade(paid)).rejects.toMatchObject({ vendorCode: 'ORDERPAID' });
  });

  it('sends the payment deadline as time_expire (RFC 3339, +08:00): WeChat closes the unpaid trade then', async () => {
    const tradeNo = `TRX${keyMode.length}1`;
    const expiresAt = new Date(Math.ceil((Date.now() + 1_200) / 1000) * 1000);
    await provider.createTrade({ ...input(tradeNo), expiresAt });
    expect(fake.trades.get(tradeNo)!.expiresAt?.getTime()).toBe(expiresAt.getTime());
    expect((await provider.queryTrade(tradeNo)).state).toBe('unpaid');
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    expect((await provider.queryTrade(tradeNo)).state).toBe('closed');
    expect(() => fake.pay(tradeNo)).toThrow(/CLOSED/);
  });

  it('refunds once per refund number, confirms by query and by the refund notification; refusals keep WeChat’s words', async () => {
    const tradeNo = `TRR${keyMode.length}1`;
    await provider.createTrade(input(tradeNo));
    fake.notifyMode = 'never';
    fake.pay(tradeNo);
    const request = { tradeNo, refundNo: `RF${keyMode.length}1`, amountFen: 12_300, totalFen: 12_300, reason: '重复支付退款' };
    const first = await provider.refund(request);
    expect(first).toMatchObject({ state: 'processing' });
    expect(await provider.refund(request)).toEqual(first);
    expect(fake.trades.get(tradeNo)!.refundedFen).toBe(12_300);
    expect(await provider.queryRefund(request)).toMatchObject({ state: 'processing' });
    fake.notifyMode = 'prompt';
    const before = sink.posts.length;
    fake.settleRefund(request.refundNo);
    await fake.settled();
    expect(await provider.queryRefund(request)).toMatchObject({ state: 'succeeded' });
    const post = sink.posts.slice(before).at(-1)!;
    expect(await provider.verifyRefundNotification(post.body, post.headers)).toMatchObject({ refundNo: request.refundNo, tradeNo, state: 'succeeded' });
    await expect(provider.verifyNotification(post.body, post.headers)).rejects.toBeInstanceOf(NotificationRejected);
    // Nothing left to refund; a refund WeChat never had.
    expect(await provider.refund({ ...request, refundNo: `RF${keyMode.length}2`, amountFen: 100 })).toEqual({ state: 'refused', reason: 'INVALID_REQUEST: 申请退款金额超过订单可退金额' });
    await expect(provider.queryRefund({ tradeNo, refundNo: 'RF-none' })).rejects.toMatchObject({ vendorCode: 'REFUND_NOT_EXIST' });
  });

  it('refuses a refund NOT_ENOUGH when the balance is short', async () => {
    const tradeNo = `TRR${keyMode.length}2`;
    await provider.createTrade(input(tradeNo));
    fake.notifyMode = 'never';
    fake.pay(tradeNo);
    fake.notifyMode = 'prompt';
    const balance = fake.balanceFen;
    fake.balanceFen = 100;
    try {
      expect(await provider.refund({ tradeNo, refundNo: `RF${keyMode.length}3`, amountFen: 12_300, totalFen: 12_300, reason: '退保' })).toEqual({
        state: 'refused',
        reason: 'NOT_ENOUGH: 基本账户余额不足，请充值后重新发起',
      });
    } finally {
      fake.balanceFen = balance;
    }
  });

  it('verifies payment notifications: decrypted and checked, or refused forged, skewed, undecryptable, other merchant', async () => {
    const tradeNo = `TRN${keyMode.length}1`;
    await provider.createTrade(input(tradeNo, 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o'));
    const before = sink.posts.length;
    fake.notifyMode = 'twice';
    fake.pay(tradeNo);
    await fake.settled();
    fake.notifyMode = 'prompt';
    const posts = sink.posts.slice(before);
    expect(posts).toHaveLength(2);
    const [a, b] = await Promise.all(posts.map((p) => provider.verifyNotification(p.body, p.headers)));
    expect(a).toMatchObject({ tradeNo, amountFen: 12_300, status: 'SUCCESS' });
    // The same event twice: the same notify id (a repeat for the app).
    expect(b!.notifyId).toBe(a!.notifyId);
    expect(await provider.verifyRefundNotification(posts[0]!.body, posts[0]!.headers)).toBeNull();
    const refused = async (n: { body: string; headers: Record<string, string> }) => provider.verifyNotification(n.body, n.headers).then(() => 'accepted', (e: Error) => e.message);
    expect(await refused(fake.paymentNotification(tradeNo, { forge: true }))).toBe('bad signature');
    expect(await refused(fake.paymentNotification(tradeNo, { skewS: -301 }))).toBe('timestamp outside the allowed window');
    expect(await refused(fake.paymentNotification(tradeNo, { skewS: 290 }))).toBe('accepted');
    expect(await refused(fake.paymentNotification(tradeNo, { wrongKey: true }))).toBe('resource does not decrypt');
    expect(await refused(fake.paymentNotification(tradeNo, { fields: { mchid: '1900000999' } }))).toBe('notification of another appid or mchid');
    const tampered = fake.paymentNotification(tradeNo);
    expect(await refused({ body: tampered.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '), headers: tampered.headers })).toBe('bad signature');
    expect(await refused({ body: tampered.body, headers: { ...tampered.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000000000000000' } })).toBe('unknown Wechatpay-Serial');
    // A wrong amount is verified as sent: the app compares it with the trade.
    const wrong = fake.paymentNotification(tradeNo, { fields: { amount: { total: 1, currency: 'CNY' } } });
    expect((await provider.verifyNotification(wrong.body, wrong.headers)).amountFen).toBe(1);
  });

  it('answers notifications 204, and refusals with {code:FAIL, message}', () => {
    expect(provider.answer({ ok: true }).status).toBe(204);
    expect(provider.answer({ ok: false, httpStatus: 401, message: '验签失败' })).toEqual({ status: 401, contentType: 'application/json', body: '{"code":"FAIL","message":"验签失败"}' });
  });
});

describe('platform certificates rotated by WeChat (certificate mode)', () => {
  let fake: WechatPayFake;
  let shiftMs = 0;

  beforeAll(async () => {
    fake = await startWechatPayFake({ keyMode: 'certificate', notifyMode: 'never' });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('downloads the new certificate on an unknown serial (at most once a minute) and verifies answers and notifications signed with it', async () => {
    const { settings } = readWechatPaySettings({ ...fake.env(), ...MP });
    const provider = new WechatV3Provider({
      settings: settings!,
      notifyUrl: 'http://127.0.0.1:9/notify',
      callOut: createCallOut({ log: quiet, initialDelayMs: 5, breakerThreshold: 50 }),
      now: () => new Date(Date.now() + shiftMs),
    });
    const downloads = () => fake.requests.filter((r) => r.call === 'GET /v3/certificates').length;
    const trade = { amountFen: 100, subject: '学平险', returnUrl: 'https://insure.example.com/', payer: { clientIp: '203.0.113.7' } };
    await provider.createTrade({ ...trade, tradeNo: 'TRROT1' });
    expect(downloads()).toBe(1);
    const rotated = fake.rotateCertificate();
    // Within the minute after a download the new serial is not trusted, and not fetched again.
    await expect(provider.queryTrade('TRROT1')).rejects.toThrow(OutboundError);
    expect(downloads()).toBe(1);
    shiftMs = 61_000;
    expect((await provider.queryTrade('TRROT1')).state).toBe('unpaid');
    expect(downloads()).toBe(2);
    fake.pay('TRROT1');
    const posted = fake.paymentNotification('TRROT1');
    expect(posted.headers['wechatpay-serial']).toBe(rotated);
    expect(await provider.verifyNotification(posted.body, posted.headers)).toMatchObject({ tradeNo: 'TRROT1', status: 'SUCCESS' });
    // The answers keep verifying with the new certificate without another download.
    expect((await provider.queryTrade('TRROT1')).state).toBe('paid');
    expect(downloads()).toBe(2);
  });
});
