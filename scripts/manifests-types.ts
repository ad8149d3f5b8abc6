/**
 * Generates src/engine/manifest/manifest-types.generated.ts from
 * schemas/product-manifest.schema.json and
 * src/engine/markets/market-types.generated.ts from
 * schemas/market-manifest.schema.json, so neither type is a second hand-kept
 * copy. `--check` exits 1 when a committed file is stale (run by
 * tests/engine/manifests.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderManifestTypes, renderMarketTypes } from './lib/render-manifest-types.ts';

const targets = [
  { file: fileURLToPath(new URL('../src/engine/manifest/manifest-types.generated.ts', import.meta.url)), render: renderManifestTypes },
  { file: fileURLToPath(new URL('../src/engine/markets/market-types.generated.ts', import.meta.url)), render: renderMarketTypes },
];
const check = process.argv.includes('--check');
let stale = false;
for (const { file, render } of targets) {
  const fresh = await render();
  if (check) {
    if (readFileSync(file, 'utf8') !== fresh) {
      console.error(`${file.replace(/^.*\/src\//, 'src/')} is stale: run npm run manifests:types`);
      stale = true;
    }
  } else {
    writeFileSync(file, fresh);
    console.log(`wrote ${file}`);
  }
}
if (stale) process.exit(1);
if (check) console.log('manifest types up to date');
