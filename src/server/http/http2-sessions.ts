import type { Http2SecureServer, ServerHttp2Session } from 'node:http2';
import type { FastifyInstance } from 'fastify';

/**
 * Over TLS (HTTP/2): closing the app ends every open HTTP/2 session gracefully, as `server.close()` ends idle
 * HTTP/1.1 connections. A browser keeps its session open between requests, and Node.js before 24 leaves open
 * sessions alone on `server.close()`, so a shutdown would otherwise wait for each one's idle timeout.
 * `session.close()` sends GOAWAY: no new stream is accepted, and those in flight finish first. (Fastify's own
 * tracking comes only with `forceCloseConnections: true`, which would also destroy the persistent HTTP/1.1
 * connections of the fallback, requests in flight included.)
 */
export function closeHttp2SessionsOnClose(app: FastifyInstance): void {
  const sessions = new Set<ServerHttp2Session>();
  (app.server as unknown as Http2SecureServer).on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  app.addHook('preClose', async () => {
    for (const session of sessions) session.close();
  });
}
