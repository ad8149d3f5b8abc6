import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MarketManifest } from '../../engine/markets/market-types.generated.ts';
import { checkMarketSet } from '../../engine/markets/validate-market.ts';
import { readJsonDir, readRegistries } from '../catalogue/json-files.ts';
import { marketBranchProblems } from '../../engine/manifest/references.ts';
import { ManifestError, type ManifestStore } from '../catalogue/manifest-store.ts';

/** The market configuration (manifests/markets/*.json), read and validated once at start. */
export interface MarketStore {
  /** Every market, offline ones included, in file-name order. */
  readonly all: readonly MarketManifest[];
  byId(id: string): MarketManifest | undefined;
}

export function createMarketStore(markets: readonly MarketManifest[]): MarketStore {
  const byId = new Map(markets.map((m) => [m.id, m] as const));
  return { all: markets, byId: (id) => byId.get(id) };
}

/**
 * Reads every `*.json` of `dir` and validates them against the market schema
 * and the product catalogue (ids unique, product codes known, home route).
 * A missing folder means no markets (the home page shows the plain catalogue).
 * @throws ManifestError listing every problem, so the server refuses to start on a bad market
 */
export function loadMarketStore(dir: string, products: ManifestStore): MarketStore {
  if (!existsSync(dir)) return createMarketStore([]);
  const { files, problems } = readJsonDir(dir);
  const entries = files.filter((f) => f.data !== undefined);
  problems.push(...checkMarketSet(entries, products.all));
  const { registries } = readRegistries(dirname(dir));
  for (const { file, data } of entries) problems.push(...marketBranchProblems(file, (data as Partial<MarketManifest>).branch, registries));
  if (problems.length > 0) throw new ManifestError(problems);
  return createMarketStore(entries.map((e) => e.data as MarketManifest));
}
