import type { FastifyInstance } from 'fastify';
import { productCalls, type ProductTypeState } from '../../contract/product.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { statusOf } from './manifest-fields.ts';
import { manifestHash } from './manifest-hash.ts';
import { findManifest } from './manifest-store.ts';

/**
 * The attribute calls: the manifest itself and the product-type state. Both
 * answer offline products too (with their status), so the web app can tell
 * an offline product from an unknown one.
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
