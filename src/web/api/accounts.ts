import {
  CAPTCHA_HEADER,
  GW,
  fillPath,
  obfuscate,
  paths,
  type AccountSummary,
  type AppRegisterBody,
  type AuthenInfo,
  type ChangePasswordBody,
  type ChangePhoneBody,
  type FaceStart,
  type PasswordLoginBody,
  type PromoterInfo,
  type PwdFindBody,
  type SignedDocument,
  type SmsSendType,
  type StaffInfo,
  type UploadedFile,
  type UserInfo,
  type UserInfoBody,
  type UserRecord,
  type VerificationResult,
} from '../../contract/index.ts';
import { CHANNEL_NO, SYS_CODE } from '../../engine/rules/enums.ts';
import { callPath, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

/** An image captcha as the form shows it: its id (sent back in the imgcode header) and an object URL of the PNG. */
export interface Captcha {
  id: string;
  imageUrl: string;
}

/** The typed account calls (issue 4). */
export const accountApi = {
  /** GET v2/kaptcha?time: image bytes, the id in the imgcode response header. */
  async captcha(): Promise<Captcha> {
    const res = await fetch(`${GW}${paths.kaptcha}?time=${Date.now()}`, { credentials: 'include', cache: 'no-store' });
    const id = res.headers.get(CAPTCHA_HEADER);
    if (!res.ok || !id) throw new Error('captcha unavailable');
    return { id, imageUrl: URL.createObjectURL(await res.blob()) };
  },
  /** Log-in code (v1.5/regMsg), with the captcha when the server asks for one. */
  sendLoginCode: (phoneNum: string, captcha?: { id: string; text: string }, o?: Silent) =>
    callPath<null>('GET', paths.regMsg, {
      query: { phoneNum, imageVerificationCode: captcha?.text },
      headers: captcha ? { [CAPTCHA_HEADER]: captcha.id } : {},
      thing: '验证码',
      ...o,
    }),
  /** Registration, reset and phone-change codes (v1/register/regMsg). */
  sendCode: (phoneNum: string, type: SmsSendType, captcha?: { id: string; text: string }, o?: Silent) =>
    callPath<null>('GET', paths.registerRegMsg, {
      query: { phoneNum, type, imageVerificationCode: captcha?.text },
      headers: captcha ? { [CAPTCHA_HEADER]: captcha.id } : {},
      thing: '验证码',
      ...o,
    }),
  appRegister: (body: Omit<AppRegisterBody, 'userSourceType' | 'channelNo'>, o?: Silent) =>
    callPath<UserRecord>('POST', paths.appRegister, { body: { ...body, userSourceType: 22, channelNo: CHANNEL_NO }, thing: '注册信息', ...o }),
  passwordLogin: (body: PasswordLoginBody, captchaId?: string, o?: Silent) =>
    callPath<UserRecord>('POST', paths.passwordLogin, {
      body,
      headers: captchaId ? { [CAPTCHA_HEADER]: captchaId } : {},
      thing: '登录信息',
      ...o,
    }),
  loginOut: (authorization: string, refreshToken: string) =>
    callPath<null>('POST', paths.loginOut, { body: { authorization, refreshToken }, silent: true }),
  pwdFind: (body: PwdFindBody, o?: Silent) => callPath<null>('POST', paths.pwdFind, { body, thing: '密码重置', ...o }),
  changePassword: (body: ChangePasswordBody, o?: Silent) => callPath<null>('POST', paths.changePassword, { body, thing: '密码修改', ...o }),
  changePhone: (body: ChangePhoneBody, o?: Silent) =>
    callPath<{ phone: string; loginAccount: string; userName: string }>('POST', paths.changePhoneNum, { body, thing: '手机号修改', ...o }),
  userInfo: (o?: Silent) => callPath<UserInfo>('GET', paths.userInfo, { thing: '个人信息', ...o }),
  saveUserInfo: (body: UserInfoBody) => callPath<UserInfo>('POST', paths.userInfo, { body, thing: '个人信息' }),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return callPath<UploadedFile>('POST', paths.fileUpload, { body: form, thing: '上传结果' });
  },
  accountSummary: (userCode: string, o?: Silent) =>
    callPath<AccountSummary>('GET', paths.queryUserInfo, { query: { userCode, sysCode: SYS_CODE }, thing: '账户信息', ...o }),
  documents: (userCode: string) => callPath<SignedDocument[]>('GET', paths.queryDocuments, { query: { userCode }, silent: true }),
  staff: (userCode: string) => callPath<StaffInfo | null>('GET', paths.selectByEmployeeNum, { query: { userCode }, silent: true }),
  promoters: (userCode: string) => callPath<PromoterInfo | null>('GET', paths.queryPromotersInfo, { query: { userCode }, silent: true }),
  addCustomer: (managerUserCode: string) =>
    callPath<null>('POST', paths.addCustomer, { body: { managerUserCode }, silent: true }),
  agreePrivacy: () =>
    callPath<null>('POST', paths.agreePrivacyLog, { body: { documents: ['registerKnow', 'registerPrivacyClause'] }, silent: true }),
  authenInfo: (o?: Silent) =>
    callPath<AuthenInfo>('GET', paths.queryAuthenInfo, { query: { channelCode: CHANNEL_NO }, thing: '认证信息', ...o }),
  /** op-log validate/id with the obfuscated payload of spec §7. */
  validateId: (person: IdentityPerson) =>
    callPath<VerificationResult>('POST', paths.validateId, { body: { data: obfuscate(identityPayload(person)) }, thing: '实名认证' }),
  validateFace: (person: IdentityPerson, backUrl: string) =>
    callPath<FaceStart>('POST', paths.validateFace, {
      body: { data: obfuscate({ ...identityPayload(person), backUrl, startFrom: '2' }) },
      thing: '人脸识别',
    }),
  verification: (verId: string, o?: Silent) =>
    callPath<VerificationResult>('GET', fillPath(paths.verification, { sys: SYS_CODE, id: verId }), { thing: '认证结果', ...o }),
};

export interface IdentityPerson {
  verId: string;
  name: string;
  idNo: string;
  /** Branch of the user record (the payload's oc). */
  branchCode: string;
}

function identityPayload(person: IdentityPerson) {
  return {
    oc: person.branchCode,
    cc: CHANNEL_NO,
    sysCode: SYS_CODE,
    ver: '1',
    verId: person.verId,
    name: person.name,
    idNo: person.idNo.toUpperCase(),
    idType: '1',
  };
}

/** A fresh verification id (32 hex characters from the browser's CSPRNG). */
export function newVerId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
