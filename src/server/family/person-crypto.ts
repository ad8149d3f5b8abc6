import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Application-level encryption of the saved people's ID numbers
 * (docs/accounts.md#family-members): AES-256-GCM under a key derived from
 * PERSON_DATA_KEY with HKDF-SHA-256, a fresh 12-byte IV per value, and the
 * row's owner as associated data (a value copied to another user's row does
 * not decrypt). A second derived key gives the HMAC-SHA-256 that finds one
 * person twice without decrypting.
 *
 * Key rotation: values are sealed and hashed under the current key; the keys
 * it replaced (PERSON_DATA_KEY_PREVIOUS) still open values and match hashes
 * until `npm run person-data -- rotate` has sealed every row again under the
 * current one (src/server/tools/person-data-cli.ts).
 */
export interface PersonCrypto {
  /** base64url of iv ‖ ciphertext ‖ tag. */
  seal(plain: string, owner: string): string;
  /** The plain value; throws when the value was altered or belongs to another owner. */
  open(sealed: string, owner: string): string;
  /** Hex HMAC of a value under the current key (the same value gives the same hash under one key). */
  hash(value: string): string;
  /** The value's hashes under the current key and each previous one: what a lookup matches during a rotation. */
  hashes(value: string): string[];
  /** Whether a sealed value opens under the current key (false: a previous key's, to seal again). */
  isCurrent(sealed: string, owner: string): boolean;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `edu-insure/person-data/${purpose}`, 32));
}

function openWith(key: Buffer, sealed: string, owner: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(owner, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** The crypto of `secret`, opening and matching values of the `previous` keys too. */
export function createPersonCrypto(secret: string, previous: readonly string[] = []): PersonCrypto {
  const secrets = [secret, ...previous.filter((key) => key !== secret)];
  const encryptionKeys = secrets.map((key) => derive(key, 'aes-256-gcm'));
  const hashKeys = secrets.map((key) => derive(key, 'hmac-sha256'));
  const hmac = (key: Buffer, value: string) => createHmac('sha256', key).update(value, 'utf8').digest('hex');
  return {
    seal(plain, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKeys[0]!, iv);
      cipher.setAAD(Buffer.from(owner, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, owner) {
      let failure: unknown;
      for (const key of encryptionKeys) {
        try {
          return openWith(key, sealed, owner);
        } catch (error) {
          failure = error;
        }
      }
      throw failure;
    },
    hash: (value) => hmac(hashKeys[0]!, value),
    hashes: (value) => hashKeys.map((key) => hmac(key, value)),
    isCurrent(sealed, owner) {
      try {
        openWith(encryptionKeys[0]!, sealed, owner);
        return true;
      } catch {
        return false;
      }
    },
  };
}
