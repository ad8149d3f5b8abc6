/**
 * Accounts and identity: captcha, registration, password log-in,
 * reset and change, phone change, user info, identity checks. The log-in and
 * password calls are declared in auth.ts (`authCalls`), the profile calls
 * here (`accountCalls`) with the identity calls (`identityCalls`); the
 * obfuscated identity payload codec is in obfuscation.ts.
 */

import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PhoneNum } from './common.ts';
import { defineCall } from './define-call.ts';
import { PHONE_LENGTH } from '../engine/rules/phone.ts';

const SmsCode = Type.String({ pattern: '^[0-9]{6}$' });
/** Any password string; the spec's rule (validatePassword) gives the message. */
const Password = Type.String({ minLength: 1, maxLength: 64 });
const CaptchaText = Type.String({ minLength: 1, maxLength: 8 });
const UserCode = Type.String({ minLength: 1, maxLength: 32 });

/** Request header carrying the id of the image captcha (returned by v2/kaptcha in the same header). */
export const CAPTCHA_HEADER = 'imgcode';
/** The request headers of a call that may need the image captcha. */
export const CaptchaHeaders = Type.Object({
  [CAPTCHA_HEADER]: Type.Optional(Type.String({ description: 'Id of the image captcha (from the v2/kaptcha answer); ignored beyond 64 characters' })),
});

/** GET user-svc/api/v2/kaptcha?time: PNG bytes; the captcha id comes in the `imgcode` response header. */
export const KaptchaQuery = Type.Object({ time: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: false });

/** GET v1.5/vrifyKaptcha?signcode (header imgcode): checks the typed text without using the captcha up. */
export const VrifyKaptchaQuery = Type.Object({ signcode: CaptchaText }, { additionalProperties: false });

/** Purposes of GET v1/register/regMsg (ours: the spec names one send path for registration). */
export const SMS_SEND_TYPES = ['register', 'reset', 'changePhone'] as const;
export type SmsSendType = (typeof SMS_SEND_TYPES)[number];

/** GET v1/register/regMsg?phoneNum[&type][&imageVerificationCode]. */
export const RegisterRegMsgQuery = Type.Object(
  {
    phoneNum: PhoneNum,
    type: Type.Optional(Type.Union(SMS_SEND_TYPES.map((t) => Type.Literal(t)))),
    imageVerificationCode: Type.Optional(CaptchaText),
  },
  { additionalProperties: false },
);
export type RegisterRegMsgQuery = Static<typeof RegisterRegMsgQuery>;

/** GET v2/_bai/registerAndLogin/regMsg?phoneNum[&imageVerificationCode]: a log-in code, like v1.5/regMsg. */
export const BaiRegMsgQuery = Type.Object(
  { phoneNum: PhoneNum, imageVerificationCode: Type.Optional(CaptchaText) },
  { additionalProperties: false },
);

/** GET v1/appVerification?phoneNum&smsVerificationCode[&type]: checks a code without using it up. */
export const AppVerificationQuery = Type.Object(
  {
    phoneNum: PhoneNum,
    smsVerificationCode: SmsCode,
    type: Type.Optional(Type.Union(SMS_SEND_TYPES.map((t) => Type.Literal(t)))),
  },
  { additionalProperties: false },
);
export type AppVerificationQuery = Static<typeof AppVerificationQuery>;

/** POST v1/appRegister (spec §7): registers with a password and logs in. */
export const AppRegisterBody = Type.Object(
  {
    areaCode: Type.Optional(Type.String({ maxLength: 12 })),
    channelNo: Type.Optional(Type.String({ maxLength: 16 })),
    passWord: Password,
    phoneNum: PhoneNum,
    userSourceType: Type.Optional(Type.Union([Type.Literal(22), Type.Literal('22')])),
    smsVerificationCode: SmsCode,
    promoCode: Type.Optional(Type.String({ maxLength: 32 })),
    partnerSource: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
export type AppRegisterBody = Static<typeof AppRegisterBody>;

/** POST user-svc/api/login (header imgcode when a captcha is required). */
export const PasswordLoginBody = Type.Object(
  {
    loginAccount: PhoneNum,
    passWord: Password,
    imageVerificationCode: Type.Optional(CaptchaText),
    channelNo: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);
export type PasswordLoginBody = Static<typeof PasswordLoginBody>;

/** POST v1.5/loginOut {authorization}: ends this device's session (its refresh family and access tokens). */
export const LoginOutBody = Type.Object(
  {
    authorization: Type.Optional(Type.String({ maxLength: 2048 })),
    refreshToken: Type.Optional(Type.String({ maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type LoginOutBody = Static<typeof LoginOutBody>;

/** POST v1/pwdfind: a forgotten password, reset with a code sent to the phone. */
export const PwdFindBody = Type.Object(
  { phoneNum: PhoneNum, smsVerificationCode: SmsCode, newPwd: Password, secondPwd: Password },
  { additionalProperties: false },
);
export type PwdFindBody = Static<typeof PwdFindBody>;

/** POST v1/changePhoneNum: the code was sent to the new phone; needs the session. */
export const ChangePhoneBody = Type.Object(
  {
    newPhoneNum: PhoneNum,
    /** The current phone, in full or masked as the client stores it. */
    oldPhoneNum: Type.String({ minLength: PHONE_LENGTH, maxLength: PHONE_LENGTH, pattern: `^[0-9*]{${PHONE_LENGTH}}$` }),
    smsVerificationCode: SmsCode,
    userCode: UserCode,
  },
  { additionalProperties: false },
);
export type ChangePhoneBody = Static<typeof ChangePhoneBody>;
/** The changePhoneNum answer: the new phone, masked, as the client's user record keeps it. */
export const PhoneChanged = Type.Object({
  phone: Type.String({ description: 'Masked' }),
  loginAccount: Type.String({ description: 'Masked' }),
  userName: Type.String({ description: 'Masked' }),
});
export type PhoneChanged = Static<typeof PhoneChanged>;

/** POST v1/changePassword; oldPwd may be empty only while the account has no password. */
export const ChangePasswordBody = Type.Object(
  {
    loginAccount: Type.String({ maxLength: PHONE_LENGTH }),
    newPwd: Password,
    oldPwd: Type.String({ maxLength: 64 }),
    secondPwd: Password,
    userCode: UserCode,
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** User info (spec §3). */
export const UserInfo = Type.Object({
  actualName: Type.String(),
  contactAddress: Type.String(),
  dateOfBirth: Type.String(),
  imgUrl: Type.String(),
  sex: Type.String(),
  userCode: Type.String(),
});
export type UserInfo = Static<typeof UserInfo>;

/** The account's notification choices (个人中心 → 消息提醒): renewal reminder texts, on unless switched off. */
export const ReminderSettings = Type.Object(
  { renewalReminders: Type.Boolean({ description: 'Whether the renewal reminders of the manifests are texted to the user' }) },
  { additionalProperties: false },
);
export type ReminderSettings = Static<typeof ReminderSettings>;

/** POST v1/user/userInfo: the fields the user edits; empty strings clear them. */
export const UserInfoBody = Type.Object(
  {
    actualName: Type.Optional(Type.String({ maxLength: 40 })),
    contactAddress: Type.Optional(Type.String({ maxLength: 120 })),
    dateOfBirth: Type.Optional(Type.Union([Type.Literal(''), Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })])),
    imgUrl: Type.Optional(Type.String({ maxLength: 200 })),
    sex: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('0'), Type.Literal('1')])),
    userCode: Type.Optional(UserCode),
  },
  { additionalProperties: false },
);
export type UserInfoBody = Static<typeof UserInfoBody>;

/** POST user-svc/api/file (form data, field `file`): an image of at most 2 MB. */
export const UploadedFile = Type.Object({ id: Type.String(), url: Type.String() });
export type UploadedFile = Static<typeof UploadedFile>;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** The multipart form of the upload (the web sends a FormData; the server reads it with @fastify/multipart). */
export const UploadForm = Type.Unsafe<FormData>({ description: 'multipart/form-data with one field `file`: a PNG, JPEG or WebP image of at most 2 MB' });
/** GET user-svc/api/file/{id}: an uploaded image by its unguessable id. */
export const FileIdParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) }, { additionalProperties: false });

export const UserCodeQuery = Type.Object({ userCode: UserCode }, { additionalProperties: false });
export const QueryUserInfoQuery = Type.Object(
  { userCode: UserCode, sysCode: Type.Optional(Type.String({ maxLength: 32 })) },
  { additionalProperties: false },
);

/** GET v1/queryDocuments?userCode: the user's signed agreements (spec §3 Signed agreement). */
export const SignedDocument = Type.Object({ contractUrl: Type.String(), signTime: Type.String(), userName: Type.String() });
export const SignedDocuments = Type.Array(SignedDocument);
export type SignedDocument = Static<typeof SignedDocument>;

/** GET v1/queryUserInfo?userCode&sysCode: the account as the personal centre shows it. */
export const AccountSummary = Type.Object({
  userCode: Type.String(),
  phone: Type.String({ description: 'Masked' }),
  hasPassword: Type.Boolean(),
  realNameStatus: Type.Union([Type.Literal('0'), Type.Literal('1')], { description: '1 when the real-name check passed' }),
  faceStatus: Type.Union([Type.Literal('0'), Type.Literal('1')], { description: '1 when the face check passed' }),
  isStaff: Type.Boolean(),
  /** A promoter: staff, or a customer who has brought at least one customer or sale (the personal centre shows 推广专区). */
  isPromoter: Type.Boolean(),
  /** True when the user has signed agreements to list. */
  hasSignedDocuments: Type.Boolean(),
});
export type AccountSummary = Static<typeof AccountSummary>;

/** GET /selectByEmployeeNum?userCode: the staff record, or null data for a customer (spec §6 Staff). */
export const StaffInfo = Type.Object({
  employeeNum: Type.String(),
  name: Type.String(),
  licenseNumber: Type.String(),
  branchCode: Type.String(),
  branchName: Type.String(),
});
export type StaffInfo = Static<typeof StaffInfo>;

/** Login ID types with 1 = ID card in the identity payload (spec §7 idType 1). */
export const IDENTITY_ID_TYPE = '1';

/** GET v1/queryPersonalUserAuthenInfo?channelCode&param. */
export const AuthenInfoQuery = Type.Object(
  { channelCode: Type.Optional(Type.String({ maxLength: 16 })), param: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);
export const AuthenInfo = Type.Object({
  realNameStatus: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  faceStatus: Type.Union([Type.Literal('0'), Type.Literal('1')]),
  name: Type.String({ description: 'Masked' }),
  idNo: Type.String({ description: 'Masked' }),
});
export type AuthenInfo = Static<typeof AuthenInfo>;

/** POST v1/personalUserAuthen: the real-name check without obfuscation. */
export const PersonalAuthenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 40 }),
    idType: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal(1)])),
    idNo: Type.String({ minLength: 1, maxLength: 18 }),
  },
  { additionalProperties: false },
);
export type PersonalAuthenBody = Static<typeof PersonalAuthenBody>;

/** Body of op-log validate/id and validate/face: the obfuscated payload (obfuscation.ts). */
export const ObfuscatedBody = Type.Object({ data: Type.String({ minLength: 8, maxLength: 4096 }) }, { additionalProperties: false });
export type ObfuscatedBody = Static<typeof ObfuscatedBody>;

/** The identity payload of spec §7 once decoded; face adds backUrl and startFrom 2. */
export const IdentityPayload = Type.Object(
  {
    oc: Type.String({ maxLength: 32, description: 'Organisation (branch) code' }),
    cc: Type.String({ maxLength: 16, description: 'Channel code (edu)' }),
    sysCode: Type.String({ maxLength: 32 }),
    ver: Type.String({ maxLength: 8, description: 'Payload version' }),
    verId: Type.String({ pattern: '^[0-9a-f]{32}$', description: 'Verification id chosen by the client' }),
    name: Type.String({ minLength: 1, maxLength: 40 }),
    idNo: Type.String({ minLength: 1, maxLength: 18 }),
    idType: Type.Union([Type.Literal('1'), Type.Literal(1)]),
    backUrl: Type.Optional(Type.String({ maxLength: 512 })),
    startFrom: Type.Optional(Type.Union([Type.Literal('2'), Type.Literal(2)])),
  },
  { additionalProperties: false },
);
export type IdentityPayload = Static<typeof IdentityPayload>;

/** GET op-log/api/v1/op/ver/edu/{sys}/{id}: one verification's outcome. */
export const VerificationParams = Type.Object(
  { sys: Type.String({ maxLength: 32 }), id: Type.String({ pattern: '^[0-9a-f]{32}$' }) },
  { additionalProperties: false },
);
export const VerificationResult = Type.Object({
  verId: Type.String(),
  idStatus: Type.Union([Type.Literal('pending'), Type.Literal('passed'), Type.Literal('failed')]),
  faceStatus: Type.Union([Type.Literal('pending'), Type.Literal('passed'), Type.Literal('failed'), Type.Null()]),
  reason: Type.String(),
  name: Type.String({ description: 'Masked' }),
  idNo: Type.String({ description: 'Masked' }),
});
export type VerificationResult = Static<typeof VerificationResult>;

/** validate/face answer: where the browser goes for the face check. */
export const FaceStart = Type.Object({ faceUrl: Type.String() });
export type FaceStart = Static<typeof FaceStart>;

/** GET edu-svc/wxb/isFirstLogin?userCode. */
export const FirstLogin = Type.Object({ isFirstLogin: Type.Boolean() });
export type FirstLogin = Static<typeof FirstLogin>;

/** POST edu-svc/registerCustomer/addCustomer: the promoter of the promo link becomes the caller's manager. */
export const AddCustomerBody = Type.Object(
  {
    managerUserCode: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9]+$', description: 'The promo or manager code of the link (a promoter code, not a user code)' }),
    /** Ignored: the channel is the promoter's (docs/promoters.md). */
    schanelCode: Type.Optional(Type.String({ maxLength: 8 })),
    userCode: Type.Optional(UserCode),
  },
  { additionalProperties: false },
);
export type AddCustomerBody = Static<typeof AddCustomerBody>;

/** GET registerCustomer/queryPromotersInfo?userCode (spec §3 Promoter info); null data without a manager. */
export const PromoterInfo = Type.Object({
  managerUserCode: Type.String(),
  managerName: Type.String(),
  licenseNumber: Type.String(),
  schanelCode: Type.String(),
});
export type PromoterInfo = Static<typeof PromoterInfo>;

/** POST edu-svc/agreePrivacyLog/save: which documents the user agreed to at log-in. */
export const AgreePrivacyBody = Type.Object(
  { documents: Type.Array(Type.String({ maxLength: 40 }), { minItems: 1, maxItems: 8 }) },
  { additionalProperties: false },
);
export type AgreePrivacyBody = Static<typeof AgreePrivacyBody>;

/** GET /_gw/__dev/captcha/latest?id (development and test only). */
export const DevCaptchaQuery = Type.Object({ id: Type.String({ maxLength: 64 }) }, { additionalProperties: false });
export const DevCaptchaData = Type.Object({ text: Type.String() });

/** Bytes of an uploaded image (OpenAPI: a binary body). */
const ImageBytes = Type.String({ format: 'binary' });

/** The account's own data: profile, avatar upload, summary, staff and promoter records, consents (spec §7). */
export const accountCalls = {
  userInfo: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/user/userInfo',
    summary: 'The caller’s profile',
    auth: 'user',
    data: UserInfo,
  }),
  saveUserInfo: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/user/userInfo',
    summary: 'Saves the caller’s profile (empty strings clear a field); answers the profile saved',
    auth: 'user',
    body: UserInfoBody,
    data: UserInfo,
  }),
  reminderSettings: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/user/reminderSettings',
    summary: 'The caller’s reminder choices (renewal reminder texts)',
    auth: 'user',
    data: ReminderSettings,
  }),
  saveReminderSettings: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/user/reminderSettings',
    summary: 'Switches the caller’s renewal reminder texts on or off; answers the choices saved',
    auth: 'user',
    body: ReminderSettings,
    data: ReminderSettings,
  }),
  upload: defineCall({
    method: 'POST',
    path: '/user-svc/api/file',
    summary: 'Uploads an image (multipart form, field file; PNG, JPEG or WebP recognised by its bytes, at most 2 MB)',
    auth: 'user',
    body: UploadForm,
    data: UploadedFile,
  }),
  file: defineCall({
    method: 'GET',
    path: '/user-svc/api/file/:id',
    summary: 'An uploaded image by its unguessable id (the url of an upload answer)',
    auth: 'public',
    params: FileIdParams,
    data: Type.Null(),
    raw: { 'image/png': ImageBytes, 'image/jpeg': ImageBytes, 'image/webp': ImageBytes },
  }),
  documents: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/queryDocuments',
    summary: 'The caller’s signed agreements',
    auth: 'user',
    query: UserCodeQuery,
    data: SignedDocuments,
  }),
  accountSummary: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/queryUserInfo',
    summary: 'The caller’s account as the personal centre shows it',
    auth: 'user',
    query: QueryUserInfoQuery,
    data: AccountSummary,
  }),
  staff: defineCall({
    method: 'GET',
    path: '/user-svc/api/selectByEmployeeNum',
    summary: 'The caller’s staff record, or null for a customer',
    auth: 'user',
    query: UserCodeQuery,
    data: Type.Union([StaffInfo, Type.Null()]),
  }),
  isFirstLogin: defineCall({
    method: 'GET',
    path: '/edu-svc/wxb/isFirstLogin',
    summary: 'Whether this is the caller’s first log-in',
    auth: 'user',
    query: UserCodeQuery,
    data: FirstLogin,
  }),
  addCustomer: defineCall({
    method: 'POST',
    path: '/edu-svc/registerCustomer/addCustomer',
    summary: 'The promoter of a promo link becomes the caller’s manager (once)',
    auth: 'user',
    body: AddCustomerBody,
    data: Type.Null(),
  }),
  promoters: defineCall({
    method: 'GET',
    path: '/edu-svc/registerCustomer/queryPromotersInfo',
    summary: 'The caller’s promoter (manager), or null',
    auth: 'user',
    query: UserCodeQuery,
    data: Type.Union([PromoterInfo, Type.Null()]),
  }),
  agreePrivacy: defineCall({
    method: 'POST',
    path: '/edu-svc/agreePrivacyLog/save',
    summary: 'Records which documents the caller agreed to at log-in',
    auth: 'user',
    body: AgreePrivacyBody,
    data: Type.Null(),
  }),
};

/** Real-name and face authentication: the user-svc calls and the obfuscated op-log calls (spec §7). */
export const identityCalls = {
  validateId: defineCall({
    method: 'POST',
    path: '/op-log/api/v1/op/validate/id',
    summary: 'Real-name check of the obfuscated identity payload (idempotent per verId)',
    auth: 'user',
    body: ObfuscatedBody,
    data: VerificationResult,
  }),
  validateFace: defineCall({
    method: 'POST',
    path: '/op-log/api/v1/op/validate/face',
    summary: 'Starts the face check of a passed real-name verification: where the browser goes',
    auth: 'user',
    body: ObfuscatedBody,
    data: FaceStart,
  }),
  verification: defineCall({
    method: 'GET',
    path: '/op-log/api/v1/op/ver/edu/:sys/:id',
    summary: 'The outcome of one of the caller’s verifications',
    auth: 'user',
    params: VerificationParams,
    data: VerificationResult,
  }),
  authenInfo: defineCall({
    method: 'GET',
    path: '/user-svc/api/v1/queryPersonalUserAuthenInfo',
    summary: 'The caller’s real-name and face status, name and ID number masked',
    auth: 'user',
    query: AuthenInfoQuery,
    data: AuthenInfo,
  }),
  personalAuthen: defineCall({
    method: 'POST',
    path: '/user-svc/api/v1/personalUserAuthen',
    summary: 'Real-name check without obfuscation; answers the authentication info',
    auth: 'user',
    body: PersonalAuthenBody,
    data: AuthenInfo,
  }),
};
