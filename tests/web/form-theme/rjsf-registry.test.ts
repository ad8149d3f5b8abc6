/**
 * The web build's short rjsf registry (scripts/lib/vite-rjsf-registry.ts):
 * applied here as in the build (vitest.config.ts), and enough for every
 * manifest's insure form — objects, arrays and strings only, no `oneOf`,
 * `anyOf`, `allOf` or `$ref` (the build has no `allOf` merge).
 */
import { readdirSync, readFileSync } from 'node:fs';
import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import { retrieveSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { ALL_OF_REFUSED, KEPT_FIELDS, KEPT_WIDGETS } from '../../../scripts/lib/vite-rjsf-registry.ts';
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

  it('has no allOf merge: a schema with one is used without it, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const schema: RJSFSchema = { type: 'object', properties: { a: { type: 'string' } }, allOf: [{ required: ['a'] }] };
    expect(retrieveSchema({} as ValidatorType, schema, schema, {})).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(String(warn.mock.calls[0]?.[1])).toContain(ALL_OF_REFUSED);
    warn.mockRestore();
  });
});
