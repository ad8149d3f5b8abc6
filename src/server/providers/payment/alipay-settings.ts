/**
 * The settings of the real Alipay adapter (PAYMENT_CHANNELS=alipay:openapi),
 * read and checked once at start. Each problem is one line naming the
 * variable and what it expects; a key's text is never quoted back.
 */
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isLoopbackHost } from '../outbound.ts';

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** Public-key mode: the Alipay public key of the console's 接口加签方式. */
export interface AlipayPublicKeyMode {
  mode: 'public-key';
  alipayPublicKey: string;
}

/** Certificate mode: the application's public-key certificate, Alipay's root certificate and Alipay's public-key certificate. */
export interface AlipayCertificateMode {
  mode: 'certificate';
  appCert: string;
  alipayRootCert: string;
  alipayPublicCert: string;
}

export interface AlipaySettings {
  appId: string;
  /** The application's private key as PKCS#8 PEM (PKCS#1, PKCS#8 and bare base64 are accepted and converted). */
  privateKey: string;
  keys: AlipayPublicKeyMode | AlipayCertificateMode;
  gateway: string;
  /** The merchant's PID (2088…); notifications for another seller are refused. */
  sellerId?: string;
  /** Per request; the SDK's timeout (the outbound call's is one second more). */
  timeoutMs: number;
}

/** What each variable expects, in the words of the start-up error ("X must be …"). */
export const ALIPAY_VARIABLES = {
  ALIPAY_APP_ID: 'the 16-digit APPID of the application on the Alipay open platform',
  ALIPAY_PRIVATE_KEY_FILE: 'the path of the application private key (PEM PKCS#1 or PKCS#8, or the bare base64 the key tool writes)',
  ALIPAY_PUBLIC_KEY_FILE: 'the path of the Alipay public key (PEM or bare base64), for public-key mode',
  ALIPAY_APP_CERT_FILE: 'the path of the application public-key certificate (appCertPublicKey_*.crt), for certificate mode',
  ALIPAY_ROOT_CERT_FILE: 'the path of the Alipay root certificate (alipayRootCert.crt), for certificate mode',
  ALIPAY_PUBLIC_CERT_FILE: 'the path of the Alipay public-key certificate (alipayCertPublicKey_RSA2.crt), for certificate mode',
  ALIPAY_GATEWAY: `an https:// gateway URL (default ${ALIPAY_DEFAULT_GATEWAY}; http:// only for a loopback address)`,
  ALIPAY_SELLER_ID: 'the 16-digit merchant PID starting with 2088',
  ALIPAY_TIMEOUT_MS: 'an integer from 500 to 60000 (milliseconds per request)',
} as const;
type Variable = keyof typeof ALIPAY_VARIABLES;

const CERT_FILES = ['ALIPAY_APP_CERT_FILE', 'ALIPAY_ROOT_CERT_FILE', 'ALIPAY_PUBLIC_CERT_FILE'] as const;

/** A key as PEM: PEM as given, or bare base64 DER (what Alipay's key tool writes) wrapped. */
function pemOf(text: string, label: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return trimmed;
  const body = trimmed.replace(/\s+/g, '');
  return `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END ${label}-----`;
}

function readPrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPrivateKey(trimmed);
  // Bare base64: PKCS#8 (Java tools) or PKCS#1 (other languages).
  try {
    return createPrivateKey(pemOf(trimmed, 'PRIVATE KEY'));
  } catch {
    return createPrivateKey(pemOf(trimmed, 'RSA PRIVATE KEY'));
  }
}

/**
 * Reads ALIPAY_* from `env`. Returns the settings, or the problems (one line
 * per variable) when any is missing or malformed.
 */
export function readAlipaySettings(env: Readonly<Record<string, string | undefined>>): { settings?: AlipaySettings; problems: string[] } {
  const problems: string[] = [];
  const value = (name: Variable): string | undefined => (env[name] === '' ? undefined : env[name]);
  const expect = (name: Variable, got: string) => problems.push(`${name} must be ${ALIPAY_VARIABLES[name]} (${got})`);
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

  const appId = value('ALIPAY_APP_ID');
  if (appId === undefined || !/^\d{16}$/.test(appId)) expect('ALIPAY_APP_ID', appId === undefined ? 'got nothing' : `got ${JSON.stringify(appId)}`);

  let privateKey: KeyObject | undefined;
  const privateText = readFile('ALIPAY_PRIVATE_KEY_FILE');
  if (privateText !== undefined) {
    try {
      privateKey = readPrivateKey(privateText);
      if (privateKey.asymmetricKeyType !== 'rsa' || (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
        expect('ALIPAY_PRIVATE_KEY_FILE', 'not an RSA key of 2048 bits or more');
        privateKey = undefined;
      }
    } catch {
      // The parser's message may quote the key: only the file is named.
      expect('ALIPAY_PRIVATE_KEY_FILE', `${JSON.stringify(value('ALIPAY_PRIVATE_KEY_FILE'))} holds no readable private key`);
    }
  }

  const certNames = CERT_FILES.filter((name) => value(name) !== undefined);
  const publicKeyFile = value('ALIPAY_PUBLIC_KEY_FILE');
  let keys: AlipaySettings['keys'] | undefined;
  if (certNames.length > 0 && publicKeyFile !== undefined) {
    problems.push('ALIPAY_PUBLIC_KEY_FILE and the ALIPAY_*_CERT_FILE variables must not be set together (public-key mode or certificate mode, not both)');
  } else if (certNames.length === 0) {
    const text = readFile('ALIPAY_PUBLIC_KEY_FILE');
    if (text !== undefined) {
      try {
        const key = createPublicKey(pemOf(text, 'PUBLIC KEY'));
        keys = { mode: 'public-key', alipayPublicKey: key.export({ type: 'spki', format: 'pem' }).toString() };
      } catch {
        expect('ALIPAY_PUBLIC_KEY_FILE', `${JSON.stringify(publicKeyFile)} holds no readable public key`);
      }
    }
  } else {
    const texts = CERT_FILES.map((name) => {
      const text = readFile(name);
      if (text === undefined) return undefined;
      try {
        // The root file may hold several certificates; the first must parse.
        const cert = new X509Certificate(text);
        return { text, cert };
      } catch {
        expect(name, `${JSON.stringify(value(name))} holds no readable PEM certificate`);
        return undefined;
      }
    });
    const [app, root, alipay] = texts;
    if (app && privateKey && !app.cert.checkPrivateKey(privateKey)) {
      expect('ALIPAY_APP_CERT_FILE', 'its public key does not belong to ALIPAY_PRIVATE_KEY_FILE');
    } else if (app && root && alipay) {
      keys = { mode: 'certificate', appCert: app.text, alipayRootCert: root.text, alipayPublicCert: alipay.text };
    }
  }

  const gateway = value('ALIPAY_GATEWAY') ?? ALIPAY_DEFAULT_GATEWAY;
  let gatewayOk: boolean;
  try {
    const url = new URL(gateway);
    gatewayOk = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  } catch {
    gatewayOk = false;
  }
  if (!gatewayOk) expect('ALIPAY_GATEWAY', `got ${JSON.stringify(gateway)}`);

  const sellerId = value('ALIPAY_SELLER_ID');
  if (sellerId !== undefined && !/^2088\d{12}$/.test(sellerId)) expect('ALIPAY_SELLER_ID', `got ${JSON.stringify(sellerId)}`);

  const timeoutText = value('ALIPAY_TIMEOUT_MS');
  const timeoutMs = timeoutText === undefined ? 5000 : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 500 || timeoutMs > 60_000) expect('ALIPAY_TIMEOUT_MS', `got ${JSON.stringify(timeoutText)}`);

  if (problems.length > 0 || !appId || !privateKey || !keys) return { problems };
  return {
    problems,
    settings: {
      appId,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      keys,
      gateway,
      ...(sellerId ? { sellerId } : {}),
      timeoutMs,
    },
  };
}
