import type { FastifyInstance } from 'fastify';
import { productCalls } from '../../contract/product-calls.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { toProductDetail } from './detail-view.ts';
import { requireManifest } from './manifest-store.ts';
import { toProgramDisplay } from './program-view.ts';
import { toProductDisplay } from './product-views.ts';

/** The display calls: products on sale only (unknown or offline: 4004 商品不存在或已下架). */
export function registerDisplayRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { manifests } = deps;
  const route = routesOf(app, deps);

  route(productCalls.productDisplay, async (request) => ok(toProductDisplay(requireManifest(manifests, request.query.productCode))));

  route(productCalls.productDetail, async (request) =>
    ok(toProductDetail(requireManifest(manifests, request.query.id), request.query.id)),
  );

  route(productCalls.programDisplay, async (request) => ok(toProgramDisplay(requireManifest(manifests, request.body.productCode))));
}
