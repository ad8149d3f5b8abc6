import { ErrorCode, SUCCESS, type ApiEnvelope, type ErrorCodeValue } from '../../contract/envelope.ts';

/** A successful `{code:'0000', msg, data}` envelope. */
export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { code: SUCCESS, msg, data };
}

/**
 * A refusal the client is meant to show: becomes `{code, msg, data:null}`.
 * Business refusals answer HTTP 200 (the client reads `code`, spec §8); only
 * request-shape errors and unknown routes use 4xx.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly msg: string,
    readonly httpStatus = 200,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export const loginRequired = () => new ApiError(ErrorCode.LoginRequired, '请先登录');
export const notFound = (what: string) => new ApiError(ErrorCode.NotFound, `${what}不存在`);
export const forbidden = (what: string) => new ApiError(ErrorCode.Forbidden, `无权访问该${what}`);
export const rejected = (msg: string) => new ApiError(ErrorCode.Rejected, msg);
