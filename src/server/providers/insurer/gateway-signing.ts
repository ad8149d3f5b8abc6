/**
 * The insurer gateway's message signature (docs/insurer-gateway.md): HMAC-SHA256
 * with the shared secret over `method\npath\ntimestamp\nnonce\nbody`, base64,
 * carried by four headers. Pure functions: the replay check (nonces seen) is
 * the caller's.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const GATEWAY_HEADERS = {
  keyId: 'x-gateway-key-id',
  timestamp: 'x-gateway-timestamp',
  nonce: 'x-gateway-nonce',
  signature: 'x-gateway-signature',
} as const;

/** Timestamps further than this from our clock are refused. */
export const GATEWAY_MAX_SKEW_S = 5 * 60;

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const TIMESTAMP = /^[0-9]{1,12}$/;

export interface SignedParts {
  method: string;
  /** The request path with its query string, as sent (a prefix of the gateway URL included). */
  path: string;
  /** Unix seconds. */
  timestamp: string;
  nonce: string;
  body: string;
}

/** The text the signature covers. */
export function stringToSign(parts: SignedParts): string {
  return `${parts.method.toUpperCase()}\n${parts.path}\n${parts.timestamp}\n${parts.nonce}\n${parts.body}`;
}

/** base64 HMAC-SHA256 of {@link stringToSign} with `secret`. */
export function gatewaySignature(secret: string | Buffer, parts: SignedParts): string {
  return createHmac('sha256', secret).update(stringToSign(parts), 'utf8').digest('base64');
}

/** A fresh nonce: 24 random bytes, base64url (32 characters). */
export function newNonce(): string {
  return randomBytes(24).toString('base64url');
}

/** The four headers of a message signed now. */
export function signedHeaders(
  key: { keyId: string; secret: string | Buffer },
  message: { method: string; path: string; body: string },
  options: { nowMs?: number; nonce?: string } = {},
): Record<string, string> {
  const timestamp = String(Math.floor((options.nowMs ?? Date.now()) / 1000));
  const nonce = options.nonce ?? newNonce();
  return {
    [GATEWAY_HEADERS.keyId]: key.keyId,
    [GATEWAY_HEADERS.timestamp]: timestamp,
    [GATEWAY_HEADERS.nonce]: nonce,
    [GATEWAY_HEADERS.signature]: gatewaySignature(key.secret, { ...message, timestamp, nonce }),
  };
}

/** Why a message is refused (the error code of the documented error body). */
export type SignatureProblem = 'INVALID_SIGNATURE' | 'STALE_TIMESTAMP';

export type VerifyResult = { ok: true; nonce: string; timestamp: number } | { ok: false; problem: SignatureProblem };

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Checks a message's headers: our key id, a well-formed nonce, a timestamp
 * within {@link GATEWAY_MAX_SKEW_S} of `nowMs`, and the signature (compared in
 * constant time). The caller then refuses a nonce it has seen.
 */
export function verifyGatewaySignature(
  key: { keyId: string; secret: string | Buffer },
  headers: Headers,
  message: { method: string; path: string; body: string },
  nowMs: number = Date.now(),
): VerifyResult {
  const keyId = header(headers, GATEWAY_HEADERS.keyId);
  const timestamp = header(headers, GATEWAY_HEADERS.timestamp);
  const nonce = header(headers, GATEWAY_HEADERS.nonce);
  const signature = header(headers, GATEWAY_HEADERS.signature);
  if (keyId !== key.keyId || !timestamp || !TIMESTAMP.test(timestamp) || !nonce || !NONCE.test(nonce) || !signature) return { ok: false, problem: 'INVALID_SIGNATURE' };
  const expected = Buffer.from(gatewaySignature(key.secret, { ...message, timestamp, nonce }), 'base64');
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, problem: 'INVALID_SIGNATURE' };
  const seconds = Number(timestamp);
  if (Math.abs(nowMs / 1000 - seconds) > GATEWAY_MAX_SKEW_S) return { ok: false, problem: 'STALE_TIMESTAMP' };
  return { ok: true, nonce, timestamp: seconds };
}
