/**
 * Generates src/engine/manifest/manifest-types.generated.ts from
 * schemas/product-manifest.schema.json and
 * src/engine/markets/market-types.generated.ts from
 * schemas/market-manifest.schema.json, so neither type is a second hand-kept
 * copy, and the letter-mark of every insurer of manifests/registry/insurers.json
 * (public/img/insurers/<code>.svg) and the default banner of every market of
 * manifests/markets/ (public/img/markets/<id>.svg; both drawn by
 * src/engine/manifest/visual-identity.ts).
 * `--check` exits 1 when a committed file is stale or missing (run by
 * tests/engine/manifests.test.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUNDLED_REGISTRIES } from '../src/engine/manifest/references.ts';
import { insurerMarkSvg, insurerMarkUrl, marketBannerSvg, marketBannerUrl, marketScene, shortPlaceName } from '../src/engine/manifest/visual-identity.ts';
import type { MarketManifest } from '../src/engine/markets/market-types.generated.ts';
import { findRegion } from '../src/engine/regions/region-table.ts';
import { readJsonDir } from '../src/server/catalogue/json-files.ts';
import { renderManifestTypes, renderMarketTypes } from './lib/render-manifest-types.ts';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const markets = readJsonDir(fileURLToPath(new URL('../manifests/markets', import.meta.url))).files.flatMap((f) => (f.data ? [f.data as MarketManifest] : []));
/** A market's banner: its scene, and the name of its first area as people say it. */
const marketBanner = (m: MarketManifest) => {
  const area = m.areas[0] ?? '';
  return marketBannerSvg({ id: m.id, scene: marketScene(m.areas), place: shortPlaceName(findRegion(area)?.label ?? m.name) });
};
const targets = [
  { file: fileURLToPath(new URL('../src/engine/manifest/manifest-types.generated.ts', import.meta.url)), render: renderManifestTypes },
  { file: fileURLToPath(new URL('../src/engine/markets/market-types.generated.ts', import.meta.url)), render: renderMarketTypes },
  ...BUNDLED_REGISTRIES.insurers.map((entry) => ({ file: `${publicDir}${insurerMarkUrl(entry.code)}`, render: () => Promise.resolve(insurerMarkSvg(entry)) })),
  ...markets.map((m) => ({ file: `${publicDir}${marketBannerUrl(m.id)}`, render: () => Promise.resolve(marketBanner(m)) })),
];
const check = process.argv.includes('--check');
let stale = false;
if (!check) for (const folder of ['insurers', 'markets']) mkdirSync(`${publicDir}/img/${folder}`, { recursive: true });
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
