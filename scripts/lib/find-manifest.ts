import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import type { ManifestStore } from '../../src/server/catalogue/manifest-store.ts';

/** The manifest an operator names on the command line: by product code (or alias code), else by id (its file name). */
export function findManifest(store: ManifestStore, codeOrId: string): ProductManifest | undefined {
  return store.byProductCode(codeOrId) ?? store.all.find((m) => m.id === codeOrId.replace(/\.json$/, ''));
}
