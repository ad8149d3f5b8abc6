/**
 * The web build's short rjsf registry (scripts/lib/vite-rjsf-registry.ts):
 * applied here as in the build (vitest.config.ts), and enough for every
 * manifest's insure form — objects, arrays and strings only, no `oneOf`,
 * `anyOf` or `$ref`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import { describe, expect, it } from 'vitest';
import { KEPT_FIELDS, KEPT_WIDGETS } from '../../../scripts/lib/vite-rjsf-registry.ts';
import { buildInsureFormSchema, type FormJsonSchema } from '../../../src/engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';

const dir = new URL('../../../manifests/', import.meta.url);
const MANIFESTS = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as ProductManifest);

/** Every schema node of a form schema. */
function nodes(schema: FormJsonSchema): FormJsonSchema[] {
  return [schema, ...Object.values(schema.properties ?? {}).flatMap(nodes), ...(schema.items ? nodes(schema.items) : [])];
}

describe('rjsf registry of the web build', () => {
  it('holds only the kept fields and widgets', () => {
    const registry = getDefaultRegistry();
    expect(Object.keys(registry.fields).sort()).toEqual([...KEPT_FIELDS].sort());
    expect(Object.keys(registry.widgets).sort()).toEqual([...KEPT_WIDGETS].sort());
  });

  it.each(MANIFESTS.map((m) => [m.id, m] as const))('suffices for the insure form of %s', (_id, m) => {
    for (const node of nodes(buildInsureFormSchema(m).schema)) {
      expect(['object', 'array', 'string']).toContain(node.type);
      for (const key of ['oneOf', 'anyOf', 'allOf', '$ref', 'format', 'if', 'dependencies']) expect(node).not.toHaveProperty(key);
    }
  });
});
