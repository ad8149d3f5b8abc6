import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { ErrorCode, type ApiEnvelope } from '../../contract/envelope.ts';
import { GW } from '../../contract/define-call.ts';
import { ApiError } from './envelope.ts';
import { describeValidationError, EXPONENT_NUMBER } from './validation.ts';

const BAD_REQUEST_PREFIX = '请求参数错误: ';

/** Messages for the request errors Fastify raises before a handler runs. */
const REQUEST_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是合法的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的 Content-Type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度与 Content-Length 不符',
  [EXPONENT_NUMBER]: '请求体的数字不能使用指数形式',
};

/**
 * SQLSTATE of an error the database raised, looking through the wrappers
 * (Drizzle's query error keeps the driver's error as `cause`).
 */
function sqlStateOf(error: unknown): string | null {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * Data the database refused for what it is (class 22: a value out of range,
 * an invalid text encoding, a bad date; 54000: a value too long for an
 * index): the central guard keeps such input out, so one that still arrives
 * is the client's, answered 4000, and logged as a warning to fix the guard.
 */
export function isDataError(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== null && (state.startsWith('22') || state === '54000');
}

function envelope(code: string, msg: string): ApiEnvelope<null> {
  return { code, msg, data: null };
}

/**
 * Errors the router raises before any route or hook (a malformed percent
 * escape in the path, a path parameter over the router's length limit):
 * Fastify's own answer echoes the path outside the envelope; ours is the 4000
 * envelope (the `frameworkErrors` option of the Fastify constructor), with the
 * API's security headers (`securityHeaders`: apiSecurityHeaders in hardening.ts).
 */
export function answerFrameworkError(securityHeaders: Readonly<Record<string, string>>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const detail = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址参数过长' : '请求地址无效';
    // Answered before any hook runs (the URL could not be routed): the API's headers are set here.
    void reply
      .status(400)
      .headers(securityHeaders)
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify(envelope(ErrorCode.BadRequest, BAD_REQUEST_PREFIX + detail)));
  };
}

/**
 * The one error handler: business refusals keep their code; every malformed
 * request (schema, JSON, content type, size) is HTTP 400 with code 4000;
 * anything else is logged and answered with a generic 5000 that hides details.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.httpStatus).send(envelope(error.code, error.msg));
    }
    if (error.validation) {
      const detail = describeValidationError(
        error.validation as FastifySchemaValidationError[],
        error.validationContext ?? 'request',
      );
      return reply.status(400).send(envelope(ErrorCode.BadRequest, BAD_REQUEST_PREFIX + detail));
    }
    if (isDataError(error)) {
      request.log.warn({ sqlState: sqlStateOf(error) }, 'database refused request data');
      return reply.status(400).send(envelope(ErrorCode.BadRequest, `${BAD_REQUEST_PREFIX}参数值超出允许范围`));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // 413 and 415 included: the client contract is "4000 means fix the request".
      const detail = REQUEST_ERROR_MESSAGES[error.code] ?? error.message;
      request.log.info({ errCode: error.code }, 'bad request');
      return reply.status(400).send(envelope(ErrorCode.BadRequest, BAD_REQUEST_PREFIX + detail));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope(ErrorCode.Internal, '系统繁忙，请稍后重试'));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const msg = path.startsWith(`${GW}/`) || path === GW ? '接口不存在' : '页面不存在';
    return reply.status(404).send(envelope(ErrorCode.NotFound, msg));
  });
}
