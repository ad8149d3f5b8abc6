import type { FastifyInstance } from 'fastify';
import { PRODUCT_LIST_PAGE_SIZE } from '../../contract/product.ts';
import { productCalls } from '../../contract/product-calls.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { registerAttrRoutes } from './attr-routes.ts';
import { registerDevCatalogueRoute } from './dev-catalogue-routes.ts';
import { registerDisplayRoutes } from './display-routes.ts';
import { registerFormValidatorRoute } from './form-validators.ts';
import type { ManifestStore } from './manifest-store.ts';
import { productCodesOf } from './manifest-fields.ts';
import { categoriesOfProduct, inCategory, toProductListItem } from './product-views.ts';
import { preparedAnswer, sendPrepared } from './prepared-answers.ts';
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
  registerFormValidatorRoute(app, deps);
}

const categories = new WeakMap<ManifestStore, ReadonlySet<string>>();

/** Every category a product on sale is listed under, once per manifest set (a request looks its category up, not the catalogue through). */
function categoriesOf(store: ManifestStore): ReadonlySet<string> {
  let known = categories.get(store);
  if (!known) {
    known = new Set(store.online.flatMap(categoriesOfProduct));
    categories.set(store, known);
  }
  return known;
}

/**
 * The home list and the valid product codes: products on sale only. Both are
 * answered from bytes prepared once per manifest set (prepared-answers.ts):
 * the whole list (what the web app asks for) and each page asked for.
 */
function registerListRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);
  // The answers are sent already encoded (br or gzip, made once per manifest set) or below the threshold;
  // refusals are one-sentence envelopes: no answer of these routes is left for @fastify/compress to do.
  const ownEncoding = { compress: false } as const;

  route(productCalls.productList, async (request, reply) => {
    const { category, pageNum, pageSize } = request.body;
    const store = deps.manifests;
    const paged = pageNum !== undefined || pageSize !== undefined;
    const page = { num: pageNum ?? 1, size: pageSize ?? PRODUCT_LIST_PAGE_SIZE };
    // Unknown categories share one (empty) answer, so what a client makes up does not grow the cache.
    const known = !category || categoriesOf(store).has(category);
    const key = `list\0${known ? (category ?? '') : '?'}\0${paged ? `${page.num}\0${page.size}` : 'all'}`;
    const answer = preparedAnswer(store, key, reply, () => {
      const all = known ? store.online.filter((m) => inCategory(m, category)) : [];
      const shown = paged ? all.slice((page.num - 1) * page.size, page.num * page.size) : all;
      return ok({ list: shown.map(toProductListItem), total: all.length });
    });
    return sendPrepared(request, reply, answer);
  }, ownEncoding);

  route(productCalls.validProductCodes, async (request, reply) => {
    const answer = preparedAnswer(deps.manifests, 'validProductCodes', reply, () => ok(deps.manifests.online.flatMap(productCodesOf)));
    return sendPrepared(request, reply, answer);
  }, ownEncoding);
}
