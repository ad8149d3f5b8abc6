/**
 * Writes docs/manifest-reference.md from the manifest schema. `--check` exits 1
 * when the committed file is stale (run by tests/engine/manifests.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderManifestDocs } from './lib/render-manifest-docs.ts';

const target = fileURLToPath(new URL('../docs/manifest-reference.md', import.meta.url));
const fresh = renderManifestDocs();
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== fresh) {
    console.error('docs/manifest-reference.md is stale: run npm run manifests:docs');
    process.exit(1);
  }
  console.log('manifest reference up to date');
} else {
  writeFileSync(target, fresh);
  console.log(`wrote ${target}`);
}
