export type * from './manifest-types.generated.ts';
export { validateManifest, formatProblem, assertManifest, type ManifestProblem } from './validate-manifest.ts';
export { checkManifestSet } from './check-manifest-set.ts';
