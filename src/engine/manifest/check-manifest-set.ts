import type { ProductManifest } from './manifest-types.generated.ts';
import { checkMarketSet } from '../markets/validate-market.ts';
import { checkManifest, type ManifestProblem } from './validate-manifest.ts';
import { catalogueCopyWarnings } from './copy-check.ts';
import { BUNDLED_REGISTRIES, marketBranchProblems, type Registries } from './references.ts';
import type { MarketManifest } from '../markets/market-types.generated.ts';

const CODES_HINT = 'product codes and alias codes are unique across manifests: one code opens one manifest';

/**
 * Validates a set of manifests one by one, then the rules that span them:
 * product codes (with alias codes), ids and detail routes unique across all
 * manifests, and no detail route among `reservedRoutes`, the routes that
 * belong to the app itself (the engine does not know them: callers pass
 * `reservedRoutes()` of src/contract/app-routes.ts, derived from the web
 * app's route table).
 */
export function checkManifestSet(
  entries: readonly { file: string; data: unknown }[],
  reservedRoutes: ReadonlySet<string>,
  registries: Registries = BUNDLED_REGISTRIES,
): ManifestProblem[] {
  return checkManifestSetResolved(entries, reservedRoutes, registries).problems;
}

/** {@link checkManifestSet}, also giving the valid manifests with their registry references resolved, in entry order. */
export function checkManifestSetResolved(
  entries: readonly { file: string; data: unknown }[],
  reservedRoutes: ReadonlySet<string>,
  registries: Registries = BUNDLED_REGISTRIES,
): { problems: ManifestProblem[]; valid: { file: string; manifest: ProductManifest; raw: ProductManifest }[] } {
  const problems: ManifestProblem[] = [];
  const valid: { file: string; manifest: ProductManifest; raw: ProductManifest }[] = [];
  for (const { file, data } of entries) {
    const own = checkManifest(data, file, registries);
    problems.push(...own.problems);
    if (own.manifest) valid.push({ file, manifest: own.manifest, raw: data as ProductManifest });
  }
  const codes = new Map<string, string>();
  const routes = new Map<string, string>();
  const notices = new Map<string, string>();
  for (const { file, manifest } of valid) {
    const codeOwner = codes.get(manifest.productCode);
    if (codeOwner) {
      problems.push({ file, pointer: '/productCode', message: `product code ${manifest.productCode} is also used by ${codeOwner}`, hint: CODES_HINT });
    } else codes.set(manifest.productCode, file);
    manifest.aliasCodes?.forEach((code, i) => {
      const aliasOwner = codes.get(code);
      if (aliasOwner) {
        problems.push({ file, pointer: `/aliasCodes/${i}`, message: `alias code ${code} is also used by ${aliasOwner}`, hint: CODES_HINT });
      } else codes.set(code, file);
    });
    manifest.routes.forEach((route, i) => {
      const routeOwner = routes.get(route);
      if (reservedRoutes.has(route)) {
        problems.push({ file, pointer: `/routes/${i}`, message: `route ${route} is reserved by the app`, hint: 'choose a product-specific detail route' });
      } else if (routeOwner) {
        problems.push({ file, pointer: `/routes/${i}`, message: `route ${route} is also used by ${routeOwner}`, hint: 'detail routes are unique across manifests' });
      } else routes.set(route, file);
    });
    if (manifest.noticeRoute) {
      const noticeOwner = notices.get(manifest.noticeRoute);
      if (noticeOwner) {
        problems.push({
          file,
          pointer: '/noticeRoute',
          message: `notice route ${manifest.noticeRoute} is also bound to ${noticeOwner}`,
          hint: 'a notice route shows one product: remove it from one of the two manifests',
        });
      } else notices.set(manifest.noticeRoute, file);
    }
  }
  return { problems, valid };
}

// --- markets
/**
 * The whole configuration: product manifests (checkManifestSet, with the app's
 * reserved routes and the registries) and market manifests (schema, one
 * market's rules, ids unique, product codes among the product manifests, home
 * route, branch in the registry; src/engine/markets/validate-market.ts). Markets
 * reference products, never the other way round: each online product gets a
 * warning when no market sells it, unless it says `"noMarket": true`.
 */
export function checkCatalogue(
  products: readonly { file: string; data: unknown }[],
  markets: readonly { file: string; data: unknown }[],
  reservedRoutes: ReadonlySet<string>,
  registries: Registries = BUNDLED_REGISTRIES,
): ManifestProblem[] {
  const { problems, valid } = checkManifestSetResolved(products, reservedRoutes, registries);
  const readable = products
    .map((p) => p.data as ProductManifest)
    .filter((m) => typeof m === 'object' && m !== null && typeof m.productCode === 'string' && Array.isArray(m.routes));
  problems.push(...checkMarketSet(markets, readable));
  for (const { file, data } of markets) {
    const branch = (data as Partial<MarketManifest> | undefined)?.branch;
    if (branch && typeof branch.branchCode === 'string') problems.push(...marketBranchProblems(file, branch, registries));
  }
  problems.push(...catalogueCopyWarnings(valid, registries));
  const sellers = marketsSelling(markets);
  for (const { file, manifest } of valid) {
    if ((manifest.status ?? 'online') !== 'online' || manifest.noMarket) continue;
    if (![manifest.productCode, ...(manifest.aliasCodes ?? [])].some((code) => sellers.has(code))) {
      problems.push({
        file,
        pointer: '/productCode',
        severity: 'warning',
        message: `no market sells ${manifest.productCode}`,
        hint: `add "${manifest.productCode}" to "products" of a manifests/markets/*.json file (npm run new-product -- … --market <id> does it), or add "noMarket": true when the product is sold outside the city markets`,
      });
    }
  }
  return problems;
}

/** Product code → the files of the markets listing it. */
export function marketsSelling(markets: readonly { file: string; data: unknown }[]): Map<string, string[]> {
  const sellers = new Map<string, string[]>();
  for (const { file, data } of markets) {
    const codes = (data as { products?: unknown } | undefined)?.products;
    if (!Array.isArray(codes)) continue;
    for (const code of codes) if (typeof code === 'string') sellers.set(code, [...(sellers.get(code) ?? []), file]);
  }
  return sellers;
}
