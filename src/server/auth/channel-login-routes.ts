import type { FastifyInstance } from 'fastify';
import { MSG_CHANNEL_CLOSED, otherCalls } from '../../contract/other-calls.ts';
import type { AppDeps } from '../app-deps.ts';
import { rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';

/** The partner channel log-in: refused until a partner is configured (docs/other-calls.md). */
export function registerChannelLoginRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(otherCalls.channelLogin, async (request) => {
    request.log.info({ channelCode: request.body.channelCode }, 'partner channel log-in refused: no partner configured');
    throw rejected(MSG_CHANNEL_CLOSED);
  });
}
