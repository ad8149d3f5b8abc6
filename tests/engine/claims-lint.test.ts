/** The manifest check of online claims (src/engine/manifest/claims-lint.ts), on a copy of a product that declares them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Claims, ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';
import { validateManifest } from '../../src/engine/manifest/validate-manifest.ts';

const FILE = 'manifests/jining-student-accident.json';
const BASE = JSON.parse(readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8')) as ProductManifest;

function problemsWith(edit: (claims: Claims) => void) {
  const copy = structuredClone(BASE);
  edit(copy.claims!);
  return validateManifest(copy, FILE).map((p) => `${p.pointer}: ${p.message}`);
}

describe('claims check', () => {
  it('passes the claims as written', () => {
    expect(BASE.claims?.kinds.length).toBeGreaterThan(0);
    expect(validateManifest(BASE, FILE)).toEqual([]);
  });

  it('refuses a liability that names no duty of any plan', () => {
    expect(problemsWith((c) => (c.kinds[0]!.coveredBy = ['意外医疗', '牙科医疗']))).toEqual(['/claims/kinds/0/coveredBy/1: "牙科医疗" is no duty of any plan']);
  });

  it('refuses a kind declared twice', () => {
    expect(problemsWith((c) => (c.kinds[1]!.kind = 'accidentOutpatient'))).toEqual(['/claims/kinds/1/kind: claim kind "accidentOutpatient" is declared twice']);
  });

  it('refuses a document code used twice in a kind, and a kind requiring no document', () => {
    expect(problemsWith((c) => (c.kinds[0]!.documents[1]!.code = 'record'))).toEqual(['/claims/kinds/0/documents/1/code: document code "record" is used twice in the kind']);
    expect(problemsWith((c) => c.kinds[0]!.documents.forEach((d) => (d.required = false)))).toEqual(['/claims/kinds/0/documents: claim kind "accidentOutpatient" requires no document']);
  });

  it('refuses an unknown kind by the schema', () => {
    expect(problemsWith((c) => ((c.kinds[0] as { kind: string }).kind = 'dental')).length).toBeGreaterThan(0);
  });
});
