/**
 * Registries change the files, not what parents see: every manifest, served
 * by the server (references resolved, plan builders built), equals the
 * served manifest of the commit before registries
 * (tests/fixtures/served-manifests.base.json, written at that commit by
 * loadManifestStore('manifests')). The differences allowed are the visual
 * identity (issue 17): insurer logos are now the insurers' generated
 * letter-marks, the banner carries its illustration, and notices and
 * clauses are completed around their paragraphs (tested in
 * tests/engine/visual-identity.test.ts). The electronic-contract
 * section (issue 12) came after the snapshot and is left out of the
 * comparison; it is tested in tests/server/contracts.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { loadManifestStore } from '../../src/server/catalogue/manifest-store.ts';

const base = JSON.parse(readFileSync('tests/fixtures/served-manifests.base.json', 'utf8')) as Record<string, ProductManifest>;
const store = loadManifestStore('manifests');
/** The manifest without its images (insurer logos, banner illustration) and its documents' texts (completed since). */
const shownLogo = ({ contract: _contract, ...m }: ProductManifest) => ({
  ...m,
  insurers: m.insurers.map(({ logoUrl: _logo, ...i }) => i),
  detail: { ...m.detail, banner: { ...m.detail.banner, image: undefined } },
  protocols: m.protocols.map(({ content: _content, ...p }) => p),
});

describe('served manifests before and after the registries', () => {
  it('serves the same products', () => {
    expect(store.all.map((m) => m.productCode).sort()).toEqual(Object.keys(base).sort());
  });

  it.each(Object.keys(base))('%s is served as before', (code) => {
    const served = store.byProductCode(code)!;
    expect(shownLogo(served)).toEqual(shownLogo(base[code]!));
    // Notices and clauses keep every paragraph they had; what is added comes around them.
    base[code]!.protocols.forEach((p, i) => {
      for (const paragraph of p.content.split(/\n\s*\n/)) expect(served.protocols[i]!.content).toContain(paragraph.trim());
    });
  });
});
