/**
 * The authoring schemas' validators (product manifest, market, insurer and
 * branch registries: src/engine/manifest/schema-validators.ts) compiled once
 * per schema, not once per process (a cold `manifests:check`
 * under 300 ms, and a quick server start). Compiling the schemas with ajv takes most
 * of a cold check; each compiled validator is kept as standalone code (ajv's
 * `standalone`) in node_modules/.cache/edu-insure/, named by a hash of the
 * schema, the ajv version and the options, and later processes load it. A
 * changed schema gets a new file; a cache that cannot be written or read only
 * costs the compile (the validator is then compiled as before).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { SCHEMA_VALIDATORS, type SchemaValidatorSlot } from '../../engine/manifest/schema-validators.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';

type Standalone = (ajv: unknown, validate: unknown) => string;
const standaloneCode = ((standaloneModule as unknown as { default?: Standalone }).default ?? standaloneModule) as unknown as Standalone;

/** Where precompiled validators are kept (inside node_modules, so that the `ajv` they require resolves). */
export const VALIDATOR_CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'edu-insure');

let ajvVersionRead: string | undefined;
function ajvVersion(): string {
  try {
    ajvVersionRead ??= (JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules', 'ajv', 'package.json'), 'utf8')) as { version: string }).version;
    return ajvVersionRead;
  } catch {
    return 'unknown';
  }
}

/** The cache file of a slot's current schema, ajv and options. */
export function precompiledValidatorFile(slot: SchemaValidatorSlot, dir = VALIDATOR_CACHE_DIR): string {
  const key = createHash('sha256').update(JSON.stringify([slot.schema, slot.options, ajvVersion()])).digest('hex').slice(0, 16);
  return join(dir, `${slot.name}-validator-${key}.cjs`);
}

/** One slot: loaded when the cache has it, otherwise compiled here and written for the next process. */
function usePrecompiled(slot: SchemaValidatorSlot, dir: string): 'loaded' | 'compiled' | 'uncached' {
  const file = precompiledValidatorFile(slot, dir);
  if (existsSync(file)) {
    try {
      slot.use(createRequire(file)(file) as ValidateFunction);
      return 'loaded';
    } catch {
      // A damaged or foreign file: compile below and replace it.
    }
  }
  const { ajv, validate } = slot.compile(true);
  slot.use(validate);
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

/**
 * Makes the engine's checks use precompiled validators for every authoring
 * schema. Returns how each was obtained, by slot name.
 */
export function usePrecompiledValidators(dir = VALIDATOR_CACHE_DIR): Record<string, 'loaded' | 'compiled' | 'uncached'> {
  return Object.fromEntries(SCHEMA_VALIDATORS.map((slot) => [slot.name, usePrecompiled(slot, dir)]));
}
