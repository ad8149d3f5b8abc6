import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as Type from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import type { ApiEnvelope } from '../../contract/envelope.ts';
import type { CallData, CallSpec } from '../../contract/define-call.ts';
import type { AppDeps } from '../app-deps.ts';
import { COMPRESS_THRESHOLD, maxJsonBytes } from './answer-size.ts';
import { emptyBodyAsObject } from './optional-body.ts';

/** Every refusal: `{code, msg, data: null}` (business refusals answer HTTP 200 with it). */
export const ErrorEnvelope = Type.Object(
  {
    code: Type.String({ description: 'An error code: 4xxx, 406 (log in), 401 (account invalid), 5000' }),
    msg: Type.String(),
    data: Type.Null(),
  },
  { description: 'A refusal' },
);

/** `data` or null: a `type` array when the schema has one type (serialised without a validation pass), anyOf otherwise. */
function nullable(schema: TSchema): TSchema {
  if (typeof schema.type === 'string' && schema.type !== 'null') return { ...schema, type: [schema.type, 'null'] } as TSchema;
  if (schema.type === 'null') return schema;
  return Type.Union([schema, Type.Null()]);
}

/** Response schemas of a call by HTTP status: the envelope around `data` (or a refusal), or the raw body. */
export function responseSchemas(spec: CallSpec): Record<string, unknown> {
  const refusals = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
  if (spec.raw) {
    const content = Object.fromEntries(Object.entries(spec.raw).map(([type, schema]) => [type, { schema }]));
    return { 200: { description: 'OK', content }, ...refusals };
  }
  const envelope = Type.Object(
    { code: Type.String({ description: '0000 on success, or an error code' }), msg: Type.String(), data: nullable(spec.data) },
    { description: 'The data, or a business refusal with data null' },
  );
  return { 200: envelope, ...refusals };
}

/** A body every field of which is optional: the legacy client posts it with no body at all. */
function bodyMayBeAbsent(spec: CallSpec): boolean {
  const body = spec.body as { type?: unknown; required?: unknown[] } | undefined;
  return spec.method === 'POST' && body?.type === 'object' && !(body.required && body.required.length > 0);
}

/** Room left in an envelope for `code` and `msg` (success, or a refusal's one sentence). */
const ENVELOPE_ALLOWANCE = 512;

/**
 * Whether every answer of a call stays below the compression threshold (its
 * `data` bounded by its schema, plus the envelope): such a route skips
 * @fastify/compress's two hooks on each request (the quote), which
 * would only find the answer too small. Any call that may answer more (lists,
 * pages, open strings) keeps compression.
 */
export function answersStaySmall(spec: CallSpec): boolean {
  return !spec.raw && maxJsonBytes(spec.data) + ENVELOPE_ALLOWANCE < COMPRESS_THRESHOLD;
}

/** The request schemas of a call as Fastify sees them. */
interface CallSchema<S extends CallSpec> extends FastifySchema {
  params: S extends { params: infer X } ? X : undefined;
  querystring: S extends { query: infer X } ? X : undefined;
  body: S extends { body: infer X } ? X : undefined;
  headers: S extends { headers: infer X } ? X : undefined;
}

/** What a handler receives: the request typed from the declaration's schemas by the TypeBox type provider. */
export type CallRequest<S extends CallSpec> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  CallSchema<S>,
  TypeBoxTypeProvider
>;

declare const preparedBrand: unique symbol;
/** A reply sent with bytes the route's own serializer made earlier (catalogue/prepared-answers.ts `sendPrepared`). */
export type PreparedReply = FastifyReply & { readonly [preparedBrand]: true };

/** What a handler returns: the envelope (typed by `data`), a prepared answer, or, for raw calls, the reply it sent. */
export type CallResult<S extends CallSpec> = S extends { raw: object } ? FastifyReply | string | Buffer : ApiEnvelope<CallData<S>> | PreparedReply;

export type CallHandler<S extends CallSpec> = (request: CallRequest<S>, reply: FastifyReply) => Promise<CallResult<S>>;

/**
 * Route options a call may add: hooks (rate limits, a body size limit), never
 * its schema; and `compress: false` for a route that sends bytes it encoded
 * itself (catalogue/prepared-answers.ts `sendPrepared`), which @fastify/compress's
 * two hooks would only look at and pass on every request.
 */
export type RouteExtras = Pick<RouteShorthandOptions, 'onRequest' | 'preValidation' | 'preHandler' | 'bodyLimit'> & {
  compress?: false;
  /**
   * An `auth: 'user'` call whose handler checks the token's session in its
   * own first statement (`requireToken`, http/auth-guard.ts): the guard
   * checks the token only, and `currentUser` refuses until the handler has.
   */
  sessionCheckedByHandler?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a `/_gw` route was registered from (the coverage test and the ownership matrix read it). */
    call?: CallSpec;
  }
}

/**
 * Registers the routes of call declarations on `app` (the `/_gw` scope):
 * request schemas, response schemas (an undeclared field never leaves the
 * server), the log-in guard of `auth: 'user'`, and development calls only
 * when development endpoints are on.
 */
export function routesOf(app: FastifyInstance, deps: Pick<AppDeps, 'requireUser' | 'config'> & Partial<Pick<AppDeps, 'requireToken'>>) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  return function route<S extends CallSpec>(spec: S, handler: CallHandler<S>, routeExtras: RouteExtras = {}): void {
    if (spec.auth === 'dev' && !deps.config.devEndpoints) return;
    const { sessionCheckedByHandler, ...extras } = routeExtras;
    if (sessionCheckedByHandler && (spec.auth !== 'user' || !deps.requireToken)) throw new Error(`${spec.path}: sessionCheckedByHandler needs auth 'user' and requireToken`);
    const guard = sessionCheckedByHandler ? deps.requireToken : deps.requireUser;
    const onRequest = [
      ...(spec.auth === 'user' && guard ? [guard] : []),
      ...(extras.onRequest ? [extras.onRequest].flat() : []),
    ];
    const preValidation = [
      ...(bodyMayBeAbsent(spec) ? [emptyBodyAsObject] : []),
      ...(extras.preValidation ? [extras.preValidation].flat() : []),
    ];
    typed.route({
      method: spec.method,
      url: spec.path,
      ...extras,
      ...(onRequest.length > 0 ? { onRequest } : {}),
      ...(preValidation.length > 0 ? { preValidation } : {}),
      ...(answersStaySmall(spec) ? { compress: false as const } : {}),
      config: { call: spec },
      schema: {
        summary: spec.summary,
        tags: [spec.tag ?? spec.path.split('/')[1] ?? 'gw'],
        ...(spec.auth === 'user' ? { security: [{ bearer: [] }] } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        ...(spec.headers ? { headers: spec.headers } : {}),
        response: responseSchemas(spec),
      },
      handler: handler as never,
    });
  };
}

export type RouteFn = ReturnType<typeof routesOf>;
