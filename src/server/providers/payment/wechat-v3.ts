/**
 * WeChat Pay API v3, the protocol (PAYMENT_CHANNELS=wechat:v3), on Node's
 * crypto and the app's callOut; the provider is wechat-v3-provider.ts.
 *
 * - every request carries `Authorization: WECHATPAY2-SHA256-RSA2048
 *   mchid=…,nonce_str=…,signature=…,timestamp=…,serial_no=…`, the signature
 *   RSA-SHA256 by the merchant private key over
 *   `METHOD\nPATH_WITH_QUERY\nTIMESTAMP\nNONCE\nBODY\n`;
 * - every answer (and every notification) is verified: `Wechatpay-Signature`
 *   over `TIMESTAMP\nNONCE\nBODY\n` with the key named by `Wechatpay-Serial`,
 *   the timestamp within 5 minutes. The key is WeChat Pay's public key
 *   (public-key mode, serial `PUB_KEY_ID_…`) or a platform certificate
 *   (certificate mode: downloaded from `GET /v3/certificates`, each
 *   decrypted with the API v3 key, kept by serial, downloaded again after 12
 *   hours or when an unknown serial appears, at most once a minute);
 * - notification resources and certificates are AEAD_AES_256_GCM under the
 *   API v3 key: base64(ciphertext ‖ 16-byte tag), UTF-8 nonce and
 *   associated data.
 */
import { createDecipheriv, createPrivateKey, createPublicKey, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { OutboundError, type CallOut } from '../outbound.ts';
import { rsaSign, rsaVerify } from './signing.ts';
import type { WechatPaySettings } from './wechat-v3-settings.ts';

export const VENDOR = 'wechatpay';
/** WeChat Pay refuses (and the app refuses) a signed message more than 5 minutes off. */
export const MAX_SKEW_S = 300;
const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** Platform certificates are downloaded again after this long (WeChat rotates them with overlap). */
const CERTIFICATES_MAX_AGE_MS = 12 * 3600_000;
/** An unknown serial downloads the certificates again, at most this often. */
const CERTIFICATES_MIN_INTERVAL_MS = 60_000;
/** HTTP statuses and codes worth another try: WeChat's busy and system errors. */
const TRANSIENT_CODES = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED', 'BANK_ERROR', 'SYSTEMERROR']);

/** `lines` joined as WeChat signs them: each followed by a newline. */
export function signedMessage(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}

export { rsaSign as rsaSha256Sign, rsaVerify as rsaSha256Verify };

/**
 * Opens an AEAD_AES_*_GCM box as WeChat Pay seals it: base64(ciphertext ‖
 * tag), UTF-8 nonce and associated data. The API v3 key is 32 bytes
 * (AES-256); the key's length chooses the cipher.
 * @returns null when it does not authenticate
 */
export function aeadOpen(key: Buffer, nonce: string, associatedData: string, ciphertext: string): string | null {
  if (key.length !== 16 && key.length !== 32) return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)) return null;
  try {
    const data = Buffer.from(ciphertext, 'base64');
    if (data.length < 17) return null;
    const decipher = createDecipheriv(key.length === 32 ? 'aes-256-gcm' : 'aes-128-gcm', key, Buffer.from(nonce, 'utf8'));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface Signer {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
}

/** The Authorization header of one request; `pathWithQuery` as sent (e.g. /v3/pay/transactions/out-trade-no/T1?mchid=1900000001). */
export function authorization(signer: Signer, method: string, pathWithQuery: string, body: string, timestamp: string, nonce: string): string {
  const signature = rsaSign(signer.privateKey, signedMessage([method, pathWithQuery, timestamp, nonce, body]));
  return `${AUTH_SCHEME} mchid="${signer.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${signer.serialNo}"`;
}

/** The JSAPI parameters of WeixinJSBridge.getBrandWCPayRequest, paySign by the merchant key over `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function jsapiParams(signer: Signer, appId: string, prepayId: string, now: Date): Record<string, string> {
  const timeStamp = String(Math.floor(now.getTime() / 1000));
  const nonceStr = randomBytes(16).toString('hex');
  const pkg = `prepay_id=${prepayId}`;
  return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign: rsaSign(signer.privateKey, signedMessage([appId, timeStamp, nonceStr, pkg])) };
}

/** The four Wechatpay-* headers of a signed answer or notification. */
export interface SignedHeaders {
  serial: string;
  timestamp: string;
  nonce: string;
  signature: string;
}

export function headerOf(headers: Record<string, string | string[] | undefined> | Headers, name: string): string | undefined {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

export function signedHeaders(headers: Record<string, string | string[] | undefined> | Headers): SignedHeaders | null {
  const serial = headerOf(headers, 'wechatpay-serial');
  const timestamp = headerOf(headers, 'wechatpay-timestamp');
  const nonce = headerOf(headers, 'wechatpay-nonce');
  const signature = headerOf(headers, 'wechatpay-signature');
  if (!serial || !timestamp || !nonce || !signature) return null;
  return { serial, timestamp, nonce, signature };
}

/** Why a signed message is not trusted, or null when it is. */
export type VerifyProblem = 'missing Wechatpay headers' | 'timestamp outside the allowed window' | 'unknown Wechatpay-Serial' | 'bad signature';

/** Where WeChat Pay's verification keys come from: its public key, or the platform certificates. */
export interface PlatformKeys {
  /** The key of a serial; certificate mode may download the certificates first. */
  keyFor(serial: string): Promise<KeyObject | undefined>;
}

export class PublicKeyVerifier implements PlatformKeys {
  constructor(
    private readonly publicKeyId: string,
    private readonly publicKey: KeyObject,
  ) {}

  async keyFor(serial: string): Promise<KeyObject | undefined> {
    return serial === this.publicKeyId ? this.publicKey : undefined;
  }
}

/** One platform certificate as `GET /v3/certificates` lists it. */
interface CertificateEntry {
  serial_no?: unknown;
  effective_time?: unknown;
  expire_time?: unknown;
  encrypt_certificate?: { algorithm?: unknown; nonce?: unknown; associated_data?: unknown; ciphertext?: unknown };
}

/**
 * Certificate mode: the platform certificates by serial, downloaded with
 * the client and decrypted with the API v3 key. The download's own answer is
 * verified with the certificate it names once decrypted (only WeChat Pay and
 * the merchant know the API v3 key).
 */
export class CertificateVerifier implements PlatformKeys {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = 0;
  private triedAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<void> | undefined;
  private client: WechatPayClient | undefined;

  constructor(
    private readonly apiV3Key: Buffer,
    private readonly now: () => Date,
  ) {}

  attach(client: WechatPayClient): void {
    this.client = client;
  }

  async keyFor(serial: string): Promise<KeyObject | undefined> {
    const now = this.now().getTime();
    const stale = now - this.fetchedAt > CERTIFICATES_MAX_AGE_MS;
    if ((stale || !this.keys.has(serial)) && now - this.triedAt >= CERTIFICATES_MIN_INTERVAL_MS) await this.refresh();
    return this.keys.get(serial);
  }

  /** Downloads the certificates (one download at a time); keeps the old ones when it fails. */
  refresh(): Promise<void> {
    this.pending ??= this.download().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async download(): Promise<void> {
    if (!this.client) throw new Error('certificate verifier without a client');
    this.triedAt = this.now().getTime();
    const answer = await this.client.send('certificates', 'GET', '/v3/certificates', undefined, true, {
      verifyWith: (signed) => this.decrypted(answerEntries(signed.body)).get(signed.serial) ?? this.keys.get(signed.serial),
      unverifiedRefusals: true,
    });
    if (answer.status !== 200) throw new OutboundError(`wechatpay certificates: HTTP ${answer.status}`, false, answer.code ?? `http-${answer.status}`);
    const keys = this.decrypted(answerEntries(answer.text));
    if (keys.size === 0) throw new OutboundError('wechatpay certificates: none usable', false, 'no-certificate');
    this.keys = keys;
    this.fetchedAt = this.now().getTime();
  }

  /** The usable certificates of a download by serial (decrypted, parsed, within their validity). */
  private decrypted(entries: CertificateEntry[]): Map<string, KeyObject> {
    const keys = new Map<string, KeyObject>();
    const now = this.now().getTime();
    for (const entry of entries) {
      const box = entry.encrypt_certificate;
      if (typeof entry.serial_no !== 'string' || !box || box.algorithm !== 'AEAD_AES_256_GCM') continue;
      const pem = aeadOpen(this.apiV3Key, String(box.nonce ?? ''), String(box.associated_data ?? ''), String(box.ciphertext ?? ''));
      if (pem === null) continue;
      try {
        const cert = new X509Certificate(pem);
        if (Date.parse(cert.validTo) < now || Date.parse(cert.validFrom) > now) continue;
        if (cert.serialNumber.toUpperCase() !== entry.serial_no.toUpperCase()) continue;
        keys.set(entry.serial_no, cert.publicKey);
      } catch {
        // Not a certificate: skipped.
      }
    }
    return keys;
  }
}

function answerEntries(text: string): CertificateEntry[] {
  try {
    const data = (JSON.parse(text) as { data?: unknown }).data;
    return Array.isArray(data) ? (data as CertificateEntry[]) : [];
  } catch {
    return [];
  }
}

/** Checks a signed message (answer or notification): headers present, timestamp within 5 minutes, signature by a known key. */
export async function verifySigned(keys: PlatformKeys, headers: SignedHeaders | null, body: string, now: Date): Promise<VerifyProblem | null> {
  if (!headers) return 'missing Wechatpay headers';
  if (!/^\d{1,12}$/.test(headers.timestamp) || Math.abs(Number(headers.timestamp) - now.getTime() / 1000) > MAX_SKEW_S) return 'timestamp outside the allowed window';
  const key = await keys.keyFor(headers.serial);
  if (!key) return 'unknown Wechatpay-Serial';
  return rsaVerify(key, signedMessage([headers.timestamp, headers.nonce, body]), headers.signature) ? null : 'bad signature';
}

/** An answer whose signature verified: its status, text, parsed JSON and WeChat's error code and message when it is one. */
export interface WechatAnswer {
  status: number;
  text: string;
  json: Record<string, unknown>;
  code?: string;
  message?: string;
}

interface SendOptions {
  /** Certificate download: the key that verifies its own answer. */
  verifyWith?: (answer: { serial: string; body: string }) => KeyObject | undefined;
  /** Certificate download: a refusal (4xx) is reported by its code though no known key verifies it (there is none yet). */
  unverifiedRefusals?: boolean;
}

/** The HTTP client of API v3: signed requests, verified answers, every call through the app's callOut. */
export class WechatPayClient {
  readonly signer: Signer;

  constructor(
    private readonly settings: WechatPaySettings,
    private readonly keys: PlatformKeys,
    private readonly callOut: CallOut,
    private readonly now: () => Date,
  ) {
    this.signer = { mchId: settings.mchId, serialNo: settings.merchantSerialNo, privateKey: createPrivateKey(settings.privateKey) };
  }

  /**
   * One call. 2xx and 4xx answers come back verified (a 4xx carries WeChat's
   * `{code, message}`); 5xx, 429, WeChat's busy codes and network failures
   * are thrown retryable; an answer that does not verify is thrown, not retried.
   */
  send(call: string, method: 'GET' | 'POST', pathWithQuery: string, body: object | undefined, idempotent: boolean, options: SendOptions = {}): Promise<WechatAnswer> {
    return this.callOut({
      vendor: VENDOR,
      call,
      idempotent,
      timeoutMs: this.settings.timeoutMs,
      run: async (signal) => {
        const text = body === undefined ? '' : JSON.stringify(body);
        const timestamp = String(Math.floor(this.now().getTime() / 1000));
        const nonce = randomBytes(16).toString('hex');
        const response = await fetch(`${this.settings.base}${pathWithQuery}`, {
          method,
          signal,
          headers: {
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            'user-agent': 'edu-insure wechatpay-v3',
            authorization: authorization(this.signer, method, pathWithQuery, text, timestamp, nonce),
          },
          ...(body === undefined ? {} : { body: text }),
        });
        const answerText = await response.text();
        if (response.status >= 500 || response.status === 429) throw new OutboundError(`wechatpay ${call} failed (HTTP ${response.status})`, true, `http-${response.status}`);
        const signed = signedHeaders(response.headers);
        const own = options.verifyWith && signed ? options.verifyWith({ serial: signed.serial, body: answerText }) : undefined;
        const problem = own
          ? await verifySigned({ keyFor: async () => own }, signed, answerText, this.now())
          : await verifySigned(this.keys, signed, answerText, this.now());
        if (problem && options.unverifiedRefusals && response.status >= 400) {
          const code = /"code"\s*:\s*"([A-Z_]{1,40})"/.exec(answerText)?.[1] ?? `http-${response.status}`;
          throw new OutboundError(`wechatpay ${call} refused: ${code} (answer not verifiable)`, false, code);
        }
        if (problem) throw new OutboundError(`wechatpay ${call}: the answer does not verify (${problem})`, false, 'answer-signature');
        let json: Record<string, unknown> = {};
        if (answerText !== '') {
          try {
            json = JSON.parse(answerText) as Record<string, unknown>;
          } catch {
            throw new OutboundError(`wechatpay ${call}: the answer is not JSON (HTTP ${response.status})`, true, 'unreadable');
          }
        }
        const code = typeof json.code === 'string' ? json.code : undefined;
        if (response.status >= 400 && code && TRANSIENT_CODES.has(code)) throw new OutboundError(`wechatpay ${call}: ${code}`, true, code);
        return {
          status: response.status,
          text: answerText,
          json,
          ...(code ? { code } : {}),
          ...(typeof json.message === 'string' ? { message: json.message } : {}),
        };
      },
    });
  }

  /**
   * Downloads a file WeChat Pay named in a verified answer (a bill's
   * download_url): a GET signed like every call, over the URL's own path and
   * query, answered with the file and no signature (the caller checks its
   * hash). Only from the configured API origin.
   */
  download(call: string, url: string): Promise<WechatDownload> {
    const target = new URL(url);
    if (target.origin !== new URL(this.settings.base).origin) {
      return Promise.reject(new OutboundError(`wechatpay ${call}: a download URL outside the API origin`, false, 'download-origin'));
    }
    const pathWithQuery = `${target.pathname}${target.search}`;
    return this.callOut({
      vendor: VENDOR,
      call,
      idempotent: true,
      timeoutMs: this.settings.timeoutMs * 4,
      run: async (signal) => {
        const timestamp = String(Math.floor(this.now().getTime() / 1000));
        const nonce = randomBytes(16).toString('hex');
        const response = await fetch(target, {
          signal,
          headers: { 'user-agent': 'edu-insure wechatpay-v3', authorization: authorization(this.signer, 'GET', pathWithQuery, '', timestamp, nonce) },
        });
        if (response.status >= 500 || response.status === 429) throw new OutboundError(`wechatpay ${call} failed (HTTP ${response.status})`, true, `http-${response.status}`);
        const body = Buffer.from(await response.arrayBuffer());
        if (body.length > MAX_BILL_BYTES) throw new OutboundError(`wechatpay ${call}: the file is larger than ${MAX_BILL_BYTES} bytes`, false, 'too-large');
        return { status: response.status, body };
      },
    });
  }
}

/** A bill file, at most this large (a day of a school market is far less). */
const MAX_BILL_BYTES = 64 * 1024 * 1024;

export interface WechatDownload {
  status: number;
  body: Buffer;
}

/** WeChat Pay's public key (public-key mode) from its PEM. */
export function publicKeyOf(pem: string): KeyObject {
  return createPublicKey(pem);
}

/** A refusal the caller does not map (configuration, a state the call cannot change): a non-retryable OutboundError. */
export function refusal(call: string, answer: WechatAnswer): OutboundError {
  const code = answer.code ?? `http-${answer.status}`;
  return new OutboundError(`wechatpay ${call} refused: ${code}${answer.message ? ` (${answer.message.slice(0, 60)})` : ''}`, false, code);
}
