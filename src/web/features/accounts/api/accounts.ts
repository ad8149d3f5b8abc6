import {
  accountCalls,
  CAPTCHA_HEADER,
  identityCalls,
  type AppRegisterBody,
  type AuthenInfo,
  type ChangePasswordBody,
  type ChangePhoneBody,
  type FaceStart,
  type PasswordLoginBody,
  type PhoneChanged,
  type PromoterInfo,
  type PwdFindBody,
  type ReminderSettings,
  type SignedDocument,
  type SmsSendType,
  type StaffInfo,
  type UploadedFile,
  type UserInfo,
  type UserInfoBody,
  type VerificationResult,
} from '../../../../contract/accounts.ts';
import { authCalls, type UserRecord } from '../../../../contract/auth.ts';
import { obfuscate } from '../../../../contract/obfuscation.ts';
import { GW } from '../../../../contract/define-call.ts';
import { CHANNEL_NO, SYS_CODE } from '../../../../engine/rules/enums.ts';
import { accountSummary } from '../../../shared/api/account-summary.ts';
import { call, type CallOptions } from '../../../shared/api/client.ts';

type Silent = Pick<CallOptions, 'silent'>;

/** An image captcha as the form shows it: its id (sent back in the imgcode header) and an object URL of the PNG. */
export interface Captcha {
  id: string;
  imageUrl: string;
}

/** The typed account calls. */
export const accountApi = {
  /** GET v2/kaptcha?time: image bytes, the id in the imgcode response header (not an envelope, so fetched directly). */
  async captcha(): Promise<Captcha> {
    const res = await fetch(`${GW}${authCalls.captcha.path}?time=${Date.now()}`, { credentials: 'include', cache: 'no-store' });
    const id = res.headers.get(CAPTCHA_HEADER);
    if (!res.ok || !id) throw new Error('captcha unavailable');
    return { id, imageUrl: URL.createObjectURL(await res.blob()) };
  },
  /** Log-in code (v1.5/regMsg), with the captcha when the server asks for one. */
  sendLoginCode: (phoneNum: string, captcha?: { id: string; text: string }, o?: Silent): Promise<null> =>
    call(
      authCalls.regMsg,
      { query: { phoneNum, ...(captcha ? { imageVerificationCode: captcha.text } : {}) } },
      { headers: captcha ? { [CAPTCHA_HEADER]: captcha.id } : {}, thing: '验证码', ...o },
    ),
  /** Registration, reset and phone-change codes (v1/register/regMsg). */
  sendCode: (phoneNum: string, type: SmsSendType, captcha?: { id: string; text: string }, o?: Silent): Promise<null> =>
    call(
      authCalls.registerRegMsg,
      { query: { phoneNum, type, ...(captcha ? { imageVerificationCode: captcha.text } : {}) } },
      { headers: captcha ? { [CAPTCHA_HEADER]: captcha.id } : {}, thing: '验证码', ...o },
    ),
  appRegister: (body: Omit<AppRegisterBody, 'userSourceType' | 'channelNo'>, o?: Silent): Promise<UserRecord> =>
    call(authCalls.appRegister, { body: { ...body, userSourceType: 22, channelNo: CHANNEL_NO } }, { thing: '注册信息', ...o }),
  passwordLogin: (body: PasswordLoginBody, captchaId?: string, o?: Silent): Promise<UserRecord> =>
    call(authCalls.passwordLogin, { body }, { headers: captchaId ? { [CAPTCHA_HEADER]: captchaId } : {}, thing: '登录信息', ...o }),
  loginOut: (authorization: string, refreshToken: string): Promise<null> =>
    call(authCalls.loginOut, { body: { authorization, refreshToken } }, { silent: true }),
  pwdFind: (body: PwdFindBody, o?: Silent): Promise<null> => call(authCalls.pwdFind, { body }, { thing: '密码重置', ...o }),
  changePassword: (body: ChangePasswordBody, o?: Silent): Promise<null> =>
    call(authCalls.changePassword, { body }, { thing: '密码修改', ...o }),
  changePhone: (body: ChangePhoneBody, o?: Silent): Promise<PhoneChanged> =>
    call(authCalls.changePhone, { body }, { thing: '手机号修改', ...o }),
  userInfo: (o?: Silent): Promise<UserInfo> => call(accountCalls.userInfo, {}, { thing: '个人信息', ...o }),
  saveUserInfo: (body: UserInfoBody): Promise<UserInfo> => call(accountCalls.saveUserInfo, { body }, { thing: '个人信息' }),
  reminderSettings: (o?: Silent): Promise<ReminderSettings> => call(accountCalls.reminderSettings, {}, { thing: '提醒设置', ...o }),
  saveReminderSettings: (body: ReminderSettings): Promise<ReminderSettings> => call(accountCalls.saveReminderSettings, { body }, { thing: '提醒设置' }),
  upload: (file: File): Promise<UploadedFile> => {
    const form = new FormData();
    form.append('file', file);
    return call(accountCalls.upload, { body: form }, { thing: '上传结果' });
  },
  accountSummary,
  documents: (userCode: string): Promise<SignedDocument[]> => call(accountCalls.documents, { query: { userCode } }, { silent: true }),
  staff: (userCode: string): Promise<StaffInfo | null> => call(accountCalls.staff, { query: { userCode } }, { silent: true }),
  promoters: (userCode: string): Promise<PromoterInfo | null> => call(accountCalls.promoters, { query: { userCode } }, { silent: true }),
  addCustomer: (managerUserCode: string): Promise<null> => call(accountCalls.addCustomer, { body: { managerUserCode } }, { silent: true }),
  agreePrivacy: (): Promise<null> =>
    call(accountCalls.agreePrivacy, { body: { documents: ['registerKnow', 'registerPrivacyClause'] } }, { silent: true }),
  authenInfo: (o?: Silent): Promise<AuthenInfo> =>
    call(identityCalls.authenInfo, { query: { channelCode: CHANNEL_NO } }, { thing: '认证信息', ...o }),
  /** op-log validate/id with the obfuscated payload of spec §7. */
  validateId: (person: IdentityPerson): Promise<VerificationResult> =>
    call(identityCalls.validateId, { body: { data: obfuscate(identityPayload(person)) } }, { thing: '实名认证' }),
  validateFace: (person: IdentityPerson, backUrl: string): Promise<FaceStart> =>
    call(
      identityCalls.validateFace,
      { body: { data: obfuscate({ ...identityPayload(person), backUrl, startFrom: '2' }) } },
      { thing: '人脸识别' },
    ),
  verification: (verId: string, o?: Silent): Promise<VerificationResult> =>
    call(identityCalls.verification, { params: { sys: SYS_CODE, id: verId } }, { thing: '认证结果', ...o }),
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
