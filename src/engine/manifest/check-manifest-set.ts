import type { ProductManifest } from './manifest-types.generated.ts';
import { checkMarketSet } from '../markets/validate-market.ts';
import { validateManifest, type ManifestProblem } from './validate-manifest.ts';

const CODES_HINT = 'product codes and alias codes are unique across manifests: one code opens one manifest';

/**
 * Validates a set of manifests one by one, then the rules that span them:
 * product codes (with alias codes), ids and detail routes unique across all
 * manifests, and no detail route among `reservedRoutes`, the routes that
 * belong to the app itself (the engine does not know them: callers pass
 * `reservedRoutes()` of src/contract/app-routes.ts, derived from the web
 * app's route table).
 */
export function checkManifestSet(entries: readonly { file: string; data: unknown }[], reservedRoutes: ReadonlySet<string>): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const valid: { file: string; manifest: ProductManifest }[] = [];
  for (const { file, data } of entries) {
    const own = validateManifest(data, file);
    problems.push(...own);
    if (own.length === 0) valid.push({ file, manifest: data as ProductManifest });
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
  return problems;
}

// --- markets
/**
 * The whole configuration: product manifests (checkManifestSet, with the app's
 * reserved routes) and market
 * manifests (schema, one market's rules, ids unique, product codes among the
 * product manifests, home route; src/engine/markets/validate-market.ts).
 */
export function checkCatalogue(
  products: readonly { file: string; data: unknown }[],
  markets: readonly { file: string; data: unknown }[],
  reservedRoutes: ReadonlySet<string>,
): ManifestProblem[] {
  const readable = products
    .map((p) => p.data as ProductManifest)
    .filter((m) => typeof m === 'object' && m !== null && typeof m.productCode === 'string' && Array.isArray(m.routes));
  return [...checkManifestSet(products, reservedRoutes), ...checkMarketSet(markets, readable)];
}
