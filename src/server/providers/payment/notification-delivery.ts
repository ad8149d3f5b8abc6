import type { FastifyInstance } from 'fastify';
import { SUCCESS } from '../../../contract/envelope.ts';

/**
 * Posts a notification to the merchant's notify URL; true when the merchant
 * acknowledged it with code 0000 (anything else, or an error, means retry).
 */
export type NotificationDelivery = (input: { path: string; body: string; contentType: string }) => Promise<boolean>;

const DELIVERY_TIMEOUT_MS = 5000;

function acknowledged(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === SUCCESS;
}

/**
 * Base URL of the server's own listening socket, or undefined before `listen` and over TLS (TLS_CERT_FILE):
 * the sandbox would have to trust the server's certificate, which may be one no client trusts (a test's).
 */
function ownBaseUrl(app: FastifyInstance): string | undefined {
  if (app.initialConfig.https) return undefined;
  const address = app.server.address();
  if (!address || typeof address === 'string') return undefined;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Delivery to this very server, as a provider would do it: over real HTTP to
 * the listening address; through `inject` when the app is not listening
 * (tests built on inject) or listens over TLS.
 */
export function selfDelivery(app: FastifyInstance): NotificationDelivery {
  return async ({ path, body, contentType }) => {
    const base = ownBaseUrl(app);
    if (!base) {
      const response = await app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': contentType } });
      return acknowledged(response.json());
    }
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    return acknowledged(await response.json().catch(() => null));
  };
}

/** An HTTP answer as a provider sees it. */
export interface RawAnswer {
  status: number;
  text: string;
}

/** POSTs a provider-style notification (any content type, headers) and returns the raw answer. */
export type RawNotificationPost = (input: {
  path: string;
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}) => Promise<RawAnswer>;

/** Like {@link selfDelivery}, for providers that judge the raw answer themselves. */
export function selfRawPost(app: FastifyInstance): RawNotificationPost {
  return async ({ path, body, contentType, headers = {} }) => {
    const base = ownBaseUrl(app);
    if (!base) {
      const response = await app.inject({ method: 'POST', url: path, payload: body, headers: { ...headers, 'content-type': contentType } });
      return { status: response.statusCode, text: response.body };
    }
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { ...headers, 'content-type': contentType },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    return { status: response.status, text: await response.text() };
  };
}
