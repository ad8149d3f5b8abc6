import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { paths } from '../../contract/paths.ts';
import { ProductAttrParams, ProductTypeStateQuery, type ProductTypeState } from '../../contract/product.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { statusOf } from './manifest-fields.ts';
import { findManifest } from './manifest-store.ts';

/**
 * The attribute calls: the manifest itself and the product-type state. Both
 * answer offline products too (with their status), so the web app can tell
 * an offline product from an unknown one.
 */
export function registerAttrRoutes(app: FastifyInstance, { manifests }: AppDeps): void {
  app.get<{ Params: Static<typeof ProductAttrParams> }>(
    paths.productAttr,
    { schema: { params: ProductAttrParams } },
    async (request) => ok(findManifest(manifests, request.params.code)),
  );

  app.get<{ Params: Static<typeof ProductAttrParams>; Querystring: Static<typeof ProductTypeStateQuery> }>(
    paths.productTypeState,
    { schema: { params: ProductAttrParams, querystring: ProductTypeStateQuery } },
    async (request) => {
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
    },
  );
}
