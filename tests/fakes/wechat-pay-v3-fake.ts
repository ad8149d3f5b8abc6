/**
 * A fake of WeChat Pay API v3 on loopback, for tests and for running a
 * production build against (never mounted by the app). It behaves as WeChat
 * Pay documents it:
 *
 * - every request's `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,
 *   nonce_str=…,signature=…,timestamp=…,serial_no=…` is verified with the
 *   merchant's public key over `METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nNONCE\n
 *   BODY\n`; a wrong one is answered `401 {"code":"SIGN_ERROR",…}`;
 * - every answer is signed (`Wechatpay-Serial`, `-Timestamp`, `-Nonce`,
 *   `-Signature`) by WeChat Pay's key: its public key (public-key mode,
 *   serial `PUB_KEY_ID_…`) or a platform certificate served, encrypted with
 *   the API v3 key, by `GET /v3/certificates` (certificate mode; the fake
 *   issues the certificate with the `openssl` command);
 * - JSAPI and H5 orders, query, close, refund (once per out_refund_no),
 *   refund query, with WeChat's bodies and errors (ORDER_NOT_EXIST 404,
 *   ORDERPAID, NOT_ENOUGH, RESOURCE_NOT_EXISTS, …), and the trade bill
 *   `GET /v3/bill/tradebill?bill_date=` (bill_type ALL: the day's SUCCESS
 *   and REFUND lines and the totals; download_url and SHA1 hash, the file
 *   itself a signed GET);
 * - payment and refund notifications (resource AEAD_AES_256_GCM, signed)
 *   sent to notify_url until answered 2xx: promptly, late, twice, out of
 *   order or never ({@link NotifyMode}).
 */
import { createHash, createPublicKey, createVerify, generateKeyPairSync, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aesGcmEncrypt, rsaSign } from '../../src/server/providers/payment/signing.ts';

import { deliveryOf, type NotifyMode } from './notify-mode.ts';

export type { NotifyMode };

/** WeChat's time format: 2018-06-08T10:34:56+08:00. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

export interface WechatPayFakeOptions {
  keyMode?: 'public-key' | 'certificate';
  dir?: string;
  mchId?: string;
  appId?: string;
  notifyMode?: NotifyMode;
  lateMs?: number;
  retryMs?: number;
  maxAttempts?: number;
  /** What the merchant's balance can refund, in fen (unlimited by default). */
  balanceFen?: number;
  /** When set, each accepted refund succeeds by itself this many ms later (and is notified), as WeChat's do; otherwise a test settles it. */
  refundSettleMs?: number;
  port?: number;
}

export interface FakeTrade {
  outTradeNo: string;
  transactionId: string;
  tradeType: 'JSAPI' | 'MWEB';
  prepayId: string;
  totalFen: number;
  description: string;
  openid: string | undefined;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  /** `time_expire`: an unpaid trade is closed by WeChat then. */
  expiresAt?: Date;
  notifyUrl: string;
  paidAt?: Date;
  refundedFen: number;
}

export interface FakeRefund {
  outRefundNo: string;
  refundId: string;
  outTradeNo: string;
  amountFen: number;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  notifyUrl: string | undefined;
  /** When the refund was applied for: the day of its REFUND line in the trade bill. */
  createdAt: Date;
}

export interface DeliveryRecord {
  kind: 'payment' | 'refund';
  key: string;
  eventId: string;
  attempt: number;
  status: number | 'error';
}

/** A failure the next requests of a call get instead of their answer. */
export type Fault = { httpStatus: number; code?: string; message?: string } | { forgedAnswer: true };

export interface WechatPayFake {
  origin: string;
  mchId: string;
  appId: string;
  keyMode: 'public-key' | 'certificate';
  apiV3Key: string;
  /** The platform's clock (signatures, times of trades and refunds): now plus `clockOffsetMs`. */
  now(): Date;
  clockOffsetMs: number;
  env(): Record<string, string>;
  trades: Map<string, FakeTrade>;
  refunds: Map<string, FakeRefund>;
  /** Every request: `METHOD path` (without query) and the status it was answered with. */
  requests: { call: string; status: number }[];
  deliveries: DeliveryRecord[];
  notifyMode: NotifyMode;
  lateMs: number;
  balanceFen: number;
  /** The payer pays (what the H5 page's 确认支付 or the JSAPI sheet does); the notification follows notifyMode. */
  pay(outTradeNo: string): FakeTrade;
  /** Settles a PROCESSING refund (SUCCESS by default) and notifies it. */
  settleRefund(outRefundNo: string, status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): void;
  /** The next `times` requests whose `METHOD path` starts with `call` fail so. */
  failNext(call: string, fault: Fault, times?: number): void;
  /** Drops the faults not used up. */
  clearFaults(): void;
  /** A payment notification as the fake posts it; `forge` signs with another key, `skewS` moves its timestamp, `transaction` replaces fields. */
  paymentNotification(outTradeNo: string, options?: NotificationOptions): { body: string; headers: Record<string, string> };
  refundNotification(outRefundNo: string, options?: NotificationOptions): { body: string; headers: Record<string, string> };
  /** A merchant private key file of someone else. */
  writeStrangerKey(): string;
  /**
   * Certificate mode: WeChat issues a new platform certificate and signs with
   * it from now on; /v3/certificates serves the new one beside the old, as
   * during WeChat's rotation. Returns the new serial.
   */
  rotateCertificate(): string;
  flush(): void;
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface NotificationOptions {
  forge?: boolean;
  skewS?: number;
  eventId?: string;
  fields?: Record<string, unknown>;
  /** Encrypted under another key. */
  wrongKey?: boolean;
}

function rfc3339(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function rsaPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
}

/** A self-signed platform certificate by openssl: its key, PEM and serial (hex, upper case). */
function platformCertificate(dir: string): { privateKey: string; pem: string; serial: string } {
  const key = join(dir, 'platform-key.pem');
  const cert = join(dir, 'platform-cert.pem');
  const serial = randomBytes(20).toString('hex').replace(/^./, '4').toUpperCase();
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '30', '-subj', '/CN=Tenpay.com Root CA fake', '-set_serial', `0x${serial}`], { stdio: 'ignore' });
  const pem = readFileSync(cert, 'utf8');
  return { privateKey: readFileSync(key, 'utf8'), pem, serial: new X509Certificate(pem).serialNumber.toUpperCase() };
}

export async function startWechatPayFake(options: WechatPayFakeOptions = {}): Promise<WechatPayFake> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'wechatpay-fake-'));
  const keyMode = options.keyMode ?? 'public-key';
  const mchId = options.mchId ?? '1900000109';
  const appId = options.appId ?? 'wxfa4efa4efa4efa4e';
  const merchant = rsaPair();
  const merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  const merchantPublic: KeyObject = createPublicKey(merchant.publicKey);
  const apiV3Key = randomBytes(24).toString('base64url');
  let platform =
    keyMode === 'public-key'
      ? { ...rsaPair(), serial: `PUB_KEY_ID_0119${String(Date.now()).padStart(22, '0')}`, pem: undefined as string | undefined }
      : (() => {
          const cert = platformCertificate(dir);
          return { privateKey: cert.privateKey, publicKey: '', serial: cert.serial, pem: cert.pem as string | undefined };
        })();
  /** Certificates still served after a rotation. */
  const retired: { serial: string; pem: string }[] = [];
  const stranger = rsaPair();
  writeFileSync(join(dir, 'apiclient_key.pem'), merchant.privateKey);
  writeFileSync(join(dir, 'apiv3.key'), apiV3Key);
  if (keyMode === 'public-key') writeFileSync(join(dir, 'pub_key.pem'), platform.publicKey);

  const trades = new Map<string, FakeTrade>();
  const refunds = new Map<string, FakeRefund>();
  const requests: { call: string; status: number }[] = [];
  const deliveries: DeliveryRecord[] = [];
  const faults: { call: string; fault: Fault; times: number }[] = [];
  const bills = new Map<string, string>();
  const held: (() => void)[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let origin = '';
  const retryMs = options.retryMs ?? 500;
  const maxAttempts = options.maxAttempts ?? 8;

  const signHeaders = (body: string, key = platform.privateKey, skewS = 0): Record<string, string> => {
    const timestamp = String(Math.floor(fake.now().getTime() / 1000) + skewS);
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-serial': platform.serial,
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      'wechatpay-signature': rsaSign(key, `${timestamp}\n${nonce}\n${body}\n`),
    };
  };

  const event = (kind: 'payment' | 'refund', resource: object, eventType: string, o: NotificationOptions = {}) => {
    const nonce = randomBytes(6).toString('hex');
    const associated = kind === 'payment' ? 'transaction' : 'refund';
    const body = JSON.stringify({
      id: o.eventId ?? `EV-${randomBytes(8).toString('hex')}`,
      create_time: rfc3339(fake.now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: kind === 'payment' ? '支付成功' : '退款成功',
      resource: {
        original_type: associated,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: aesGcmEncrypt(o.wrongKey ? randomBytes(24).toString('base64url') : apiV3Key, nonce, associated, JSON.stringify({ ...resource, ...o.fields })),
        associated_data: associated,
        nonce,
      },
    });
    return { body, headers: { 'content-type': 'application/json', ...signHeaders(body, o.forge ? stranger.privateKey : platform.privateKey, o.skewS ?? 0) } };
  };

  /** WeChat closes an unpaid trade at its time_expire. */
  const expire = (trade: FakeTrade) => {
    if (trade.state === 'NOTPAY' && trade.expiresAt && fake.now() >= trade.expiresAt) trade.state = 'CLOSED';
  };

  const transactionOf = (trade: FakeTrade) => ({
    appid: appId,
    mchid: mchId,
    out_trade_no: trade.outTradeNo,
    transaction_id: trade.transactionId,
    trade_type: trade.tradeType,
    trade_state: trade.state,
    trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款' }[trade.state],
    bank_type: 'OTHERS',
    ...(trade.paidAt ? { success_time: rfc3339(trade.paidAt) } : {}),
    payer: { openid: trade.openid ?? 'oFakeH5Payer0000000000000000' },
    amount: { total: trade.totalFen, payer_total: trade.state === 'NOTPAY' ? 0 : trade.totalFen, currency: 'CNY', payer_currency: 'CNY' },
  });
  const refundOf = (refund: FakeRefund) => {
    const trade = trades.get(refund.outTradeNo)!;
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: trade.transactionId,
      out_trade_no: trade.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: rfc3339(fake.now()),
      status: refund.status,
      funds_account: 'AVAILABLE',
      amount: { total: trade.totalFen, refund: refund.amountFen, payer_total: trade.totalFen, payer_refund: refund.amountFen, currency: 'CNY' },
    };
  };

  /** Posts one notification until a 2xx answer (or maxAttempts). */
  const deliver = (kind: 'payment' | 'refund', key: string, url: string, make: () => { body: string; headers: Record<string, string> }, eventId: string) => {
    const attemptOnce = (attempt: number) => {
      const { body, headers } = make();
      const run = fetch(url, { method: 'POST', body, headers })
        .then(async (response) => {
          await response.text();
          deliveries.push({ kind, key, eventId, attempt, status: response.status });
          return response.status >= 200 && response.status < 300;
        })
        .catch(() => {
          deliveries.push({ kind, key, eventId, attempt, status: 'error' });
          return false;
        })
        .then((done) => {
          if (!done && attempt < maxAttempts) schedule(() => attemptOnce(attempt + 1), retryMs * 2 ** (attempt - 1));
        });
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    };
    attemptOnce(1);
  };
  const schedule = (action: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  };
  const notify = (kind: 'payment' | 'refund', key: string, url: string, make: (eventId: string) => { body: string; headers: Record<string, string> }) => {
    const eventId = `EV-${randomBytes(8).toString('hex')}`;
    const send = () => deliver(kind, key, url, () => make(eventId), eventId);
    switch (deliveryOf(fake.notifyMode)) {
      case 'never':
        return;
      case 'late':
        return schedule(send, fake.lateMs);
      case 'twice':
        send();
        return schedule(send, 30);
      case 'out-of-order':
        held.unshift(send);
        return schedule(() => fake.flush(), fake.lateMs);
      default:
        send();
    }
  };
  const notifyPayment = (trade: FakeTrade) =>
    notify('payment', trade.outTradeNo, trade.notifyUrl, (eventId) => event('payment', transactionOf(trade), 'TRANSACTION.SUCCESS', { eventId }));
  const notifyRefund = (refund: FakeRefund) => {
    if (!refund.notifyUrl) return;
    notify('refund', refund.outRefundNo, refund.notifyUrl, (eventId) => {
      const trade = trades.get(refund.outTradeNo)!;
      return event(
        'refund',
        {
          mchid: mchId,
          out_trade_no: refund.outTradeNo,
          transaction_id: trade.transactionId,
          out_refund_no: refund.outRefundNo,
          refund_id: refund.refundId,
          refund_status: refund.status,
          ...(refund.status === 'SUCCESS' ? { success_time: rfc3339(fake.now()) } : {}),
          user_received_account: '支付用户零钱',
          amount: { total: trade.totalFen, refund: refund.amountFen, payer_total: trade.totalFen, payer_refund: refund.amountFen },
        },
        `REFUND.${refund.status}`,
        { eventId },
      );
    });
  };

  /** The merchant's signature, exactly as documented; the reason it fails, or null. */
  const authProblem = (request: IncomingMessage, pathWithQuery: string, body: string): string | null => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return '错误的签名类型';
    const fields = Object.fromEntries([...header.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (fields.mchid !== mchId) return '商户号不匹配';
    if (fields.serial_no?.toUpperCase() !== merchantSerial) return '证书序列号不匹配';
    const timestamp = Number(fields.timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(timestamp - fake.now().getTime() / 1000) > 300) return '请求时间戳过期';
    const message = `${request.method}\n${pathWithQuery}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    try {
      if (!createVerify('RSA-SHA256').update(message, 'utf8').verify(merchantPublic, fields.signature ?? '', 'base64')) return '签名错误';
    } catch {
      return '签名错误';
    }
    return null;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    const call = `${request.method} ${url.pathname}`;
    let forge = false;
    const send = (status: number, answer?: object) => {
      const text = answer === undefined ? '' : JSON.stringify(answer);
      requests.push({ call, status });
      response.writeHead(status, { ...(text ? { 'content-type': 'application/json' } : {}), 'request-id': randomBytes(8).toString('hex'), ...signHeaders(text, forge ? stranger.privateKey : platform.privateKey) });
      response.end(text);
    };
    const error = (status: number, code: string, message: string) => send(status, { code, message });

    // The fake's own console (like the merchant platform's 退款记录): the refunds it received, for the smoke test.
    if (request.method === 'GET' && url.pathname === '/__fake/refunds') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify([...refunds.values()].map((r) => ({ outRefundNo: r.outRefundNo, outTradeNo: r.outTradeNo, amountFen: r.amountFen, status: r.status }))));
    }
    // Pages of the fake (no signature: the browser's side).
    if (request.method === 'GET' && url.pathname === '/pay/h5') {
      const trade = [...trades.values()].find((t) => t.prepayId === url.searchParams.get('prepay_id'));
      response.writeHead(trade ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        trade
          ? `<!doctype html><meta charset="utf-8"><title>微信支付</title><p>${trade.description} ¥${(trade.totalFen / 100).toFixed(2)}</p><form method="post" action="/pay/h5/confirm?prepay_id=${trade.prepayId}&redirect_url=${encodeURIComponent(url.searchParams.get('redirect_url') ?? '')}"><button>确认支付</button></form>`
          : '<!doctype html><meta charset="utf-8"><p>订单不存在</p>',
      );
    }
    if (request.method === 'POST' && url.pathname === '/pay/h5/confirm') {
      const trade = [...trades.values()].find((t) => t.prepayId === url.searchParams.get('prepay_id'));
      if (trade) expire(trade);
      if (trade && trade.state === 'NOTPAY') fake.pay(trade.outTradeNo);
      response.writeHead(303, { location: url.searchParams.get('redirect_url') || '/' });
      return response.end();
    }
    const problem = authProblem(request, `${url.pathname}${url.search}`, body);
    if (problem) return error(401, 'SIGN_ERROR', problem === '签名错误' ? '签名错误' : `签名错误：${problem}`);
    // The bill file: a signed request like any other, answered with the file itself and no signature (as WeChat does).
    if (request.method === 'GET' && url.pathname === '/v3/billdownload/file') {
      const bill = bills.get(url.searchParams.get('token') ?? '');
      if (bill === undefined) return error(400, 'PARAM_ERROR', 'token无效或已过期');
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end(bill);
    }
    const fault = faults.find((f) => call.startsWith(f.call) && f.times > 0);
    if (fault) {
      fault.times -= 1;
      if ('forgedAnswer' in fault.fault) forge = true;
      else return error(fault.fault.httpStatus, fault.fault.code ?? 'SYSTEM_ERROR', fault.fault.message ?? '系统错误');
    }
    let json: Record<string, unknown> = {};
    if (body) {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return error(400, 'PARAM_ERROR', '请求体不是JSON');
      }
    }

    const order = url.pathname.match(/^\/v3\/pay\/transactions\/(jsapi|h5)$/);
    if (request.method === 'POST' && order) {
      const h5 = order[1] === 'h5';
      const amount = json.amount as { total?: unknown } | undefined;
      const outTradeNo = json.out_trade_no;
      const openid = (json.payer as { openid?: unknown } | undefined)?.openid;
      if (json.appid !== appId) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      if (json.mchid !== mchId) return error(400, 'MCH_NOT_EXISTS', '商户号不存在');
      if (typeof outTradeNo !== 'string' || !Number.isSafeInteger(amount?.total) || typeof json.notify_url !== 'string' || typeof json.description !== 'string') {
        return error(400, 'PARAM_ERROR', '输入源“/body”映射到值字段“商户订单号”字符串规则校验失败');
      }
      if (h5 && typeof (json.scene_info as { payer_client_ip?: unknown } | undefined)?.payer_client_ip !== 'string') return error(400, 'PARAM_ERROR', '缺少参数scene_info');
      if (!h5 && typeof openid !== 'string') return error(400, 'PARAM_ERROR', '缺少参数payer.openid');
      if (json.time_expire !== undefined && !(typeof json.time_expire === 'string' && RFC3339.test(json.time_expire))) return error(400, 'PARAM_ERROR', '输入源“/body/time_expire”映射到值字段“交易结束时间”字符串规则校验失败');
      const existing = trades.get(outTradeNo);
      if (existing) expire(existing);
      if (existing) {
        if (existing.state === 'SUCCESS' || existing.state === 'REFUND') return error(400, 'ORDERPAID', '该订单已支付');
        if (existing.state === 'CLOSED') return error(400, 'ORDER_CLOSED', '订单已关闭');
        if (existing.totalFen !== amount!.total || existing.tradeType !== (h5 ? 'MWEB' : 'JSAPI')) return error(400, 'INVALID_REQUEST', '201 商户订单号重复');
      }
      const trade: FakeTrade = existing ?? {
        outTradeNo,
        transactionId: `4200${String(fake.now().getTime())}${randomBytes(5).toString('hex')}`.slice(0, 28),
        tradeType: h5 ? 'MWEB' : 'JSAPI',
        prepayId: `wx${randomBytes(15).toString('hex')}`,
        totalFen: amount!.total as number,
        description: json.description,
        openid: typeof openid === 'string' ? openid : undefined,
        state: 'NOTPAY',
        ...(typeof json.time_expire === 'string' ? { expiresAt: new Date(json.time_expire) } : {}),
        notifyUrl: json.notify_url,
        refundedFen: 0,
      };
      trades.set(outTradeNo, trade);
      return h5 ? send(200, { h5_url: `${origin}/pay/h5?prepay_id=${trade.prepayId}&package=${randomBytes(4).readUInt32BE()}` }) : send(200, { prepay_id: trade.prepayId });
    }
    const byNo = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/);
    if (byNo) {
      const trade = trades.get(decodeURIComponent(byNo[1]!));
      if (trade) expire(trade);
      if (byNo[2] && request.method === 'POST') {
        if (json.mchid !== mchId) return error(400, 'PARAM_ERROR', '缺少参数mchid');
        if (!trade) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
        if (trade.state === 'SUCCESS' || trade.state === 'REFUND') return error(400, 'ORDERPAID', '该订单已支付');
        trade.state = 'CLOSED';
        return send(204);
      }
      if (request.method === 'GET' && !byNo[2]) {
        if (url.searchParams.get('mchid') !== mchId) return error(400, 'PARAM_ERROR', '缺少参数mchid');
        if (!trade) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
        return send(200, transactionOf(trade));
      }
    }
    if (request.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const amount = json.amount as { refund?: unknown; total?: unknown } | undefined;
      const outRefundNo = json.out_refund_no;
      if (typeof outRefundNo !== 'string' || !Number.isSafeInteger(amount?.refund) || !Number.isSafeInteger(amount?.total)) return error(400, 'PARAM_ERROR', '参数错误');
      const trade = trades.get(String(json.out_trade_no));
      if (!trade) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      const repeat = refunds.get(outRefundNo);
      if (repeat) return send(200, refundOf(repeat));
      if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND') return error(400, 'INVALID_REQUEST', '订单未支付，不能退款');
      if (amount!.total !== trade.totalFen) return error(400, 'INVALID_REQUEST', '订单金额与退款金额不一致');
      const refundFen = amount!.refund as number;
      if (refundFen <= 0 || trade.refundedFen + refundFen > trade.totalFen) return error(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
      if (refundFen > fake.balanceFen) return error(403, 'NOT_ENOUGH', '基本账户余额不足，请充值后重新发起');
      fake.balanceFen -= refundFen;
      trade.refundedFen += refundFen;
      if (trade.refundedFen === trade.totalFen) trade.state = 'REFUND';
      const refund: FakeRefund = {
        outRefundNo,
        refundId: `5030${randomBytes(12).toString('hex')}`.slice(0, 28),
        outTradeNo: trade.outTradeNo,
        amountFen: refundFen,
        status: 'PROCESSING',
        notifyUrl: typeof json.notify_url === 'string' ? json.notify_url : undefined,
        createdAt: fake.now(),
      };
      refunds.set(outRefundNo, refund);
      if (options.refundSettleMs !== undefined) setTimeout(() => refund.status === 'PROCESSING' && fake.settleRefund(outRefundNo), options.refundSettleMs).unref();
      return send(200, refundOf(refund));
    }
    const refundQuery = url.pathname.match(/^\/v3\/refund\/domestic\/refunds\/([^/]+)$/);
    if (request.method === 'GET' && refundQuery) {
      const refund = refunds.get(decodeURIComponent(refundQuery[1]!));
      return refund ? send(200, refundOf(refund)) : error(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    if (request.method === 'GET' && url.pathname === '/v3/certificates') {
      if (!platform.pem) return error(404, 'RESOURCE_NOT_EXISTS', '无可用的平台证书');
      const served = [{ serial: platform.serial, pem: platform.pem }, ...retired];
      return send(200, {
        data: served.map(({ serial, pem }) => {
          const nonce = randomBytes(6).toString('hex');
          const cert = new X509Certificate(pem);
          return {
            serial_no: serial,
            effective_time: rfc3339(new Date(cert.validFrom)),
            expire_time: rfc3339(new Date(cert.validTo)),
            encrypt_certificate: { algorithm: 'AEAD_AES_256_GCM', nonce, associated_data: 'certificate', ciphertext: aesGcmEncrypt(apiV3Key, nonce, 'certificate', pem) },
          };
        }),
      });
    }
    if (request.method === 'GET' && url.pathname === '/v3/bill/tradebill') {
      const date = url.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return error(400, 'PARAM_ERROR', 'bill_date格式错误');
      const onDay = (at: Date | undefined) => at !== undefined && rfc3339(at).slice(0, 10) === date;
      const paid = [...trades.values()].filter((t) => onDay(t.paidAt));
      const refunded = [...refunds.values()].filter((r) => onDay(r.createdAt));
      if (paid.length + refunded.length === 0) return error(400, 'NO_STATEMENT_EXIST', '账单文件不存在');
      // bill_type ALL: a SUCCESS line per payment of the day, a REFUND line per refund applied for that day.
      const yuan = (fen: number) => (fen / 100).toFixed(2);
      const lines = ['交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注'];
      const line = (values: string[]) => lines.push(values.map((v) => `\`${v}`).join(','));
      for (const t of paid) {
        line([rfc3339(t.paidAt!).replace('T', ' ').slice(0, 19), appId, mchId, '0', '', t.transactionId, t.outTradeNo, t.openid ?? '', t.tradeType, 'SUCCESS', 'OTHERS', 'CNY', yuan(t.totalFen), '0.00', '0', '0', '0.00', '0.00', '', '', t.description, '', '0.00000', '0.60%', yuan(t.totalFen), '0.00', '']);
      }
      for (const r of refunded) {
        const t = trades.get(r.outTradeNo)!;
        line([rfc3339(r.createdAt).replace('T', ' ').slice(0, 19), appId, mchId, '0', '', t.transactionId, t.outTradeNo, t.openid ?? '', t.tradeType, 'REFUND', 'OTHERS', 'CNY', '0.00', '0.00', r.refundId, r.outRefundNo, yuan(r.amountFen), '0.00', 'ORIGINAL', r.status, t.description, '', '0.00000', '0.60%', '0.00', yuan(r.amountFen), '']);
      }
      const paidFen = paid.reduce((sum, t) => sum + t.totalFen, 0);
      const refundFen = refunded.reduce((sum, r) => sum + r.amountFen, 0);
      lines.push('总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额');
      line([String(paid.length + refunded.length), yuan(paidFen), yuan(refundFen), '0.00', '0.00000', yuan(paidFen), yuan(refundFen)]);
      const text = `${lines.join('\r\n')}\r\n`;
      const token = randomBytes(12).toString('hex');
      bills.set(token, text);
      return send(200, { hash_type: 'SHA1', hash_value: createHash('sha1').update(text).digest('hex'), download_url: `${origin}/v3/billdownload/file?token=${token}` });
    }
    return error(404, 'NOT_FOUND', '请求的资源不存在');
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: WechatPayFake = {
    origin,
    mchId,
    appId,
    keyMode,
    apiV3Key,
    clockOffsetMs: 0,
    now: () => new Date(Date.now() + fake.clockOffsetMs),
    env: () => ({
      WECHATPAY_MCHID: mchId,
      WECHATPAY_MERCHANT_SERIAL_NO: merchantSerial,
      WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem'),
      WECHATPAY_API_V3_KEY_FILE: join(dir, 'apiv3.key'),
      ...(keyMode === 'public-key' ? { WECHATPAY_PUBLIC_KEY_FILE: join(dir, 'pub_key.pem'), WECHATPAY_PUBLIC_KEY_ID: platform.serial } : {}),
      WECHATPAY_BASE: origin,
      WECHAT_MP_APPID: appId,
    }),
    trades,
    refunds,
    requests,
    deliveries,
    notifyMode: options.notifyMode ?? 'prompt',
    lateMs: options.lateMs ?? 1500,
    balanceFen: options.balanceFen ?? Number.MAX_SAFE_INTEGER,
    rotateCertificate() {
      if (!platform.pem) throw new Error('only certificate mode rotates certificates');
      retired.unshift({ serial: platform.serial, pem: platform.pem });
      const cert = platformCertificate(mkdtempSync(join(tmpdir(), 'wechatpay-rotated-')));
      platform = { privateKey: cert.privateKey, publicKey: '', serial: cert.serial, pem: cert.pem };
      return cert.serial;
    },
    pay(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      expire(trade);
      if (trade.state !== 'NOTPAY') throw new Error(`trade ${outTradeNo} is ${trade.state}`);
      trade.state = 'SUCCESS';
      trade.paidAt = fake.now();
      notifyPayment(trade);
      return trade;
    },
    settleRefund(outRefundNo, status = 'SUCCESS') {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`no refund ${outRefundNo}`);
      refund.status = status;
      notifyRefund(refund);
    },
    failNext(call, fault, times = 1) {
      faults.push({ call, fault, times });
    },
    clearFaults() {
      faults.length = 0;
    },
    paymentNotification(outTradeNo, o = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      return event('payment', transactionOf(trade), 'TRANSACTION.SUCCESS', o);
    },
    refundNotification(outRefundNo, o = {}) {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`no refund ${outRefundNo}`);
      const trade = trades.get(refund.outTradeNo)!;
      return event('refund', { mchid: mchId, out_trade_no: refund.outTradeNo, transaction_id: trade.transactionId, out_refund_no: refund.outRefundNo, refund_id: refund.refundId, refund_status: refund.status, amount: { total: trade.totalFen, refund: refund.amountFen } }, `REFUND.${refund.status}`, o);
    },
    writeStrangerKey() {
      const file = join(dir, `stranger-${randomBytes(4).toString('hex')}.pem`);
      writeFileSync(file, stranger.privateKey);
      return file;
    },
    flush() {
      for (const send of held.splice(0)) send();
    },
    async settled() {
      while (timers.size > 0 || inFlight.size > 0 || held.length > 0) {
        if (held.length > 0 && timers.size === 0) fake.flush();
        await Promise.all([...inFlight]);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      held.length = 0;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
