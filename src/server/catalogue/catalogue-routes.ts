import type { FastifyInstance } from 'fastify';
import { productCalls } from '../../contract/product.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { registerAttrRoutes } from './attr-routes.ts';
import { registerDevCatalogueRoute } from './dev-catalogue-routes.ts';
import { registerDisplayRoutes } from './display-routes.ts';
import { productCodesOf } from './manifest-fields.ts';
import { inCategory, toProductListItem } from './product-views.ts';
import { registerProtocolRoutes } from './protocol-routes.ts';
import { registerQuoteRoute } from './quote-routes.ts';

/** Every product call of spec §7, served from the manifests; one module per call group. */
export function registerCatalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerListRoutes(app, deps);
  registerAttrRoutes(app, deps);
  registerDisplayRoutes(app, deps);
  registerQuoteRoute(app, deps);
  registerProtocolRoutes(app, deps);
  registerDevCatalogueRoute(app, deps);
}

/** The home list and the valid product codes: products on sale only. */
function registerListRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { manifests } = deps;
  const route = routesOf(app, deps);
  // The catalogue is immutable after start: build the answers once.
  const listItems = manifests.online.map((m) => ({ manifest: m, item: toProductListItem(m) }));
  const validCodes = manifests.online.flatMap(productCodesOf);

  route(productCalls.productList, async (request) => {
    const category = request.body.category;
    return ok({ list: listItems.filter(({ manifest }) => inCategory(manifest, category)).map((e) => e.item) });
  });

  route(productCalls.validProductCodes, async () => ok(validCodes));
}
