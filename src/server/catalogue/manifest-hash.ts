import { createHash } from 'node:crypto';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';

const hashes = new WeakMap<object, string>();

/**
 * The content hash of a manifest as the server serves it (SHA-256 of its JSON,
 * hex): the attr call sends it as its ETag, and a recorded page version
 * carries it so a reviewer knows which product text the buyer saw.
 */
export function manifestHash(manifest: ProductManifest): string {
  let hash = hashes.get(manifest);
  if (!hash) {
    hash = createHash('sha256').update(JSON.stringify(manifest)).digest('hex');
    hashes.set(manifest, hash);
  }
  return hash;
}
