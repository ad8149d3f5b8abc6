export type * from './manifest-types.generated.ts';
export { validateManifest, formatProblem, assertManifest, type ManifestProblem } from './validate-manifest.ts';
export { checkManifestSet, checkCatalogue, marketsSelling } from './check-manifest-set.ts';
export type { MarketManifest } from '../markets/market-types.generated.ts';
