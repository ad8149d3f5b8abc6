import { useState } from 'react';
import { Input } from 'antd-mobile';
import { PHONE_LENGTH } from '../../../../engine/rules/phone.ts';
import { validatePhone } from '../../../../engine/rules/validators.ts';
import type { Captcha } from '../api/accounts.ts';
import { failToast, successToast } from '../../../shared/ui/toast.ts';
import styles from './account-form.module.css';
import { CaptchaField } from './captcha-field.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';
import { useCaptcha } from './use-captcha.ts';

const CODE_PATTERN = /^\d{6}$/;
export const MSG_CODE = '请输入6位验证码';

/** What a send call carries besides the phone: the image captcha's answer, when one is shown. */
export type CaptchaAnswer = { id: Captcha['id']; text: string } | undefined;

/**
 * The phone + SMS code part of every account form (log-in, registration,
 * password reset, phone change): the values, the image captcha the server
 * may ask for, and 获取验证码 through `send` (which names the code's purpose).
 */
export function usePhoneCode(send: (phone: string, captcha: CaptchaAnswer) => Promise<unknown>) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const captcha = useCaptcha();

  const sendCode = async (): Promise<boolean> => {
    const phoneError = validatePhone(phone);
    if (phoneError) {
      failToast(phoneError);
      return false;
    }
    try {
      await send(phone, captcha.answer);
      captcha.afterCall();
      successToast('验证码已发送');
      return true;
    } catch (error) {
      captcha.afterCall(error);
      return false;
    }
  };

  /** The first problem of the phone and the code (spec §5 phone message), or null. */
  const problem = (): string | null => validatePhone(phone) ?? (CODE_PATTERN.test(code) ? null : MSG_CODE);

  return { phone, setPhone, code, setCode, captcha, sendCode, problem };
}

export type PhoneCode = ReturnType<typeof usePhoneCode>;

/** The phone field (+86), the captcha when asked for, and the code field with 获取验证码. */
export function PhoneCodeFields({ state, idPrefix, phonePlaceholder = '请输入手机号' }: { state: PhoneCode; idPrefix: string; phonePlaceholder?: string }) {
  return (
    <>
      <div className={styles.field}>
        <span className={styles.prefix}>+86</span>
        <Input
          id={`${idPrefix}-phone`}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder={phonePlaceholder}
          maxLength={PHONE_LENGTH}
          clearable
          value={state.phone}
          onChange={(v) => state.setPhone(v.replace(/\D/g, ''))}
        />
      </div>
      <CaptchaField state={state.captcha} />
      <div className={styles.field}>
        <Input
          id={`${idPrefix}-code`}
          type="tel"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="请输入6位验证码"
          maxLength={6}
          value={state.code}
          onChange={(v) => state.setCode(v.replace(/\D/g, ''))}
        />
        <SmsCodeButton onSend={state.sendCode} />
      </div>
    </>
  );
}

/** The state of a new password typed twice. */
export function usePasswordPair() {
  const [password, setPassword] = useState('');
  const [second, setSecond] = useState('');
  return { password, second, setPassword, setSecond };
}

/** A new password typed twice (registration, reset, change). */
export function PasswordPairFields({ idPrefix, placeholders, state }: { idPrefix: string; placeholders: [string, string]; state: ReturnType<typeof usePasswordPair> }) {
  return (
    <>
      <div className={styles.field}>
        <Input id={`${idPrefix}-password`} type="password" autoComplete="new-password" placeholder={placeholders[0]} maxLength={16} value={state.password} onChange={state.setPassword} />
      </div>
      <div className={styles.field}>
        <Input id={`${idPrefix}-password2`} type="password" autoComplete="new-password" placeholder={placeholders[1]} maxLength={16} value={state.second} onChange={state.setSecond} />
      </div>
    </>
  );
}
