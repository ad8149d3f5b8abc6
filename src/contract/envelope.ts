import * as Type from '@sinclair/typebox';
import type { TSchema, Static } from '@sinclair/typebox';

/** Success code of every `/_gw` response (spec §8). */
export const SUCCESS = '0000';

/**
 * Error codes. The spec fixes 0000, 406 (go to log-in) and 401 (clear storage,
 * go home); the rest are ours and documented in ARCHITECTURE.md.
 */
export const ErrorCode = {
  /** Body, query or params do not match the contract. */
  BadRequest: '4000',
  /** Business rule refused the request (validation of insure data, rules of §5). */
  Rejected: '4001',
  /** The id exists but does not belong to the caller. */
  Forbidden: '4003',
  NotFound: '4004',
  /** Anti-resubmit token missing, unknown or already used. */
  Resubmit: '4009',
  /** SMS code wrong, expired or burned. */
  SmsCode: '4010',
  /** Too many requests (SMS sends, log-in attempts). */
  RateLimited: '4029',
  /** Not logged in or the access token expired: the client goes to log-in (spec §8). */
  LoginRequired: '406',
  /** Account no longer valid: the client clears storage and goes home (spec §8). */
  AccountInvalid: '401',
  /** Unexpected server failure; details are logged, never sent. */
  Internal: '5000',
  /** The server is overloaded (event loop, heap or memory past its limits): HTTP 503 with Retry-After. */
  Busy: '5003',
  // --- accounts
  /** An image captcha is required (after 3 failed log-ins of the account): show it and ask again. */
  CaptchaRequired: '4012',
  /** The image captcha was wrong or expired: show a new one. */
  CaptchaWrong: '4013',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The `{code, msg, data}` envelope around every `/_gw` response. */
export const Envelope = /* @__NO_SIDE_EFFECTS__ */ <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.String({ description: '0000 on success' }),
    msg: Type.String(),
    data: Type.Union([data, Type.Null()]),
  });

export interface ApiEnvelope<T> {
  code: string;
  msg: string;
  data: T | null;
}

export type EnvelopeOf<T extends TSchema> = ApiEnvelope<Static<T>>;
