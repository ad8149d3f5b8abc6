/**
 * The obfuscation of the identity payload (spec §7: validate/id, validate/face
 * carry "an obfuscated payload"). Shared by the web app (encode) and the
 * server (decode); pure, no Node or DOM APIs beyond TextEncoder, btoa/atob
 * and crypto.getRandomValues, which both have.
 *
 * Format: `v1.` + base64url(nonce[4] ‖ (utf8(JSON) XOR keystream)), where the
 * keystream is xorshift32 seeded with the nonce (big-endian) XOR 0x5EDC0DE5.
 *
 * This is obfuscation, not encryption: it keeps names and ID numbers out of
 * plain sight in proxy logs, browser extensions that scrape JSON and casual
 * inspection, and gives every request a different look. Confidentiality
 * comes from HTTPS; integrity from the server's own checks (the session owns
 * the verification, the payload is validated against its schema).
 */
const PREFIX = 'v1.';
const SEED_MASK = 0x5edc0de5;
const NONCE_BYTES = 4;

function keystream(seed: number, length: number): Uint8Array {
  let x = (seed ^ SEED_MASK) >>> 0 || SEED_MASK;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

function seedOf(nonce: Uint8Array): number {
  return (((nonce[0] ?? 0) << 24) | ((nonce[1] ?? 0) << 16) | ((nonce[2] ?? 0) << 8) | (nonce[3] ?? 0)) >>> 0;
}

/** Obfuscates a JSON-serialisable value; `nonce` is for tests (random by default). */
export function obfuscate(value: unknown, nonce?: Uint8Array): string {
  const n = nonce ?? globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const ks = keystream(seedOf(n), plain.length);
  const out = new Uint8Array(NONCE_BYTES + plain.length);
  out.set(n.subarray(0, NONCE_BYTES), 0);
  for (let i = 0; i < plain.length; i++) out[NONCE_BYTES + i] = (plain[i] ?? 0) ^ (ks[i] ?? 0);
  return PREFIX + toBase64Url(out);
}

/** The value of an obfuscated text, or undefined when it is not one. */
export function deobfuscate(text: string): unknown {
  if (!text.startsWith(PREFIX)) return undefined;
  const bytes = fromBase64Url(text.slice(PREFIX.length));
  if (!bytes || bytes.length <= NONCE_BYTES) return undefined;
  const body = bytes.subarray(NONCE_BYTES);
  const ks = keystream(seedOf(bytes.subarray(0, NONCE_BYTES)), body.length);
  const plain = new Uint8Array(body.length);
  for (let i = 0; i < body.length; i++) plain[i] = (body[i] ?? 0) ^ (ks[i] ?? 0);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)) as unknown;
  } catch {
    return undefined;
  }
}
