import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { GW } from '../../contract/define-call.ts';
import { metaCalls } from '../../contract/meta.ts';
import type { RouteFn } from './route.ts';

/** The browsable reference, in development only (outside `/_gw`: its pages are not API calls). */
export const API_REFERENCE_PATH = '/_reference';

/**
 * Collects the schema of every route registered after it (so it must be
 * registered before the routes) into an OpenAPI 3.1 document. Only `/_gw`
 * calls appear: sandbox pages and the web app's files are not the API.
 */
export async function registerOpenApi(app: FastifyInstance, options: { reference: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '学平险在线投保 /_gw',
        description:
          'Every call answers `{code, msg, data}`: code 0000 with data, or a refusal with data null (business refusals with HTTP 200, malformed requests with HTTP 400 code 4000). See ARCHITECTURE.md, "Error codes".',
        version: '1',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: ({ schema, url }) => ({ schema: url.startsWith(`${GW}/`) ? schema : { ...schema, hide: true }, url }),
  });
  if (options.reference) {
    await app.register(swaggerUi, { routePrefix: API_REFERENCE_PATH, uiConfig: { docExpansion: 'list' }, staticCSP: true });
  }
}

/** Serves the document at `/_gw/openapi.json` (in the `/_gw` scope). */
export function registerOpenApiRoute(gw: FastifyInstance, route: RouteFn): void {
  route(metaCalls.openapi, async (_request, reply) => reply.type('application/json').send(gw.swagger()));
}
