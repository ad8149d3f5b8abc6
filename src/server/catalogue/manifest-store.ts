import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkManifestSet, formatProblem, type ManifestProblem } from '../../engine/manifest/index.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { notFound } from '../http/envelope.ts';

/** The product catalogue, read once at start and immutable afterwards. */
export interface ManifestStore {
  /** In file-name order, which is the catalogue order. */
  readonly all: readonly ProductManifest[];
  byProductCode(code: string): ProductManifest | undefined;
  byRoute(route: string): ProductManifest | undefined;
}

export class ManifestError extends Error {
  constructor(readonly problems: readonly ManifestProblem[]) {
    super(`Invalid product manifests:\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'ManifestError';
  }
}

/** Indexes already-validated manifests. */
export function createManifestStore(manifests: readonly ProductManifest[]): ManifestStore {
  const byCode = new Map(manifests.map((m) => [m.productCode, m]));
  const byRoute = new Map(manifests.flatMap((m) => m.routes.map((route) => [route, m] as const)));
  return {
    all: manifests,
    byProductCode: (code) => byCode.get(code),
    byRoute: (route) => byRoute.get(route),
  };
}

/**
 * Reads every `*.json` of `dir` and validates them with the engine (schema,
 * cross-field rules, codes and routes unique across files).
 * @throws ManifestError listing every problem, so the server refuses to start on a bad catalogue
 */
export function loadManifestStore(dir: string): ManifestStore {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const entries: { file: string; data: unknown }[] = [];
  const problems: ManifestProblem[] = [];
  for (const name of files) {
    const path = join(dir, name);
    const file = relative(process.cwd(), path) || name;
    try {
      entries.push({ file, data: JSON.parse(readFileSync(path, 'utf8')) });
    } catch (error) {
      problems.push({ file, pointer: '', message: `not readable JSON: ${(error as Error).message}` });
    }
  }
  if (entries.length === 0 && problems.length === 0) {
    problems.push({ file: dir, pointer: '', message: 'no product manifests found', hint: 'add manifests/*.json' });
  }
  problems.push(...checkManifestSet(entries));
  if (problems.length > 0) throw new ManifestError(problems);
  return createManifestStore(entries.map((e) => e.data as ProductManifest));
}

/** The manifest of `productCode`, or the 4004 answer for an unknown product. */
export function requireManifest(store: ManifestStore, productCode: string): ProductManifest {
  const manifest = store.byProductCode(productCode);
  if (!manifest) throw notFound('产品');
  return manifest;
}
