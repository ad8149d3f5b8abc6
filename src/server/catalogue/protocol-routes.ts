import type { FastifyInstance } from 'fastify';
import { fillPath } from '../../contract/define-call.ts';
import { GW } from '../../contract/define-call.ts';
import { productCalls } from '../../contract/product-calls.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { isOnline } from './manifest-fields.ts';
import { requireManifest } from './manifest-store.ts';
import { clausePage, missingClausePage, toNotificationInfo, toProductFiles } from './protocol-view.ts';

/** Inline styles only; no script, no outside resource. */
const CLAUSE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** The protocol calls: the notice list, the documents as files, and each document as an HTML page. */
export function registerProtocolRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { manifests, config } = deps;
  const route = routesOf(app, deps);

  route(productCalls.notificationInfo, async (request) => ok(toNotificationInfo(requireManifest(manifests, request.query.productCode))));

  route(productCalls.productFilePaths, async (request) => {
    const manifest = requireManifest(manifests, request.query.productCode);
    const base = `${config.publicUrl ?? ''}${GW}`;
    return ok(toProductFiles(manifest, (no) => base + fillPath(productCalls.productFile.path, { code: manifest.productCode, no: String(no) })));
  });

  route(productCalls.productFile, async (request, reply) => {
    const manifest = manifests.byProductCode(request.params.code);
    const protocol = manifest && isOnline(manifest) ? manifest.protocols[request.params.no - 1] : undefined;
    // A document framed by the app (frame-ancestors 'self'), where the API set says DENY: its own pair.
    reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', CLAUSE_CSP).header('x-frame-options', 'SAMEORIGIN');
    if (!manifest || !protocol) return reply.code(404).send(missingClausePage());
    return reply.header('cache-control', 'no-cache').send(clausePage(manifest, protocol));
  });
}
