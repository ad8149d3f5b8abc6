/**
 * Manifest folders for catalogue tests: a temporary copy of manifests/ with
 * edits, so that a test can add, change or break a product without touching
 * the real catalogue.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductManifest } from '../../src/engine/manifest/manifest-types.generated.ts';

export function readManifest(id: string): ProductManifest {
  return JSON.parse(readFileSync(join('manifests', `${id}.json`), 'utf8')) as ProductManifest;
}

/** A temporary folder holding a copy of every manifest of manifests/. */
export function copyOfManifests(): string {
  const dir = mkdtempSync(join(tmpdir(), 'edu-manifests-'));
  cpSync('manifests', dir, { recursive: true, filter: (src) => !src.endsWith('~') });
  return dir;
}

/** Writes `manifest` as `<id>.json` into `dir` (the $schema path is kept as it is: ajv does not follow it). */
export function writeManifest(dir: string, manifest: ProductManifest | Record<string, unknown>, fileName?: string): string {
  const id = String((manifest as { id?: unknown }).id ?? 'unnamed');
  const file = join(dir, fileName ?? `${id}.json`);
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return file;
}
