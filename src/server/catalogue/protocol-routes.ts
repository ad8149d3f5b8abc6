import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { fillPath, GW, paths } from '../../contract/paths.ts';
import { ProductCodeQuery, ProductFileParams } from '../../contract/product.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { isOnline } from './manifest-fields.ts';
import { requireManifest } from './manifest-store.ts';
import { clausePage, missingClausePage, toNotificationInfo, toProductFiles } from './protocol-view.ts';

/** Inline styles only; no script, no outside resource. */
const CLAUSE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** The protocol calls: the notice list, the documents as files, and each document as an HTML page. */
export function registerProtocolRoutes(app: FastifyInstance, { manifests, config }: AppDeps): void {
  app.get<{ Querystring: Static<typeof ProductCodeQuery> }>(
    paths.notificationInfo,
    { schema: { querystring: ProductCodeQuery } },
    async (request) => ok(toNotificationInfo(requireManifest(manifests, request.query.productCode))),
  );

  app.get<{ Querystring: Static<typeof ProductCodeQuery> }>(
    paths.productFilePaths,
    { schema: { querystring: ProductCodeQuery } },
    async (request) => {
      const manifest = requireManifest(manifests, request.query.productCode);
      const base = `${config.publicUrl ?? ''}${GW}`;
      return ok(toProductFiles(manifest, (no) => base + fillPath(paths.productFile, { code: manifest.productCode, no: String(no) })));
    },
  );

  app.get<{ Params: Static<typeof ProductFileParams> }>(
    paths.productFile,
    { schema: { params: ProductFileParams } },
    async (request, reply) => {
      const manifest = manifests.byProductCode(request.params.code);
      const protocol = manifest && isOnline(manifest) ? manifest.protocols[request.params.no - 1] : undefined;
      reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', CLAUSE_CSP);
      if (!manifest || !protocol) return reply.code(404).send(missingClausePage());
      return reply.header('cache-control', 'no-cache').send(clausePage(manifest, protocol));
    },
  );
}
