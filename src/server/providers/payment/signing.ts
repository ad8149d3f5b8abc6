/**
 * The cryptography of the real payment channels, used by their sandboxes (to
 * sign) and by the app (to verify): RSA-SHA256 signatures (WeChat Pay API v3,
 * Alipay RSA2, JD), the `k=v&k=v` string Alipay and JD sign, and WeChat's
 * AES-256-GCM resource encryption.
 */
import { createCipheriv, createDecipheriv, createHash, createSign, createVerify, generateKeyPair, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** An RSA key pair in PEM (PKCS#8 private, SPKI public). */
export interface RsaKeyPair {
  privateKey: string;
  publicKey: string;
}

const RSA_OPTIONS = {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
} as const;

export function generateRsaKeyPair(): RsaKeyPair {
  return generateKeyPairSync('rsa', RSA_OPTIONS);
}

/** {@link generateRsaKeyPair} on libuv's thread pool: the event loop (and a server's start) goes on meanwhile. */
export function generateRsaKeyPairAsync(): Promise<RsaKeyPair> {
  return new Promise((resolve, reject) =>
    generateKeyPair('rsa', RSA_OPTIONS, (error, publicKey, privateKey) => (error ? reject(error) : resolve({ publicKey, privateKey }))),
  );
}

export function rsaSign(privateKeyPem: string | KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64');
}

/** False (never a throw) for a malformed or wrong signature. */
export function rsaVerify(publicKeyPem: string | KeyObject, message: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** Alipay/JD: parameters sorted by name, empty values and the excluded keys left out, joined as k=v&k=v (values raw). */
export function canonicalParams(params: Readonly<Record<string, string>>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** WeChat Pay API v3: the message a notification signature covers. */
export function wechatSignedMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** AEAD_AES_256_GCM as WeChat Pay API v3 uses it: base64(ciphertext ‖ 16-byte tag). */
export function aesGcmEncrypt(apiV3Key: string, nonce: string, associatedData: string, plaintext: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}

/** @returns null when the key, nonce, associated data or ciphertext do not authenticate */
export function aesGcmDecrypt(apiV3Key: string, nonce: string, associatedData: string, ciphertext: string): string | null {
  try {
    const data = Buffer.from(ciphertext, 'base64');
    if (data.length < 17) return null;
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A stable serial for a public key (WeChat names its platform certificate by serial). */
export function keySerial(publicKeyPem: string): string {
  return createHash('sha256').update(publicKeyPem).digest('hex').slice(0, 40).toUpperCase();
}

// Vendors' yuan strings read and written by the one money module.
export { fenText, yuanStringToFen } from '../../../engine/pricing/money.ts';
