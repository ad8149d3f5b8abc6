import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { storedFiles } from '../../db/schema.ts';

/**
 * Where generated files (agreements, signed and unsigned) and, outside the
 * database provider, the chunks of sale recordings are kept. Keys are
 * server-made paths (`contracts/HT…/agreement.pdf`, `recordings/…/3-…`);
 * nothing a client sends becomes a key.
 */
export interface StorageProvider {
  readonly name: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined>;
  /** Removes a file; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Closes connections before the app closes. */
  stop?(): void;
}

const KEY = /^[a-z]+(\/[A-Za-z0-9._-]+)+$/;
/** Every provider refuses a key that is not a server-made path (no `..`, no absolute path, no odd character). */
export function checkStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
}

/** STORAGE_PROVIDER=database (default): one row per file in `stored_files`, so a backup of the database holds every agreement. */
export class DatabaseStorage implements StorageProvider {
  readonly name = 'database';
  constructor(private readonly db: Db) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    checkStorageKey(key);
    const data = Buffer.from(bytes).toString('base64');
    await this.db.insert(storedFiles).values({ key, contentType, data }).onConflictDoUpdate({ target: storedFiles.key, set: { contentType, data } });
  }

  async get(key: string) {
    checkStorageKey(key);
    const [row] = await this.db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
    return row ? { bytes: new Uint8Array(Buffer.from(row.data, 'base64')), contentType: row.contentType } : undefined;
  }

  async delete(key: string): Promise<void> {
    checkStorageKey(key);
    await this.db.delete(storedFiles).where(eq(storedFiles.key, key));
  }
}

/** STORAGE_PROVIDER=folder: files under DATA_DIR/files (written to a temporary name, then renamed). */
export class FolderStorage implements StorageProvider {
  readonly name = 'folder';
  private readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    checkStorageKey(key);
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`bad storage key ${key}`);
    return path;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(`${path}.tmp`, bytes);
    await rename(`${path}.tmp`, path);
    await writeFile(`${path}.type`, contentType);
  }

  async get(key: string) {
    const path = this.path(key);
    try {
      const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { bytes: new Uint8Array(bytes), contentType };
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await Promise.all([rm(path, { force: true }), rm(`${path}.type`, { force: true })]);
  }
}
