/**
 * The settings of the real WeChat Pay adapter (PAYMENT_CHANNELS=wechat:v3),
 * read and checked once at start. Each problem is one line naming the
 * variable and what it expects; a key's text is never quoted back (the API
 * v3 key by its length only).
 *
 * The appid is the official account's, WECHAT_MP_APPID, the one the JSSDK
 * already uses: the payer's openid comes from that account's OAuth, and
 * WeChat Pay only accepts an openid of the appid the payment names.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isLoopbackHost } from '../outbound.ts';

export const WECHATPAY_DEFAULT_BASE = 'https://api.mch.weixin.qq.com';
export const WECHAT_DEFAULT_API_BASE = 'https://api.weixin.qq.com';

export interface WechatPaySettings {
  mchId: string;
  /** The official account's appid (WECHAT_MP_APPID). */
  appId: string;
  /** The official account's AppSecret (WECHAT_MP_SECRET): the OAuth code exchange for the payer's openid. */
  appSecret: string;
  /** https://api.weixin.qq.com, or WECHAT_API_BASE. */
  wechatApiBase: string;
  merchantSerialNo: string;
  /** The merchant API private key (apiclient_key.pem) as PKCS#8 PEM. */
  privateKey: string;
  /** The API v3 key, 32 bytes. */
  apiV3Key: string;
  verification: { mode: 'public-key'; publicKeyId: string; publicKey: string } | { mode: 'certificate' };
  base: string;
  /** Per attempt. */
  timeoutMs: number;
}

/** What each variable expects, in the words of the start-up error ("X must be …"). */
export const WECHATPAY_VARIABLES = {
  WECHATPAY_MCHID: 'the merchant number (商户号) of the WeChat Pay merchant platform, 8 to 12 digits',
  WECHATPAY_MERCHANT_SERIAL_NO: 'the serial number of the merchant API certificate (商户API证书序列号), 40 hexadecimal characters',
  WECHATPAY_PRIVATE_KEY_FILE: 'the path of the merchant API private key apiclient_key.pem (RSA, PEM)',
  WECHATPAY_API_V3_KEY: 'the API v3 key (APIv3密钥) of the merchant platform, 32 characters',
  WECHATPAY_API_V3_KEY_FILE: 'the path of a file holding the API v3 key (32 characters), instead of WECHATPAY_API_V3_KEY',
  WECHATPAY_PUBLIC_KEY_FILE: 'the path of the WeChat Pay public key pub_key.pem, for public-key mode (with WECHATPAY_PUBLIC_KEY_ID)',
  WECHATPAY_PUBLIC_KEY_ID: 'the WeChat Pay public key ID, PUB_KEY_ID_ followed by digits, for public-key mode (with WECHATPAY_PUBLIC_KEY_FILE)',
  WECHATPAY_BASE: `an https:// origin of API v3 (default ${WECHATPAY_DEFAULT_BASE}; http:// only for a loopback address)`,
  WECHATPAY_TIMEOUT_MS: 'an integer from 500 to 60000 (milliseconds per request)',
} as const;
type Variable = keyof typeof WECHATPAY_VARIABLES;

function originOk(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) && (url.pathname === '/' || url.pathname === '');
  } catch {
    return false;
  }
}

/**
 * Reads WECHATPAY_* (and WECHAT_MP_APPID, WECHAT_MP_SECRET, WECHAT_API_BASE)
 * from `env`. Returns the settings, or the problems (one line per variable).
 */
export function readWechatPaySettings(env: Readonly<Record<string, string | undefined>>): { settings?: WechatPaySettings; problems: string[] } {
  const problems: string[] = [];
  const value = (name: string): string | undefined => (env[name] === '' ? undefined : env[name]);
  const expect = (name: Variable, got: string) => problems.push(`${name} must be ${WECHATPAY_VARIABLES[name]} (${got})`);
  const got = (text: string | undefined) => (text === undefined ? 'got nothing' : `got ${JSON.stringify(text)}`);
  const readFile = (name: Variable): string | undefined => {
    const file = value(name);
    if (file === undefined) {
      expect(name, 'got nothing');
      return undefined;
    }
    try {
      return readFileSync(resolve(file), 'utf8');
    } catch (error) {
      expect(name, `${JSON.stringify(file)}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
      return undefined;
    }
  };

  const mchId = value('WECHATPAY_MCHID');
  if (mchId === undefined || !/^\d{8,12}$/.test(mchId)) expect('WECHATPAY_MCHID', got(mchId));

  const appId = value('WECHAT_MP_APPID');
  if (appId === undefined) problems.push('WECHAT_MP_APPID must be set with PAYMENT_CHANNELS wechat:v3 (the official account whose openids pay; got nothing)');
  const appSecret = value('WECHAT_MP_SECRET');
  if (appSecret === undefined) problems.push('WECHAT_MP_SECRET must be set with PAYMENT_CHANNELS wechat:v3 (the payer\'s openid comes from the official account\'s OAuth; got nothing)');

  const serialNo = value('WECHATPAY_MERCHANT_SERIAL_NO');
  if (serialNo === undefined || !/^[0-9A-Fa-f]{8,40}$/.test(serialNo)) expect('WECHATPAY_MERCHANT_SERIAL_NO', got(serialNo));

  let privateKey: KeyObject | undefined;
  const privateText = readFile('WECHATPAY_PRIVATE_KEY_FILE');
  if (privateText !== undefined) {
    try {
      privateKey = createPrivateKey(privateText);
      if (privateKey.asymmetricKeyType !== 'rsa' || (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
        expect('WECHATPAY_PRIVATE_KEY_FILE', 'not an RSA key of 2048 bits or more');
        privateKey = undefined;
      }
    } catch {
      // The parser's message may quote the key: only the file is named.
      expect('WECHATPAY_PRIVATE_KEY_FILE', `${JSON.stringify(value('WECHATPAY_PRIVATE_KEY_FILE'))} holds no readable private key`);
    }
  }

  let apiV3Key: string | undefined;
  if (value('WECHATPAY_API_V3_KEY') !== undefined && value('WECHATPAY_API_V3_KEY_FILE') !== undefined) {
    problems.push('WECHATPAY_API_V3_KEY and WECHATPAY_API_V3_KEY_FILE must not be set together');
  } else if (value('WECHATPAY_API_V3_KEY_FILE') !== undefined) {
    const text = readFile('WECHATPAY_API_V3_KEY_FILE')?.trim();
    if (text !== undefined && Buffer.byteLength(text, 'utf8') !== 32) expect('WECHATPAY_API_V3_KEY_FILE', `the file holds ${Buffer.byteLength(text, 'utf8')} bytes`);
    else apiV3Key = text;
  } else {
    const text = value('WECHATPAY_API_V3_KEY');
    if (text === undefined || Buffer.byteLength(text, 'utf8') !== 32) expect('WECHATPAY_API_V3_KEY', text === undefined ? 'got nothing' : `got ${Buffer.byteLength(text, 'utf8')} bytes`);
    else apiV3Key = text;
  }

  const publicKeyFile = value('WECHATPAY_PUBLIC_KEY_FILE');
  const publicKeyId = value('WECHATPAY_PUBLIC_KEY_ID');
  let verification: WechatPaySettings['verification'] | undefined;
  if (publicKeyFile === undefined && publicKeyId === undefined) {
    // Certificate mode: the platform certificates are downloaded with the merchant's keys.
    verification = { mode: 'certificate' };
  } else {
    if (publicKeyId === undefined || !/^PUB_KEY_ID_\d{10,40}$/.test(publicKeyId)) expect('WECHATPAY_PUBLIC_KEY_ID', got(publicKeyId));
    const text = readFile('WECHATPAY_PUBLIC_KEY_FILE');
    if (text !== undefined) {
      try {
        const key = createPublicKey(text);
        if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
        if (publicKeyId !== undefined && /^PUB_KEY_ID_\d{10,40}$/.test(publicKeyId)) {
          verification = { mode: 'public-key', publicKeyId, publicKey: key.export({ type: 'spki', format: 'pem' }).toString() };
        }
      } catch {
        expect('WECHATPAY_PUBLIC_KEY_FILE', `${JSON.stringify(publicKeyFile)} holds no readable RSA public key`);
      }
    }
  }

  const base = (value('WECHATPAY_BASE') ?? WECHATPAY_DEFAULT_BASE).replace(/\/+$/, '');
  if (!originOk(base)) expect('WECHATPAY_BASE', got(base));
  const wechatApiBase = (value('WECHAT_API_BASE') ?? WECHAT_DEFAULT_API_BASE).replace(/\/+$/, '');

  const timeoutText = value('WECHATPAY_TIMEOUT_MS');
  const timeoutMs = timeoutText === undefined ? 5000 : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 500 || timeoutMs > 60_000) expect('WECHATPAY_TIMEOUT_MS', got(timeoutText));

  if (problems.length > 0 || !mchId || !appId || !appSecret || !serialNo || !privateKey || !apiV3Key || !verification) return { problems };
  return {
    problems,
    settings: {
      mchId,
      appId,
      appSecret,
      wechatApiBase,
      merchantSerialNo: serialNo.toUpperCase(),
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      apiV3Key,
      verification,
      base,
      timeoutMs,
    },
  };
}
