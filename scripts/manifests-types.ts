/**
 * Generates src/engine/manifest/manifest-types.generated.ts from
 * schemas/product-manifest.schema.json and
 * src/engine/markets/market-types.generated.ts from
 * schemas/market-manifest.schema.json, so neither type is a second hand-kept
 * copy, and the letter-mark of every insurer of manifests/registry/insurers.json
 * (public/img/insurers/<code>.svg, src/engine/manifest/visual-identity.ts).
 * `--check` exits 1 when a committed file is stale or missing (run by
 * tests/engine/manifests.test.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUNDLED_REGISTRIES } from '../src/engine/manifest/references.ts';
import { insurerMarkSvg, insurerMarkUrl } from '../src/engine/manifest/visual-identity.ts';
import { renderManifestTypes, renderMarketTypes } from './lib/render-manifest-types.ts';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const targets = [
  { file: fileURLToPath(new URL('../src/engine/manifest/manifest-types.generated.ts', import.meta.url)), render: renderManifestTypes },
  { file: fileURLToPath(new URL('../src/engine/markets/market-types.generated.ts', import.meta.url)), render: renderMarketTypes },
  ...BUNDLED_REGISTRIES.insurers.map((entry) => ({ file: `${publicDir}${insurerMarkUrl(entry.code)}`, render: () => Promise.resolve(insurerMarkSvg(entry)) })),
];
const check = process.argv.includes('--check');
let stale = false;
if (!check) mkdirSync(`${publicDir}/img/insurers`, { recursive: true });
for (const { file, render } of targets) {
  const fresh = await render();
  if (check) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== fresh) {
      console.error(`${file.replace(/^.*\/(src|public)\//, '$1/')} is stale: run npm run manifests:types`);
      stale = true;
    }
  } else {
    writeFileSync(file, fresh);
    console.log(`wrote ${file}`);
  }
}
if (stale) process.exit(1);
if (check) console.log('manifest types up to date');
