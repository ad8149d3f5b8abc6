import type { FastifyInstance } from 'fastify';
import { OP_LOG_MAX_BYTES, otherCalls } from '../../contract/other-calls.ts';
import type { AppDeps } from '../app-deps.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { recordClientEvent } from './op-log.ts';

/** The client operation log (docs/other-calls.md), with or without a log-in. */
export function registerOpLogRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(
    otherCalls.opLog,
    async (request) => {
      const claims = await deps.optionalUser(request);
      const id = await recordClientEvent(db, { body: request.body, userId: claims?.userId ?? null, ip: request.ip, now: deps.now() });
      return ok({ id });
    },
    { bodyLimit: OP_LOG_MAX_BYTES },
  );
}
