import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PhoneNum } from './common.ts';
import { defineCall } from './define-call.ts';

/** GET user-svc/api/v1.5/regMsg: send an SMS code for log-in/registration. */
export const RegMsgQuery = Type.Object(
  {
    phoneNum: PhoneNum,
    imageVerificationCode: Type.Optional(Type.String({ maxLength: 8 })),
  },
  { additionalProperties: false },
);
export type RegMsgQuery = Static<typeof RegMsgQuery>;

/** POST user-svc/api/v1/registerAndLogin: log in, registering on first use. */
export const RegisterAndLoginBody = Type.Object(
  {
    phoneNum: PhoneNum,
    smsVerificationCode: Type.String({ pattern: '^[0-9]{6}$' }),
    promoCode: Type.Optional(Type.String({ maxLength: 32 })),
    partnerSource: Type.Optional(Type.String({ maxLength: 32 })),
    channelNo: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);
export type RegisterAndLoginBody = Static<typeof RegisterAndLoginBody>;

/** Tokens issued at log-in and on refresh. */
export const TokenPair = Type.Object({
  token: Type.String({ description: 'Short-lived access token (JWT)' }),
  refreshToken: Type.String({ description: 'Opaque rotating refresh token' }),
  expiresIn: Type.Integer({ description: 'Seconds until the access token expires' }),
});
export type TokenPair = Static<typeof TokenPair>;

/** The user record the client keeps (spec §3 User). */
export const UserRecord = Type.Intersect([
  TokenPair,
  Type.Object({
    userCode: Type.String(),
    userName: Type.String(),
    userId: Type.String(),
    phone: Type.String({ description: 'Masked phone' }),
    loginAccount: Type.String({ description: 'Masked phone used as the log-in account' }),
    branchName: Type.String(),
    branchCode: Type.String(),
    schanelCode: Type.String(),
    isStaff: Type.Boolean(),
  }),
]);
export type UserRecord = Static<typeof UserRecord>;

/** POST auth-svc/refresh_token. The new access token also comes in the `access_token` header. */
export const RefreshTokenBody = Type.Object(
  { refreshToken: Type.String({ minLength: 16, maxLength: 256 }) },
  { additionalProperties: false },
);
export type RefreshTokenBody = Static<typeof RefreshTokenBody>;

/** GET /_gw/__dev/sms/latest (development and test only). */
export const DevSmsQuery = Type.Object({ phoneNum: PhoneNum }, { additionalProperties: false });
export const DevSmsData = Type.Object({ code: Type.String() });

/** The token refresh, on its own: the web client's core needs only this declaration. */
export const refreshTokenCall = defineCall({
  method: 'POST',
  path: '/auth-svc/refresh_token',
  summary: 'Rotates the refresh token; the new access token also comes in the access_token header',
  auth: 'public',
  body: RefreshTokenBody,
  data: TokenPair,
});

/** Log-in by SMS code and the token refresh (spec §7). */
export const authCalls = {
  regMsg: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1.5/regMsg',
    summary: 'Sends a log-in SMS code (the same answer whether or not the phone is registered)',
    auth: 'public',
    query: RegMsgQuery,
    data: Type.Null(),
  }),
  registerAndLogin: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/registerAndLogin',
    summary: 'Logs in by SMS code, registering the phone on first use',
    auth: 'public',
    body: RegisterAndLoginBody,
    data: UserRecord,
  }),
  refreshToken: refreshTokenCall,
  devSmsLatest: defineCall({
    method: 'GET',
    path: '/__dev/sms/latest',
    summary: 'Development and test only: the last SMS code sent to a phone',
    auth: 'dev',
    query: DevSmsQuery,
    data: DevSmsData,
  }),
};
