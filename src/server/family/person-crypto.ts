import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Application-level encryption of the saved people's ID numbers
 * (docs/accounts.md#family-members): AES-256-GCM under a key derived from
 * PERSON_DATA_KEY with HKDF-SHA-256, a fresh 12-byte IV per value, and the
 * row's owner as associated data (a value copied to another user's row does
 * not decrypt). A second derived key gives the HMAC-SHA-256 that finds one
 * person twice without decrypting.
 */
export interface PersonCrypto {
  /** base64url of iv ‖ ciphertext ‖ tag. */
  seal(plain: string, owner: string): string;
  /** The plain value; throws when the value was altered or belongs to another owner. */
  open(sealed: string, owner: string): string;
  /** Hex HMAC of a value (the same value gives the same hash under one key). */
  hash(value: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `edu-insure/person-data/${purpose}`, 32));
}

export function createPersonCrypto(secret: string): PersonCrypto {
  const encryptionKey = derive(secret, 'aes-256-gcm');
  const hashKey = derive(secret, 'hmac-sha256');
  return {
    seal(plain, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(owner, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, owner) {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(owner, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    hash(value) {
      return createHmac('sha256', hashKey).update(value, 'utf8').digest('hex');
    },
  };
}
