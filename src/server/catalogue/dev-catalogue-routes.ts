import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { paths } from '../../contract/paths.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { buildDevCatalogue } from './dev-catalogue.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });

/** GET __dev/catalogue: the catalogue preview's data; the route exists only when development endpoints are on. */
export function registerDevCatalogueRoute(app: FastifyInstance, { config, manifests }: AppDeps): void {
  if (!config.devEndpoints) return;
  app.get(paths.devCatalogue, { schema: { querystring: NoQuery } }, async () => ok(buildDevCatalogue(config.manifestsDir, manifests)));
}
