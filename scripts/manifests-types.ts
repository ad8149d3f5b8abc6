/**
 * Generates src/engine/manifest/manifest-types.generated.ts from
 * schemas/product-manifest.schema.json, so the manifest type is never a
 * second hand-kept copy. `--check` exits 1 when the committed file is stale
 * (run by tests/engine/manifest-types.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderManifestTypes } from './lib/render-manifest-types.ts';

const target = fileURLToPath(new URL('../src/engine/manifest/manifest-types.generated.ts', import.meta.url));
const fresh = await renderManifestTypes();
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8');
  if (current !== fresh) {
    console.error('manifest-types.generated.ts is stale: run npm run manifests:types');
    process.exit(1);
  }
  console.log('manifest types up to date');
} else {
  writeFileSync(target, fresh);
  console.log(`wrote ${target}`);
}
