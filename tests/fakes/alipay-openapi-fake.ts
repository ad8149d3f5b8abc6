/**
 * A fake of Alipay's OpenAPI gateway on loopback, for tests and for running a
 * production build against (never mounted by the app). It behaves as Alipay
 * documents it:
 *
 * - requests (`POST /gateway.do`, and `GET /gateway.do` for the wap cashier)
 *   are verified RSA2 the Alipay way: every parameter but `sign` (sign_type
 *   included, empty values left out), sorted by name, joined `k=v&k=v`,
 *   RSA-SHA256 with the application's public key, or in certificate mode the
 *   public key of the application certificate, whose SN (and the root
 *   certificate's) the request must carry. A wrong one is refused with
 *   Alipay's body: `{"<method>_response":{"code":"40002","msg":"Invalid
 *   Arguments","sub_code":"isv.invalid-signature",…},"sign":"…"}`;
 * - answers are signed by "Alipay" over the response node's JSON text, with
 *   `alipay_cert_sn` in certificate mode, so the SDK verifies them;
 * - the wap cashier page (确认支付) pays the trade, then the asynchronous
 *   notification (form, RSA2 over the sorted fields without sign and
 *   sign_type) goes to notify_url and is re-sent until the answer is
 *   `success`: promptly, late, twice, out of order or never ({@link NotifyMode});
 * - query, close, refund (once per out_request_no), refund query, and the
 *   trade bill of a day as Alipay serves it: a zip of two GBK CSVs, the
 *   业务明细 (one line per payment and per refund) and its 汇总.
 *
 * In certificate mode the fake issues its own root, Alipay public-key and
 * application certificates with the `openssl` command.
 */
import { createHash, createPublicKey, createSign, createVerify, generateKeyPairSync, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { parseShanghai } from '../../src/engine/time/shanghai-time.ts';
import { canonicalParams } from '../../src/server/providers/payment/signing.ts';
import { readBody } from './http-body.ts';

import { deliveryOf, type NotifyMode } from './notify-mode.ts';

export type { NotifyMode };

export interface AlipayFakeOptions {
  /** Public-key mode (default) or certificate mode. */
  keyMode?: 'public-key' | 'certificate';
  /** Where the merchant's key and certificate files are written (a new temporary folder by default). */
  dir?: string;
  appId?: string;
  sellerId?: string;
  /** How the merchant private key file is written: PEM PKCS#1 (default), PEM PKCS#8, or bare base64 as Alipay's key tool writes it. */
  privateKeyFormat?: 'pkcs1' | 'pkcs8' | 'base64';
  notifyMode?: NotifyMode;
  /** Delay of a `late` notification, and how long `out-of-order` holds one for a later one (default 1500 ms). */
  lateMs?: number;
  /** First re-send delay; doubles each time (default 500 ms). */
  retryMs?: number;
  /** Deliveries of a notification in all before the fake gives up (default 8, as Alipay's 25 hours). */
  maxAttempts?: number;
  /** What the seller's Alipay balance can refund, in fen (unlimited by default). */
  sellerBalanceFen?: number;
  port?: number;
}

/** A failure the next requests of a method get instead of their answer. */
export type Fault =
  | { code: string; subCode: string; subMsg?: string }
  | { httpStatus: number }
  /** The answer signed with a key that is not Alipay's. */
  | { forgedAnswer: true };

export interface FakeTrade {
  outTradeNo: string;
  tradeNo: string;
  totalFen: number;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
  notifyUrl: string | undefined;
  returnUrl: string | undefined;
  createdAt: Date;
  /** `time_expire` (Beijing time): an unpaid trade is closed by Alipay then. */
  expiresAt?: Date;
  paidAt?: Date;
  refundedFen: number;
  refunds: Map<string, { amountFen: number; at: Date }>;
}

export interface DeliveryRecord {
  outTradeNo: string;
  notifyId: string;
  attempt: number;
  status: number | 'error';
  answer: string;
}

export interface AlipayFake {
  /** http://127.0.0.1:PORT */
  origin: string;
  gateway: string;
  appId: string;
  sellerId: string;
  keyMode: 'public-key' | 'certificate';
  /** The variables that point a production server at this fake (ALIPAY_*; PAYMENT_CHANNELS must name alipay:openapi). */
  env(): Record<string, string>;
  /** {@link env} as KEY=value lines. */
  envLines(): string[];
  trades: Map<string, FakeTrade>;
  /** Every gateway request: its method and the code it was answered with (sub_code for a refusal). */
  requests: { method: string; outcome: string }[];
  deliveries: DeliveryRecord[];
  /** Refunds that moved money (a repeated out_request_no moves none). */
  moneyRefunded: { outTradeNo: string; outRequestNo: string; amountFen: number }[];
  notifyMode: NotifyMode;
  /** Delay of a `late` notification (and the hold of an `out-of-order` one). */
  lateMs: number;
  /** The buyer pays on the cashier (what the 确认支付 button does). */
  pay(outTradeNo: string): FakeTrade;
  /** The next `times` requests of `method` fail so. */
  failNext(method: string, fault: Fault, times?: number): void;
  /** A notification of the trade as the fake would post it; `forge` signs it with another key, `fields` replaces some (signed after). */
  notificationBody(outTradeNo: string, options?: { fields?: Record<string, string>; forge?: boolean }): string;
  /** A private key file of another merchant (for a request Alipay must refuse). */
  writeStrangerKey(): string;
  /** Sends the notifications held by `out-of-order` now, newest first. */
  flush(): void;
  /** Resolves when no notification is waiting or being delivered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const OFFSET_MS = 8 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd HH:mm:ss in Beijing time, as Alipay writes times. */
function beijing(date: Date): string {
  const d = new Date(date.getTime() + OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${pad(fen % 100)}`;
function fenOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Alipay's string to sign: every field but the excluded ones and empty values, sorted by name, `k=v&k=v`. */
export const alipaySignContent = canonicalParams;

const rsa2Sign = (key: KeyObject | string, text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
function rsa2Verify(key: KeyObject, text: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * The SN Alipay gives a certificate: md5 of the issuer's attributes in
 * reverse order joined with commas, followed by the serial number in decimal.
 * A root file's SN is that of each RSA certificate in it, joined with `_`.
 */
export function alipayCertSn(pem: string): string {
  const cert = new X509Certificate(pem);
  const issuer = cert.issuer.split('\n').reverse().join(',');
  return createHash('md5').update(issuer + BigInt(`0x${cert.serialNumber}`).toString(10), 'utf8').digest('hex');
}
export function alipayRootCertSn(pems: string): string {
  const blocks = pems.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks
    .filter((block) => new X509Certificate(block).publicKey.asymmetricKeyType === 'rsa')
    .map(alipayCertSn)
    .join('_');
}

/** Certificates of the fake's own little PKI, made with `openssl` (root, then leaves signed by it). */
function issueCertificates(work: string, appKey: KeyObject, alipayKey: KeyObject): { root: string; app: string; alipay: string } {
  const rootKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const file = (name: string, text: string) => {
    const path = join(work, name);
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  };
  const rootKeyFile = file('root.key', rootKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const rootFile = join(work, 'root.crt');
  execFileSync('openssl', ['req', '-x509', '-new', '-key', rootKeyFile, '-sha256', '-days', '3650', '-subj', '/C=CN/O=Fake Ant Financial/OU=Certification Authority/CN=Fake Alipay Root CA', '-out', rootFile], { stdio: 'pipe' });
  const leaf = (name: string, key: KeyObject, subject: string): string => {
    const keyFile = file(`${name}.key`, key.export({ type: 'pkcs8', format: 'pem' }).toString());
    const csr = join(work, `${name}.csr`);
    const crt = join(work, `${name}.crt`);
    execFileSync('openssl', ['req', '-new', '-key', keyFile, '-subj', subject, '-out', csr], { stdio: 'pipe' });
    const serial = `0x${randomBytes(8).toString('hex')}`;
    execFileSync('openssl', ['x509', '-req', '-in', csr, '-CA', rootFile, '-CAkey', rootKeyFile, '-set_serial', serial, '-days', '365', '-sha256', '-out', crt], { stdio: 'pipe' });
    return readFileSync(crt, 'utf8');
  };
  return {
    root: readFileSync(rootFile, 'utf8'),
    app: leaf('app', appKey, '/C=CN/O=Fake Merchant/OU=Alipay/CN=Fake Merchant Application'),
    alipay: leaf('alipay', alipayKey, '/C=CN/O=Fake Ant Financial/OU=Alipay/CN=Fake Alipay Public Key'),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Starts the fake on 127.0.0.1 (a free port unless `port`). */
export async function startAlipayFake(options: AlipayFakeOptions = {}): Promise<AlipayFake> {
  const keyMode = options.keyMode ?? 'public-key';
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'alipay-fake-'));
  const appId = options.appId ?? '2021000000000042';
  const sellerId = options.sellerId ?? '2088000000000042';
  const retryMs = options.retryMs ?? 500;
  const maxAttempts = options.maxAttempts ?? 8;

  // The merchant's key pair (the merchant keeps the private key; "Alipay" knows the public one) and Alipay's own.
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const files: Record<string, string> = {};
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  };
  const privateKeyText = (key: KeyObject) => {
    const format = options.privateKeyFormat ?? 'pkcs1';
    if (format === 'base64') return key.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    return key.export({ type: format, format: 'pem' }).toString();
  };
  files.ALIPAY_PRIVATE_KEY_FILE = write('app-private-key.pem', privateKeyText(app.privateKey));

  let merchantKey: KeyObject = app.publicKey;
  let appCertSn = '';
  let rootCertSn = '';
  let alipayCertSnValue = '';
  if (keyMode === 'certificate') {
    const certs = issueCertificates(mkdtempSync(join(tmpdir(), 'alipay-fake-pki-')), app.privateKey, alipay.privateKey);
    files.ALIPAY_APP_CERT_FILE = write('appCertPublicKey.crt', certs.app);
    files.ALIPAY_ROOT_CERT_FILE = write('alipayRootCert.crt', certs.root);
    files.ALIPAY_PUBLIC_CERT_FILE = write('alipayCertPublicKey_RSA2.crt', certs.alipay);
    merchantKey = createPublicKey(new X509Certificate(certs.app).publicKey.export({ type: 'spki', format: 'pem' }));
    appCertSn = alipayCertSn(certs.app);
    rootCertSn = alipayRootCertSn(certs.root);
    alipayCertSnValue = alipayCertSn(certs.alipay);
  } else {
    // As the console shows it: the bare base64 of the public key.
    files.ALIPAY_PUBLIC_KEY_FILE = write('alipay-public-key.txt', alipay.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'));
  }

  const trades = new Map<string, FakeTrade>();
  const requests: AlipayFake['requests'] = [];
  const deliveries: DeliveryRecord[] = [];
  const moneyRefunded: AlipayFake['moneyRefunded'] = [];
  const faults = new Map<string, Fault[]>();
  const bills = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let held: { trade: FakeTrade; fields: Record<string, string> }[] = [];
  let closed = false;
  let tradeSeq = 0;

  // ---------------------------------------------------------------- answers

  function answer(response: ServerResponse, method: string, node: Record<string, unknown>, forged = false): void {
    const key = `${method.replaceAll('.', '_')}_response`;
    const text = JSON.stringify(node);
    const sign = rsa2Sign(forged ? stranger.privateKey : alipay.privateKey, text);
    const certSn = keyMode === 'certificate' ? `,"alipay_cert_sn":${JSON.stringify(alipayCertSnValue)}` : '';
    requests.push({ method, outcome: String(node.sub_code ?? node.code) });
    response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    response.end(`{"${key}":${text}${certSn},"sign":${JSON.stringify(sign)}}`);
  }
  const refused = (code: string, msg: string, subCode: string, subMsg: string) => ({ code, msg, sub_code: subCode, sub_msg: subMsg });
  const business = (subCode: string, subMsg: string) => refused('40004', 'Business Failed', subCode, subMsg);
  const invalid = (subCode: string, subMsg: string) => refused('40002', 'Invalid Arguments', subCode, subMsg);

  /** Why Alipay's gateway refuses the request before reading it, or null. */
  function checkRequest(params: Record<string, string>): Record<string, unknown> | null {
    if (params.app_id !== appId) return invalid('isv.invalid-app-id', '无效的AppID参数');
    if (params.sign_type !== 'RSA2') return invalid('isv.invalid-signature-type', '无效的签名类型');
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? '')) return invalid('isv.invalid-timestamp', '非法的时间戳参数');
    if (keyMode === 'certificate') {
      if (params.app_cert_sn !== appCertSn) return invalid('isv.app-cert-sn-not-match', '应用公钥证书序列号不匹配');
      if (params.alipay_root_cert_sn !== rootCertSn) return invalid('isv.alipay-root-cert-sn-not-match', '支付宝根证书序列号不匹配');
    }
    const content = alipaySignContent(params, ['sign']);
    if (!params.sign || !rsa2Verify(merchantKey, content, params.sign)) {
      return invalid('isv.invalid-signature', `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${content}`);
    }
    return null;
  }

  function bizOf(params: Record<string, string>): Record<string, unknown> | null {
    try {
      const value = JSON.parse(params.biz_content ?? '{}') as unknown;
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  // ---------------------------------------------------------------- notifications

  function notificationFields(trade: FakeTrade, refund?: { outRequestNo: string; at: Date }): Record<string, string> {
    const total = yuan(trade.totalFen);
    return {
      notify_id: createHash('sha1').update(`${trade.outTradeNo}:${refund?.outRequestNo ?? 'pay'}:${trade.status}`).digest('hex').slice(0, 34),
      notify_type: 'trade_status_sync',
      app_id: appId,
      auth_app_id: appId,
      charset: 'utf-8',
      version: '1.0',
      seller_id: sellerId,
      buyer_id: '2088102534368455',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      subject: trade.subject,
      trade_status: trade.status,
      total_amount: total,
      receipt_amount: total,
      invoice_amount: total,
      buyer_pay_amount: total,
      point_amount: '0.00',
      fund_bill_list: JSON.stringify([{ amount: total, fundChannel: 'ALIPAYACCOUNT' }]),
      gmt_create: beijing(trade.createdAt),
      ...(trade.paidAt ? { gmt_payment: beijing(trade.paidAt) } : {}),
      ...(trade.status === 'TRADE_CLOSED' ? { gmt_close: beijing(refund?.at ?? new Date()) } : {}),
      ...(refund ? { out_biz_no: refund.outRequestNo, refund_fee: yuan(trade.refundedFen), gmt_refund: `${beijing(refund.at)}.000` } : {}),
    };
  }

  /** The form Alipay posts: the fields, a fresh notify_time, sign over the sorted fields without sign and sign_type, then sign_type. */
  function encode(fields: Record<string, string>, forge = false): string {
    const params: Record<string, string> = { ...fields, notify_time: beijing(new Date()) };
    params.sign = rsa2Sign(forge ? stranger.privateKey : alipay.privateKey, alipaySignContent(params, ['sign', 'sign_type']));
    params.sign_type = 'RSA2';
    return new URLSearchParams(params).toString();
  }

  function later(fn: () => void, ms: number): void {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  }

  function deliver(trade: FakeTrade, fields: Record<string, string>, attempt: number): Promise<void> {
    if (closed || !trade.notifyUrl) return Promise.resolve();
    const url = trade.notifyUrl;
    const run = (async () => {
      let acknowledged = false;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body: encode(fields),
          signal: AbortSignal.timeout(5000),
        });
        const text = await response.text();
        deliveries.push({ outTradeNo: trade.outTradeNo, notifyId: fields.notify_id ?? '', attempt, status: response.status, answer: text.slice(0, 100) });
        acknowledged = response.status === 200 && text.trim() === 'success';
      } catch (error) {
        deliveries.push({ outTradeNo: trade.outTradeNo, notifyId: fields.notify_id ?? '', attempt, status: 'error', answer: String((error as Error).message).slice(0, 100) });
      }
      if (!acknowledged && attempt < maxAttempts) later(() => void deliver(trade, fields, attempt + 1), retryMs * 2 ** (attempt - 1));
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  }

  /** A notification of the trade's new state, sent the way {@link NotifyMode} says. */
  function notify(trade: FakeTrade, fields: Record<string, string>): void {
    switch (deliveryOf(fake.notifyMode)) {
      case 'never':
        return;
      case 'late':
        later(() => void deliver(trade, fields, 1), fake.lateMs);
        return;
      case 'twice':
        void deliver(trade, fields, 1);
        later(() => void deliver(trade, fields, 1), 20);
        return;
      case 'out-of-order':
        // Held until a later notification passes it (or lateMs passes).
        if (held.length > 0) {
          // The newer one first; the held ones once it has been answered.
          const newer = deliver(trade, fields, 1);
          const after = newer.then(flush);
          inFlight.add(after);
          void after.finally(() => inFlight.delete(after));
        } else {
          held.push({ trade, fields });
          later(flush, fake.lateMs);
        }
        return;
      default:
        void deliver(trade, fields, 1);
    }
  }

  function flush(): void {
    const waiting = held.reverse();
    held = [];
    for (const { trade, fields } of waiting) void deliver(trade, fields, 1);
  }

  // ---------------------------------------------------------------- the methods

  function payTrade(outTradeNo: string): FakeTrade {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo} (open the cashier first)`);
    expire(trade);
    if (trade.status !== 'WAIT_BUYER_PAY') return trade;
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = new Date();
    notify(trade, notificationFields(trade));
    return trade;
  }

  function openTrade(params: Record<string, string>, biz: Record<string, unknown>): FakeTrade | string {
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    const totalFen = fenOf(biz.total_amount);
    if (!outTradeNo || totalFen === null || totalFen <= 0 || typeof biz.subject !== 'string' || biz.product_code !== 'QUICK_WAP_WAY') return 'isv.missing-required-arguments';
    const expiresAt = biz.time_expire === undefined ? undefined : typeof biz.time_expire === 'string' ? parseShanghai(biz.time_expire) : null;
    if (expiresAt === null) return 'isv.invalid-parameter';
    const existing = trades.get(outTradeNo);
    if (existing) return existing.totalFen === totalFen ? existing : 'ACQ.CONTEXT_INCONSISTENT';
    tradeSeq += 1;
    const trade: FakeTrade = {
      outTradeNo,
      tradeNo: `${beijing(new Date()).slice(0, 10).replaceAll('-', '')}22001${String(tradeSeq).padStart(17, '0')}`,
      totalFen,
      subject: biz.subject,
      status: 'WAIT_BUYER_PAY',
      notifyUrl: params.notify_url,
      returnUrl: params.return_url,
      createdAt: new Date(),
      ...(expiresAt ? { expiresAt } : {}),
      refundedFen: 0,
      refunds: new Map(),
    };
    trades.set(outTradeNo, trade);
    return trade;
  }

  /** Alipay closes an unpaid trade at its time_expire. */
  function expire(trade: FakeTrade): void {
    if (trade.status === 'WAIT_BUYER_PAY' && trade.expiresAt && Date.now() >= trade.expiresAt.getTime()) trade.status = 'TRADE_CLOSED';
  }

  function tradeNode(trade: FakeTrade): Record<string, unknown> {
    expire(trade);
    return {
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: '159****5620',
      trade_status: trade.status,
      total_amount: yuan(trade.totalFen),
      buyer_pay_amount: trade.paidAt ? yuan(trade.totalFen) : '0.00',
      ...(trade.paidAt ? { send_pay_date: beijing(trade.paidAt), receipt_amount: yuan(trade.totalFen) } : {}),
      buyer_user_id: '2088102534368455',
    };
  }

  function refund(biz: Record<string, unknown>): Record<string, unknown> {
    const trade = trades.get(String(biz.out_trade_no ?? ''));
    const outRequestNo = typeof biz.out_request_no === 'string' && biz.out_request_no ? biz.out_request_no : trade?.outTradeNo ?? '';
    const amountFen = fenOf(biz.refund_amount);
    if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (amountFen === null || amountFen <= 0) return invalid('isv.invalid-parameter', '退款金额不合法');
    const done = trade.refunds.get(outRequestNo);
    const node = (fundChange: 'Y' | 'N') => ({
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: '159****5620',
      fund_change: fundChange,
      refund_fee: yuan(trade.refundedFen),
    });
    // The same request number again: the refund it made, no money moved.
    if (done) return done.amountFen === amountFen ? node('N') : business('ACQ.REQUEST_AMOUNT_EXCEED', '退款请求号对应的退款金额不一致');
    if (trade.status === 'TRADE_FINISHED') return business('ACQ.TRADE_HAS_FINISHED', '交易已完结');
    if (trade.status !== 'TRADE_SUCCESS') return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (trade.refundedFen + amountFen > trade.totalFen) return business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    const balance = options.sellerBalanceFen ?? Number.POSITIVE_INFINITY;
    const refundedSoFar = moneyRefunded.reduce((sum, r) => sum + r.amountFen, 0);
    if (refundedSoFar + amountFen > balance) return business('ACQ.SELLER_BALANCE_NOT_ENOUGH', '卖家余额不足');
    const at = new Date();
    trade.refunds.set(outRequestNo, { amountFen, at });
    trade.refundedFen += amountFen;
    moneyRefunded.push({ outTradeNo: trade.outTradeNo, outRequestNo, amountFen });
    if (trade.refundedFen === trade.totalFen) trade.status = 'TRADE_CLOSED';
    notify(trade, notificationFields(trade, { outRequestNo, at }));
    return node('Y');
  }

  function refundQuery(biz: Record<string, unknown>): Record<string, unknown> {
    const trade = trades.get(String(biz.out_trade_no ?? ''));
    const outRequestNo = String(biz.out_request_no ?? '');
    const done = trade?.refunds.get(outRequestNo);
    // Alipay answers 10000 without refund_status for a refund it does not know.
    if (!trade || !done) return { code: '10000', msg: 'Success', out_trade_no: String(biz.out_trade_no ?? ''), out_request_no: outRequestNo };
    return {
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      out_request_no: outRequestNo,
      total_amount: yuan(trade.totalFen),
      refund_amount: yuan(done.amountFen),
      refund_status: 'REFUND_SUCCESS',
      gmt_refund_pay: beijing(done.at),
    };
  }

  /** The 业务明细 bill of one Beijing day: header lines, one row per payment and per refund, the totals. */
  function billCsv(date: string): string {
    const rows: string[] = [];
    let count = 0;
    let paidFen = 0;
    let refundFen = 0;
    for (const trade of trades.values()) {
      const money = (fen: number) => yuan(Math.abs(fen)).replace(/^/, fen < 0 ? '-' : '');
      if (trade.paidAt && beijing(trade.paidAt).startsWith(date)) {
        count += 1;
        paidFen += trade.totalFen;
        rows.push([trade.tradeNo, trade.outTradeNo, '交易', trade.subject, beijing(trade.createdAt), beijing(trade.paidAt), '', '', '', '', '159****5620', money(trade.totalFen), money(trade.totalFen), '0.00', '0.00', '0.00', '0.00', '0.00', '', '0.00', '0.00', '', '0.00', '0.00', ''].join(','));
      }
      for (const [outRequestNo, r] of trade.refunds) {
        if (!beijing(r.at).startsWith(date)) continue;
        count += 1;
        refundFen += r.amountFen;
        rows.push([trade.tradeNo, trade.outTradeNo, '退款', trade.subject, beijing(trade.createdAt), beijing(r.at), '', '', '', '', '159****5620', money(-r.amountFen), money(-r.amountFen), '0.00', '0.00', '0.00', '0.00', '0.00', '', '0.00', '0.00', outRequestNo, '0.00', '0.00', ''].join(','));
      }
    }
    return [
      '#支付宝业务明细查询',
      `#账号：[${sellerId}0156]`,
      `#起始日期：[${date} 00:00:00]   终止日期：[${date} 23:59:59]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
      ...rows,
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${count}笔，商家实收共${yuan(paidFen - refundFen)}元，商家优惠共0.00元`,
      `#导出时间：[${beijing(new Date())}]`,
      '',
    ].join('\n');
  }

  function billUrl(biz: Record<string, unknown>): Record<string, unknown> {
    const date = String(biz.bill_date ?? '');
    if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return invalid('isv.invalid-parameter', 'bill_type 或 bill_date 不合法');
    const any = [...trades.values()].some((t) => (t.paidAt && beijing(t.paidAt).startsWith(date)) || [...t.refunds.values()].some((r) => beijing(r.at).startsWith(date)));
    if (!any) return business('isp.bill_not_exist', '账单不存在');
    const token = randomBytes(12).toString('hex');
    bills.set(token, date);
    return { code: '10000', msg: 'Success', bill_download_url: `${fake.origin}/bill/${token}/${appId}_${date.replaceAll('-', '')}_业务明细.csv` };
  }

  // ---------------------------------------------------------------- the cashier

  function cashierPage(trade: FakeTrade): string {
    expire(trade);
    const state = trade.status === 'WAIT_BUYER_PAY' ? '' : `<p class="state">${trade.status === 'TRADE_CLOSED' ? '交易已关闭' : '交易已支付'}</p>`;
    const button =
      trade.status === 'WAIT_BUYER_PAY'
        ? `<form method="post" action="/cashier/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(trade.outTradeNo)}"><button type="submit">确认支付</button></form>`
        : '';
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>支付宝</title></head><body><h1>支付宝（测试）</h1><p>${escapeHtml(trade.subject)}</p><p class="amount">￥${yuan(trade.totalFen)}</p>${state}${button}</body></html>`;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', fake.origin);
    const body = request.method === 'POST' ? await readBody(request) : '';
    if (url.pathname === '/gateway.do') {
      const params: Record<string, string> = { ...Object.fromEntries(new URLSearchParams(body)), ...Object.fromEntries(url.searchParams) };
      const method = params.method ?? '';
      const queued = faults.get(method);
      const fault = queued?.shift();
      if (fault && 'httpStatus' in fault) {
        requests.push({ method, outcome: `http-${fault.httpStatus}` });
        response.writeHead(fault.httpStatus, { 'content-type': 'text/html' }).end('<html><body>Bad Gateway</body></html>');
        return;
      }
      const refusal = checkRequest(params);
      const biz = bizOf(params);
      if (method === 'alipay.trade.wap.pay') {
        const trade = refusal ? null : biz ? openTrade(params, biz) : 'isv.invalid-biz-content';
        requests.push({ method, outcome: refusal ? String(refusal.sub_code) : typeof trade === 'string' ? trade : '10000' });
        response.writeHead(refusal || typeof trade === 'string' || !trade ? 400 : 200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(trade && typeof trade !== 'string' ? cashierPage(trade) : `<!doctype html><html><body><h1>支付宝</h1><p>错误代码 ${escapeHtml(String(refusal?.sub_code ?? trade))}</p></body></html>`);
        return;
      }
      if (refusal) return answer(response, method || 'error', refusal);
      if (fault && 'subCode' in fault) return answer(response, method, refused(fault.code, fault.code === '20000' ? 'Service Currently Unavailable' : 'Business Failed', fault.subCode, fault.subMsg ?? '系统繁忙'));
      const forged = Boolean(fault && 'forgedAnswer' in fault);
      if (!biz) return answer(response, method, invalid('isv.invalid-biz-content', 'biz_content 不是 JSON'), forged);
      const trade = trades.get(String(biz.out_trade_no ?? ''));
      switch (method) {
        case 'alipay.trade.query':
          return answer(response, method, trade ? tradeNode(trade) : business('ACQ.TRADE_NOT_EXIST', '交易不存在'), forged);
        case 'alipay.trade.close':
          if (!trade) return answer(response, method, business('ACQ.TRADE_NOT_EXIST', '交易不存在'), forged);
          if (trade.status !== 'WAIT_BUYER_PAY') return answer(response, method, business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'), forged);
          trade.status = 'TRADE_CLOSED';
          return answer(response, method, { code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo }, forged);
        case 'alipay.trade.refund':
          return answer(response, method, refund(biz), forged);
        case 'alipay.trade.fastpay.refund.query':
          return answer(response, method, refundQuery(biz), forged);
        case 'alipay.data.dataservice.bill.downloadurl.query':
          return answer(response, method, billUrl(biz), forged);
        default:
          return answer(response, method || 'error', invalid('isv.invalid-method', '不存在的方法名'));
      }
    }
    if (url.pathname === '/cashier/pay' && request.method === 'POST') {
      const outTradeNo = new URLSearchParams(body).get('out_trade_no') ?? '';
      const trade = trades.get(outTradeNo);
      if (!trade) {
        response.writeHead(404).end('no such trade');
        return;
      }
      payTrade(outTradeNo);
      // Back to the merchant with the synchronous return parameters (signed, as Alipay does).
      if (!trade.returnUrl) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(cashierPage(trade));
        return;
      }
      const back = new URL(trade.returnUrl);
      const sync: Record<string, string> = { charset: 'utf-8', out_trade_no: trade.outTradeNo, method: 'alipay.trade.wap.pay.return', total_amount: yuan(trade.totalFen), trade_no: trade.tradeNo, auth_app_id: appId, version: '1.0', app_id: appId, seller_id: sellerId, timestamp: beijing(new Date()) };
      sync.sign = rsa2Sign(alipay.privateKey, alipaySignContent(sync, ['sign', 'sign_type']));
      sync.sign_type = 'RSA2';
      for (const [k, v] of Object.entries(sync)) back.searchParams.set(k, v);
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    const bill = /^\/bill\/([0-9a-f]{24})\//.exec(url.pathname);
    if (bill && request.method === 'GET') {
      const date = bills.get(bill[1]!);
      if (!date) {
        response.writeHead(404).end('expired');
        return;
      }
      const day = date.replaceAll('-', '');
      const gbk = (text: string) => new Uint8Array(iconv.encode(text, 'gbk'));
      const zip = zipSync({
        [`${sellerId}0156_${day}_业务明细.csv`]: gbk(billCsv(date)),
        [`${sellerId}0156_${day}_业务明细(汇总).csv`]: gbk(`#支付宝业务汇总查询\n门店编号,门店名称,交易订单总笔数,退款订单总笔数\n合计,,0,0\n`),
      });
      response.writeHead(200, { 'content-type': 'application/zip' }).end(Buffer.from(zip));
      return;
    }
    response.writeHead(404).end('not found');
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String((error as Error).message));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const fake: AlipayFake = {
    origin,
    gateway: `${origin}/gateway.do`,
    appId,
    sellerId,
    keyMode,
    env: () => ({ ALIPAY_APP_ID: appId, ...files, ALIPAY_GATEWAY: `${origin}/gateway.do`, ALIPAY_SELLER_ID: sellerId }),
    envLines: () => Object.entries(fake.env()).map(([k, v]) => `${k}=${v}`),
    trades,
    requests,
    deliveries,
    moneyRefunded,
    notifyMode: options.notifyMode ?? 'prompt',
    lateMs: options.lateMs ?? 1500,
    pay: payTrade,
    failNext(method, fault, times = 1) {
      const queue = faults.get(method) ?? [];
      for (let i = 0; i < times; i++) queue.push(fault);
      faults.set(method, queue);
    },
    notificationBody(outTradeNo, { fields = {}, forge = false } = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      return encode({ ...notificationFields(trade), ...fields }, forge);
    },
    writeStrangerKey: () => write('stranger-private-key.pem', stranger.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    flush,
    async settled() {
      for (let round = 0; round < 100 && (timers.size > 0 || inFlight.size > 0 || held.length > 0); round++) {
        await Promise.all([...inFlight]);
        if (inFlight.size === 0 && (timers.size > 0 || held.length > 0)) await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...inFlight]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
