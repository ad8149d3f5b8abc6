import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import {
  AppRegisterBody,
  AppVerificationQuery,
  BaiRegMsgQuery,
  CaptchaHeaders,
  ChangePasswordBody,
  ChangePhoneBody,
  DevCaptchaData,
  DevCaptchaQuery,
  KaptchaQuery,
  LoginOutBody,
  PasswordLoginBody,
  PhoneChanged,
  PwdFindBody,
  RegisterRegMsgQuery,
  VrifyKaptchaQuery,
} from './accounts.ts';
import { PhoneNum } from './common.ts';
import { defineCall } from './define-call.ts';
import { RefreshTokenBody, TokenPair, refreshTokenCall } from './token-refresh.ts';

export { RefreshTokenBody, TokenPair, refreshTokenCall };

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

/**
 * The user record the client keeps (spec §3 User): the token pair and the
 * account. One flat object, not an intersection: the response serializer
 * writes a refusal's `data: null` against `allOf` as `{}`.
 */
export const UserRecord = Type.Object({
  ...TokenPair.properties,
  userCode: Type.String(),
  userName: Type.String(),
  userId: Type.String(),
  phone: Type.String({ description: 'Masked phone' }),
  loginAccount: Type.String({ description: 'Masked phone used as the log-in account' }),
  branchName: Type.String(),
  branchCode: Type.String(),
  schanelCode: Type.String(),
  isStaff: Type.Boolean(),
});
export type UserRecord = Static<typeof UserRecord>;

/** GET /_gw/__dev/sms/latest (development and test only). */
export const DevSmsQuery = Type.Object({ phoneNum: PhoneNum }, { additionalProperties: false });
export const DevSmsData = Type.Object({ code: Type.String() });

/** Bytes of an image answer (OpenAPI: a binary body). */
const ImageBytes = Type.String({ format: 'binary', description: 'PNG bytes' });

/**
 * Log-in and registration (SMS code, password), the image captcha, password
 * reset and change, phone change, log-out and the token refresh (spec §7); the development read-backs of the SMS code and the captcha text.
 */
export const authCalls = {
  captcha: defineCall({
    method: 'GET',
    path: '/user-svc/api/v2/kaptcha',
    summary: 'A new image captcha: PNG bytes, its id in the imgcode response header',
    auth: 'public',
    query: KaptchaQuery,
    data: Type.Null(),
    raw: { 'image/png': ImageBytes },
  }),
  vrifyKaptcha: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1.5/vrifyKaptcha',
    summary: 'Checks the typed captcha text (captcha id in the imgcode header) without using the captcha up',
    auth: 'public',
    query: VrifyKaptchaQuery,
    headers: CaptchaHeaders,
    data: Type.Null(),
  }),
  regMsg: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1.5/regMsg',
    summary: 'Sends a log-in SMS code (the same answer whether or not the phone is registered)',
    auth: 'public',
    query: RegMsgQuery,
    headers: CaptchaHeaders,
    data: Type.Null(),
  }),
  baiRegMsg: defineCall({
    method: 'GET',
    path: '/user-svc/api/v2/_bai/registerAndLogin/regMsg',
    summary: 'Sends a log-in SMS code, like v1.5/regMsg',
    auth: 'public',
    query: BaiRegMsgQuery,
    headers: CaptchaHeaders,
    data: Type.Null(),
  }),
  registerRegMsg: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/register/regMsg',
    summary: 'Sends a registration, password-reset or phone-change code (changePhone needs log-in); the same answer whatever the account state',
    auth: 'optional',
    query: RegisterRegMsgQuery,
    headers: CaptchaHeaders,
    data: Type.Null(),
  }),
  appVerification: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/appVerification',
    summary: 'Checks an SMS code without using it up',
    auth: 'public',
    query: AppVerificationQuery,
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
  appRegister: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/appRegister',
    summary: 'Registers with a password and an SMS code, and logs in',
    auth: 'public',
    body: AppRegisterBody,
    data: UserRecord,
  }),
  passwordLogin: defineCall({
    method: 'POST',
    path: '/user-svc/api/login',
    summary: 'Logs in by password (after 3 failures with the image captcha: id in the imgcode header)',
    auth: 'public',
    body: PasswordLoginBody,
    headers: CaptchaHeaders,
    data: UserRecord,
  }),
  loginOut: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1.5/loginOut',
    summary: 'Ends this device’s session (its refresh family and access tokens), even with an expired access token',
    auth: 'public',
    body: LoginOutBody,
    data: Type.Null(),
  }),
  pwdFind: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/pwdfind',
    summary: 'Resets a forgotten password with a code sent to the phone; every session ends',
    auth: 'public',
    body: PwdFindBody,
    data: Type.Null(),
  }),
  changePassword: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/changePassword',
    summary: 'Changes (or first sets) the caller’s password; every session ends',
    auth: 'user',
    body: ChangePasswordBody,
    data: Type.Null(),
  }),
  changePhone: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/changePhoneNum',
    summary: 'Moves the caller’s account to a new phone (the code was sent to the new phone)',
    auth: 'user',
    body: ChangePhoneBody,
    data: PhoneChanged,
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
  devCaptchaLatest: defineCall({
    method: 'GET',
    path: '/__dev/captcha/latest',
    summary: 'Development and test only: the text of an image captcha',
    auth: 'dev',
    query: DevCaptchaQuery,
    data: DevCaptchaData,
  }),
};
