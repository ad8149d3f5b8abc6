/**
 * Registries resolve a manifest's insurers into what parents see: for every
 * product that existed before registries
 * (tests/fixtures/served-manifests.base.json, written at that commit by
 * loadManifestStore('manifests')) and is still served, the served insurers
 * (name, role, insuring area) are the ones it had inline; the logos are
 * now the insurers' generated letter-marks (tested in
 * tests/engine/visual-identity.test.ts). Only the insurers are compared:
 * plans, prices and texts are the operators' to change, and a product
 * added since has no entry here, so neither needs a test edited (its own
 * correctness is the checker's, npm run manifests:check).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';

const base = JSON.parse(readFileSync('tests/fixtures/served-manifests.base.json', 'utf8')) as Record<string, ProductManifest>;
const store = loadManifestStore('manifests');
const insurersShown = (m: ProductManifest) => m.insurers.map(({ logoUrl: _logo, ...i }) => i);
const stillServed = Object.keys(base).filter((code) => store.byProductCode(code));

describe('served insurers before and after the registries', () => {
  it('compares most of the catalogue (products taken off the catalogue since leave it)', () => {
    expect(stillServed.length).toBeGreaterThan(40);
  });

  it.each(stillServed)('%s is served with the insurers it had', (code) => {
    expect(insurersShown(store.byProductCode(code)!)).toEqual(insurersShown(base[code]!));
  });
});
