/**
 * Validation of market manifests (manifests/markets/*.json): the JSON Schema,
 * then the rules of one market (id = file name, areas that are codes of the
 * national region tree, no area inside another), then, in
 * {@link checkMarketSet}, the rules across markets and product manifests.
 * Problems use the product manifests' `file  /pointer  message  (hint)` shape.
 *
 * Imports the national region table: server and scripts only, never the web.
 */
import type { ProductManifest } from '../manifest/manifest-types.generated.ts';
import { toProblem, type ManifestProblem } from '../manifest/problem-messages.ts';
import { MARKET_VALIDATOR } from '../manifest/schema-validators.ts';
import { findRegion } from '../regions/region-table.ts';
import { regionWithin } from '../rules/regions.ts';
import type { MarketManifest } from './market-types.generated.ts';

/** The generic market home; any other homeRoute is the detail route of one of the market's products. */
export const MARKET_HOME_ROUTE = '/insureMarketHome';

const SCHEMA_FILE = 'schemas/market-manifest.schema.json';

/** Schema, then the rules of one market. */
export function validateMarket(data: unknown, file: string): ManifestProblem[] {
  const validate = MARKET_VALIDATOR.get();
  if (!validate(data)) return (validate.errors ?? []).map((e) => toProblem(file, e, SCHEMA_FILE));
  const market = data;
  const problems: ManifestProblem[] = [];
  const expectedId = file.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
  if (file.endsWith('.json') && market.id !== expectedId) {
    problems.push({ file, pointer: '/id', message: `id "${market.id}" differs from the file name`, hint: `use "${expectedId}"` });
  }
  market.areas.forEach((area, i) => {
    if (!findRegion(area)) {
      problems.push({
        file,
        pointer: `/areas/${i}`,
        message: `area ${area} is not a code of the national region tree`,
        hint: 'use a province (XX0000), city (XXYY00) or county code of GB/T 2260; GET /_gw/user-svc/api/v1/getArea/000000 lists the provinces',
      });
      return;
    }
    const outer = market.areas.findIndex((other, j) => j !== i && other !== area && findRegion(other) && regionWithin(area, other));
    if (outer >= 0) {
      problems.push({
        file,
        pointer: `/areas/${i}`,
        message: `area ${area} lies inside area ${market.areas[outer]} of the same market`,
        hint: 'list the broader area only',
      });
    }
  });
  return problems;
}

const ONLINE = (m: ProductManifest) => (m.status ?? 'online') === 'online';

/**
 * Markets against each other and against the product manifests: ids unique,
 * every product code a productCode or alias code of a product manifest, an
 * online market offering at least one product on sale, and a homeRoute that
 * is the market home or a detail route of one of its products.
 */
export function checkMarketSet(
  entries: readonly { file: string; data: unknown }[],
  products: readonly ProductManifest[],
): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const byCode = new Map<string, ProductManifest>();
  for (const m of products) for (const code of [m.productCode, ...(m.aliasCodes ?? [])]) byCode.set(code, m);
  const ids = new Map<string, string>();
  for (const { file, data } of entries) {
    const own = validateMarket(data, file);
    problems.push(...own);
    if (own.length > 0) continue;
    const market = data as MarketManifest;
    const owner = ids.get(market.id);
    if (owner) problems.push({ file, pointer: '/id', message: `market id ${market.id} is also used by ${owner}`, hint: 'market ids are unique' });
    else ids.set(market.id, file);
    const offered: ProductManifest[] = [];
    market.products.forEach((code, i) => {
      const product = byCode.get(code);
      if (!product) {
        problems.push({
          file,
          pointer: `/products/${i}`,
          message: `product code ${code} is not in any product manifest`,
          hint: 'use the productCode (or an alias code) of a manifests/*.json file',
        });
      } else offered.push(product);
    });
    if (market.status === 'online' && offered.length === market.products.length && !offered.some(ONLINE)) {
      problems.push({
        file,
        pointer: '/products',
        message: 'an online market offers no product on sale',
        hint: 'add a product whose status is online, or set the market offline',
      });
    }
    if (market.homeRoute !== MARKET_HOME_ROUTE && !offered.some((p) => p.routes.includes(market.homeRoute))) {
      problems.push({
        file,
        pointer: '/homeRoute',
        message: `home route ${market.homeRoute} is neither ${MARKET_HOME_ROUTE} nor a detail route of the market's products`,
        hint: `use "${MARKET_HOME_ROUTE}" or one of ${JSON.stringify(offered.flatMap((p) => p.routes))}`,
      });
    }
  }
  return problems;
}
