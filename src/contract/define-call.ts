import type { Static, TObject, TSchema } from '@sinclair/typebox';

/**
 * One `/_gw` call, declared once: method, path, the schemas of its params,
 * query and body, and the schema of the `data` its envelope carries. The
 * server registers its route from it (request validation and response
 * serialisation), the web client calls it (`call(def, input)`, types
 * inferred), and the OpenAPI document is generated from it.
 */
export interface CallSpec {
  method: 'GET' | 'POST';
  /** Relative to the gateway prefix `/_gw`; `:name` segments are params. */
  path: string;
  /** One line for the API reference. */
  summary: string;
  /**
   * Who may call: `public`; `user` (a logged-in user, 406 otherwise); `optional`
   * (a user when a token is sent); `server` (server to server, e.g. a payment
   * notification, authenticated by its signature); `dev` (development and test only).
   */
  auth: 'public' | 'user' | 'optional' | 'server' | 'dev';
  /** Groups the reference (the service prefix: user-svc, prod-svc, …). */
  tag?: string;
  params?: TObject;
  query?: TObject;
  body?: TSchema;
  headers?: TObject;
  /** Schema of `data` in the `{code, msg, data}` envelope. */
  data: TSchema;
  /**
   * A response that is not an envelope (an HTML page, an image, a payment
   * platform's own answer): content type → schema of the body.
   */
  raw?: Readonly<Record<string, TSchema>>;
}

/** Declares a call; the literal type is kept so paths, params and schemas stay precise. */
export function defineCall<const S extends CallSpec>(spec: S): S {
  return spec;
}

type Part<S, K extends string, Out extends string> = S extends { [P in K]: infer X extends TSchema }
  ? { [P in Out]: Static<X> }
  : { [P in Out]?: never };

/** What a caller passes: `params`, `query` and `body`, each present when the call declares it. */
export type CallInput<S extends CallSpec> = Part<S, 'params', 'params'> & Part<S, 'query', 'query'> & Part<S, 'body', 'body'>;

/** The `data` of a successful answer. */
export type CallData<S extends CallSpec> = Static<S['data']>;

/** Fills `:param` placeholders of a path. */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/** The gateway prefix of every call. */
export const GW = '/_gw';

/** Header carrying the anti-resubmit token. */
export const RESUB_HEADER = 'x-resub-token';
/** Response header carrying a refreshed access token (spec §7). */
export const ACCESS_TOKEN_HEADER = 'access_token';
