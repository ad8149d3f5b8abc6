import type { FastifyInstance } from 'fastify';
import { productCalls } from '../../contract/product-calls.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { buildDevCatalogue } from './dev-catalogue.ts';

/** GET __dev/catalogue: the catalogue preview's data; the route exists only when development endpoints are on (auth 'dev'). */
export function registerDevCatalogueRoute(app: FastifyInstance, deps: AppDeps): void {
  const { config, manifests } = deps;
  routesOf(app, deps)(productCalls.devCatalogue, async () => ok(buildDevCatalogue(config.manifestsDir, manifests)));
}
