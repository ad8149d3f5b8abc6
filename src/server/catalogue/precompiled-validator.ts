/**
 * The manifest schema's validator compiled once per schema, not once per
 * process (issue 14: `manifests:check` cold under 300 ms; issue 15: server
 * start). Compiling the schema with ajv takes most of a cold check; the
 * compiled validator is kept as standalone code (ajv's `standalone`) in
 * node_modules/.cache/edu-insure/, named by a hash of the schema, the ajv
 * version and the options, and later processes load it. A changed schema
 * gets a new file; a cache that cannot be written or read only costs the
 * compile (the validator is then compiled as before).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import manifestSchema from '../../../schemas/product-manifest.schema.json' with { type: 'json' };
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { compileManifestValidator, MANIFEST_AJV_OPTIONS, useManifestValidator } from '../../engine/manifest/validate-manifest.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';

type Standalone = (ajv: unknown, validate: unknown) => string;
const standaloneCode = ((standaloneModule as unknown as { default?: Standalone }).default ?? standaloneModule) as unknown as Standalone;

/** Where precompiled validators are kept (inside node_modules, so that the `ajv` they require resolves). */
export const VALIDATOR_CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'edu-insure');

function ajvVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules', 'ajv', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** The cache file of the current schema, ajv and options. */
export function precompiledValidatorFile(dir = VALIDATOR_CACHE_DIR): string {
  const key = createHash('sha256').update(JSON.stringify([manifestSchema, MANIFEST_AJV_OPTIONS, ajvVersion()])).digest('hex').slice(0, 16);
  return join(dir, `manifest-validator-${key}.cjs`);
}

/**
 * Makes the engine's manifest checks use the precompiled validator: loaded
 * when the cache has it, otherwise compiled once here and written for the
 * next process. Returns how it was obtained.
 */
export function usePrecompiledManifestValidator(dir = VALIDATOR_CACHE_DIR): 'loaded' | 'compiled' | 'uncached' {
  const file = precompiledValidatorFile(dir);
  if (existsSync(file)) {
    try {
      useManifestValidator(createRequire(file)(file) as ValidateFunction<ProductManifest>);
      return 'loaded';
    } catch {
      // A damaged or foreign file: compile below and replace it.
    }
  }
  const { ajv, validate } = compileManifestValidator(true);
  useManifestValidator(validate);
  try {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: a process reading it never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, standaloneCode(ajv, validate));
    renameSync(partial, file);
    return 'compiled';
  } catch {
    return 'uncached';
  }
}
