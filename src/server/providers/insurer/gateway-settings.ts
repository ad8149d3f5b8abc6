/**
 * The settings of the insurer gateway adapter (INSURER_PROVIDER=gateway),
 * read and checked once at start. Each problem is one line naming the
 * variable and what it expects; the secret is never quoted back.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isLoopbackHost } from '../outbound.ts';

export interface GatewaySettings {
  /** The insurer's gateway base URL, without a trailing slash (a path prefix is kept). */
  baseUrl: string;
  keyId: string;
  /** The shared HMAC secret (at least 32 bytes). */
  secret: string;
  /** Per request. */
  timeoutMs: number;
}

/** Shortest secret accepted, in bytes (UTF-8). */
export const GATEWAY_SECRET_MIN_BYTES = 32;

/** What each variable expects, in the words of the start-up error ("X must be …"). */
export const GATEWAY_VARIABLES = {
  INSURER_GATEWAY_URL: 'the https:// base URL of the insurer gateway, e.g. https://gw.insurer.example/edu/v1 (http:// only for a loopback address)',
  INSURER_GATEWAY_KEY_ID: 'the key id the insurer gave for the shared secret: 1 to 64 letters, digits, dots, underscores or hyphens',
  INSURER_GATEWAY_SECRET_FILE: `the path of a file holding the shared HMAC secret (at least ${GATEWAY_SECRET_MIN_BYTES} bytes)`,
  INSURER_GATEWAY_SECRET: `the shared HMAC secret, at least ${GATEWAY_SECRET_MIN_BYTES} bytes (or set INSURER_GATEWAY_SECRET_FILE)`,
  INSURER_GATEWAY_TIMEOUT_MS: 'an integer from 500 to 60000 (milliseconds per request)',
} as const;
type Variable = keyof typeof GATEWAY_VARIABLES;

/** Variables that carry a credential: quoted back by their length only. */
export const GATEWAY_SECRETS = ['INSURER_GATEWAY_SECRET'];

/**
 * Reads INSURER_GATEWAY_* from `env`. Returns the settings, or the problems
 * (one line per variable) when any is missing or malformed.
 */
export function readGatewaySettings(env: Readonly<Record<string, string | undefined>>): { settings?: GatewaySettings; problems: string[] } {
  const problems: string[] = [];
  const value = (name: Variable): string | undefined => (env[name] === '' ? undefined : env[name]);
  const expect = (name: Variable, got: string) => problems.push(`${name} must be ${GATEWAY_VARIABLES[name]} (${got})`);

  const url = value('INSURER_GATEWAY_URL');
  let baseUrl: string | undefined;
  try {
    const parsed = new URL(url ?? '');
    if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname))) {
      if (parsed.search || parsed.hash || parsed.username || parsed.password) throw new Error('extra parts');
      baseUrl = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
    }
  } catch {
    baseUrl = undefined;
  }
  if (!baseUrl) expect('INSURER_GATEWAY_URL', url === undefined ? 'got nothing' : `got ${JSON.stringify(url)}`);

  const keyId = value('INSURER_GATEWAY_KEY_ID');
  if (keyId === undefined || !/^[A-Za-z0-9._-]{1,64}$/.test(keyId)) expect('INSURER_GATEWAY_KEY_ID', keyId === undefined ? 'got nothing' : `got ${JSON.stringify(keyId)}`);

  let secret: string | undefined;
  const file = value('INSURER_GATEWAY_SECRET_FILE');
  const inline = value('INSURER_GATEWAY_SECRET');
  if (file !== undefined && inline !== undefined) {
    problems.push('INSURER_GATEWAY_SECRET_FILE and INSURER_GATEWAY_SECRET must not be set together (got both)');
  } else if (file !== undefined) {
    try {
      secret = readFileSync(resolve(file), 'utf8').trim();
      if (Buffer.byteLength(secret, 'utf8') < GATEWAY_SECRET_MIN_BYTES) {
        expect('INSURER_GATEWAY_SECRET_FILE', `${JSON.stringify(file)} holds ${Buffer.byteLength(secret, 'utf8')} bytes`);
        secret = undefined;
      }
    } catch (error) {
      expect('INSURER_GATEWAY_SECRET_FILE', `${JSON.stringify(file)}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
  } else if (inline !== undefined) {
    if (Buffer.byteLength(inline, 'utf8') < GATEWAY_SECRET_MIN_BYTES) expect('INSURER_GATEWAY_SECRET', `got ${Buffer.byteLength(inline, 'utf8')} bytes`);
    else secret = inline;
  } else {
    expect('INSURER_GATEWAY_SECRET_FILE', 'got nothing, nor INSURER_GATEWAY_SECRET');
  }

  const timeoutText = value('INSURER_GATEWAY_TIMEOUT_MS');
  const timeoutMs = timeoutText === undefined ? 10_000 : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 500 || timeoutMs > 60_000) expect('INSURER_GATEWAY_TIMEOUT_MS', `got ${JSON.stringify(timeoutText)}`);

  if (problems.length > 0 || !baseUrl || !keyId || !secret) return { problems };
  return { problems, settings: { baseUrl, keyId, secret, timeoutMs } };
}
