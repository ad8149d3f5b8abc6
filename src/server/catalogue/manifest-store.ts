import { reservedRoutes } from '../../contract/app-routes.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { PRODUCT_UNAVAILABLE } from '../../contract/product.ts';
import { checkManifestSet, formatProblem, type ManifestProblem } from '../../engine/manifest/index.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { withBuiltPlans } from '../../engine/plans/build-plans.ts';
import { BUNDLED_REGISTRIES, insurerEntriesOf, resolveManifest, type Registries } from '../../engine/manifest/references.ts';
import { completeProtocols } from '../../engine/manifest/protocol-content.ts';
import { bannerImageOf } from '../../engine/manifest/visual-identity.ts';
import { ApiError } from '../http/envelope.ts';
import { readJsonDir, readRegistries, type JsonFile } from './json-files.ts';
import { usePrecompiledValidators } from './precompiled-validator.ts';
import { isOnline, productCodesOf } from './manifest-fields.ts';

/** The product catalogue, read once at start and immutable afterwards. */
export interface ManifestStore {
  /** Every manifest, offline ones included, in file-name order (the catalogue order); plan builders applied. */
  readonly all: readonly ProductManifest[];
  /** The manifests on sale (status online). */
  readonly online: readonly ProductManifest[];
  /** By product code or alias code, offline or not. */
  byProductCode(code: string): ProductManifest | undefined;
  byRoute(route: string): ProductManifest | undefined;
  /** The claims hotline (报案电话) of the product's first insurer that has one in the insurer registry (lead first). */
  hotlineOf(code: string): string | undefined;
}

export class ManifestError extends Error {
  constructor(readonly problems: readonly ManifestProblem[]) {
    super(`Invalid product manifests:\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'ManifestError';
  }
}

/**
 * A valid manifest as the app sells and serves it: its registry references
 * resolved (the insurers' names, logos and areas), the authoring-only
 * properties (`copiedFrom`, `noMarket`) left out, the banner image set (the
 * manifest's own, else its category's illustration), a plan builder's
 * three plans in place of the raw plans (engine `withBuiltPlans`), so
 * pricing, orders and the web app all see the same plans, and the notices
 * and clauses completed from those plans (engine `completeProtocols`).
 */
export function toServedManifest(manifest: ProductManifest, registries: Registries = BUNDLED_REGISTRIES): ProductManifest {
  const { copiedFrom: _copiedFrom, noMarket: _noMarket, ...served } = resolveManifest(manifest, registries);
  const detail = { ...served.detail, banner: { ...served.detail.banner, image: bannerImageOf(served) } };
  const built = withBuiltPlans({ ...served, detail } as ProductManifest);
  // Notices and clauses complete, written from the plans as sold (after a plan builder).
  return { ...built, protocols: completeProtocols(built) };
}

/** Indexes already-validated manifests (served form, {@link toServedManifest}) by every code (own and alias) and route. */
export function createManifestStore(manifests: readonly ProductManifest[], registries: Registries = BUNDLED_REGISTRIES): ManifestStore {
  const all = manifests.map((m) => toServedManifest(m, registries));
  const byCode = new Map(all.flatMap((m) => productCodesOf(m).map((code) => [code, m] as const)));
  const byRoute = new Map(all.flatMap((m) => m.routes.map((route) => [route, m] as const)));
  const hotlines = new Map(
    manifests.flatMap((m) => {
      const entries = insurerEntriesOf(m, registries).sort((a, b) => a.partyRole - b.partyRole);
      const hotline = entries.find((e) => e.entry.claimsHotline)?.entry.claimsHotline;
      return hotline ? productCodesOf(m).map((code) => [code, hotline] as const) : [];
    }),
  );
  return {
    all,
    online: all.filter(isOnline),
    byProductCode: (code) => byCode.get(code),
    byRoute: (route) => byRoute.get(route),
    hotlineOf: (code) => hotlines.get(code),
  };
}

/**
 * Problems of a folder's manifests: unreadable files, the registries, then the
 * engine's checks (schema, references, cross-field, across files). Warnings
 * (severity 'warning') are among the problems; they never stop the server.
 */
export function checkManifestDir(dir: string): { files: JsonFile[]; problems: ManifestProblem[]; registries: Registries } {
  usePrecompiledValidators();
  const { files, problems } = readJsonDir(dir);
  const { registries, problems: registryProblems } = readRegistries(dir);
  problems.push(...registryProblems);
  const readable = files.filter((f) => f.data !== undefined);
  if (files.length === 0) {
    problems.push({ file: dir, pointer: '', message: 'no product manifests found', hint: 'add manifests/*.json' });
  }
  problems.push(...checkManifestSet(readable.map(({ file, data }) => ({ file, data })), reservedRoutes(), registries));
  return { files, problems, registries };
}

/** Errors only: what stops the server or a check (warnings fail only `manifests:check --strict`). */
export const errorsOf = (problems: readonly ManifestProblem[]) => problems.filter((p) => p.severity !== 'warning');

/**
 * Reads every `*.json` of `dir` and validates them with the engine (schema,
 * registry references, cross-field rules, codes and routes unique across files).
 * @throws ManifestError listing every error, so the server refuses to start on a bad catalogue
 */
export function loadManifestStore(dir: string): ManifestStore {
  const { files, problems, registries } = checkManifestDir(dir);
  const errors = errorsOf(problems);
  if (errors.length > 0) throw new ManifestError(errors);
  return createManifestStore(files.map((f) => f.data as ProductManifest), registries);
}

/** The 4004 answer for a product that does not exist or is no longer sold. */
export const productUnavailable = () => new ApiError(ErrorCode.NotFound, PRODUCT_UNAVAILABLE);

/** The manifest of `code` (own or alias code), whatever its status, or the 4004 answer. */
export function findManifest(store: ManifestStore, code: string): ProductManifest {
  const manifest = store.byProductCode(code);
  if (!manifest) throw productUnavailable();
  return manifest;
}

/**
 * The manifest of a product on sale, by own or alias code: unknown and
 * offline products get the 4004 answer 商品不存在或已下架 (display, quote and
 * order calls all go through here, so an offline product cannot be ordered).
 */
export function requireManifest(store: ManifestStore, code: string): ProductManifest {
  const manifest = findManifest(store, code);
  if (!isOnline(manifest)) throw productUnavailable();
  return manifest;
}
