import type { FastifyInstance } from 'fastify';
import { type ProductTypeState } from '../../contract/product.ts';
import { productCalls } from '../../contract/product-calls.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { isOnline, statusOf } from './manifest-fields.ts';
import { manifestHash } from './manifest-hash.ts';
import { findManifest, productUnavailable } from './manifest-store.ts';

/**
 * The attribute calls: the manifest itself (by code, or by detail route) and
 * the product-type state. By code, both answer offline products too (with
 * their status), so the web app can tell an offline product from an unknown
 * one; by route, only products on sale, as the product list the route stands
 * for.
 */
export function registerAttrRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { manifests } = deps;
  const route = routesOf(app, deps);

  route(productCalls.productAttr, async (request, reply) => {
    const manifest = findManifest(manifests, request.params.code);
    // The content hash a recorded page version carries (docs/recording.md).
    void reply.header('etag', `"${manifestHash(manifest)}"`);
    return ok(manifest);
  });

  // A detail route opened by its link: the path the product list gives a product on sale (its first
  // route), answered with that product's manifest; any other path (unknown, offline, not canonical) 4004.
  route(productCalls.productAttrByRoute, async (request, reply) => {
    const { path } = request.query;
    const manifest = manifests.byRoute(path);
    if (!manifest || !isOnline(manifest) || manifest.routes[0] !== path) throw productUnavailable();
    void reply.header('etag', `"${manifestHash(manifest)}"`);
    return ok(manifest);
  });

  route(productCalls.productTypeState, async (request) => {
    const manifest = findManifest(manifests, request.params.code);
    const { productCategory1, productCategory2, productCategory3 } = manifest.category;
    const state: ProductTypeState = {
      productCode: manifest.productCode,
      attrMark: request.query.attrMark,
      status: statusOf(manifest),
      productCategory1,
      productCategory2,
      productCategory3,
      list: [
        { title: 'one', value: productCategory1 },
        { title: 'two', value: productCategory2 },
        { title: 'three', value: productCategory3 },
      ],
    };
    return ok(state);
  });
}
