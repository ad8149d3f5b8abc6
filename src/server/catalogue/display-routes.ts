import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { paths } from '../../contract/paths.ts';
import { ProductCodeQuery, ProductDetailQuery, ProgramDisplayBody } from '../../contract/product.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { toProductDetail } from './detail-view.ts';
import { requireManifest } from './manifest-store.ts';
import { toProgramDisplay } from './program-view.ts';
import { toProductDisplay } from './product-views.ts';

/** The display calls: products on sale only (unknown or offline: 4004 商品不存在或已下架). */
export function registerDisplayRoutes(app: FastifyInstance, { manifests }: AppDeps): void {
  app.get<{ Querystring: Static<typeof ProductCodeQuery> }>(
    paths.productDisplay,
    { schema: { querystring: ProductCodeQuery } },
    async (request) => ok(toProductDisplay(requireManifest(manifests, request.query.productCode))),
  );

  app.get<{ Querystring: Static<typeof ProductDetailQuery> }>(
    paths.productDetail,
    { schema: { querystring: ProductDetailQuery } },
    async (request) => ok(toProductDetail(requireManifest(manifests, request.query.id), request.query.id)),
  );

  app.post<{ Body: Static<typeof ProgramDisplayBody> }>(
    paths.programDisplay,
    { schema: { body: ProgramDisplayBody } },
    async (request) => ok(toProgramDisplay(requireManifest(manifests, request.body.productCode))),
  );
}
