import { useState } from 'react';
import { Button, Checkbox, Input } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CHANNEL_NO } from '../../../engine/rules/enums.ts';
import { validatePhone } from '../../../engine/rules/validators.ts';
import { accountApi } from '../../api/accounts.ts';
import { api } from '../../api/endpoints.ts';
import { paths } from '../../app/paths.ts';
import { afterLogin } from '../../components/account/after-login.ts';
import styles from '../../components/account/account-form.module.css';
import { CaptchaField } from '../../components/account/captcha-field.tsx';
import { SmsCodeButton } from '../../components/account/sms-code-button.tsx';
import { useCaptcha } from '../../components/account/use-captcha.ts';
import { AppPage } from '../../components/app-page.tsx';
import { failToast, successToast } from '../../components/toast.ts';
import { getPromoCode } from '../../state/promo-code.ts';

const CODE_PATTERN = /^\d{6}$/;
const MSG_CODE = '请输入6位验证码';
export const MSG_AGREE = '请先阅读并同意《注册须知》和《隐私条款》';

/**
 * `/passport/login?fullPath&promoCode&partnerSource&productCode` and
 * `/passport/VerCodeLogin`: log-in (and sign-up) by SMS code. After 3 failed
 * log-ins of the phone the server asks for the image captcha before sending.
 */
export default function LoginScreen() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();
  const search = query.toString() ? `?${query.toString()}` : '';

  const sendCode = async (): Promise<boolean> => {
    const phoneError = validatePhone(phone);
    if (phoneError) {
      failToast(phoneError);
      return false;
    }
    try {
      await accountApi.sendLoginCode(phone, captcha.answer);
      captcha.afterCall();
      successToast('验证码已发送');
      return true;
    } catch (error) {
      captcha.afterCall(error);
      return false;
    }
  };

  const logIn = async () => {
    const phoneError = validatePhone(phone);
    if (phoneError) return failToast(phoneError);
    if (!CODE_PATTERN.test(code)) return failToast(MSG_CODE);
    if (!agreed) return failToast(MSG_AGREE);
    const promoCode = query.get('promoCode') || getPromoCode();
    const partnerSource = query.get('partnerSource');
    setSubmitting(true);
    try {
      const user = await api.registerAndLogin({
        phoneNum: phone,
        smsVerificationCode: code,
        channelNo: CHANNEL_NO,
        ...(promoCode ? { promoCode } : {}),
        ...(partnerSource ? { partnerSource } : {}),
      });
      if (!user) throw new Error('empty user');
      const back = afterLogin(user, query);
      successToast('登录成功');
      void navigate(back, { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AppPage title="登录">
      <div className={styles.sheet}>
        <div className={styles.hero}>
          <h1 className={styles.title}>手机号快捷登录</h1>
          <p className={styles.subtitle}>未注册的手机号验证后将自动注册</p>
        </div>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void logIn();
          }}
        >
          <div className={styles.field}>
            <span className={styles.prefix}>+86</span>
            <Input
              id="login-phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="请输入手机号"
              maxLength={11}
              clearable
              value={phone}
              onChange={(v) => setPhone(v.replace(/\D/g, ''))}
            />
          </div>
          <CaptchaField state={captcha} />
          <div className={styles.field}>
            <Input
              id="login-code"
              type="tel"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="请输入6位验证码"
              maxLength={6}
              value={code}
              onChange={(v) => setCode(v.replace(/\D/g, ''))}
            />
            <SmsCodeButton onSend={sendCode} />
          </div>
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting} className={styles.submit}>
            登录
          </Button>
          <div className={styles.links}>
            <button type="button" className={styles.link} onClick={() => void navigate(paths.passwordLogin(search), { replace: true })}>
              密码登录
            </button>
            <button type="button" className={styles.link} onClick={() => void navigate(paths.register(search))}>
              注册账号
            </button>
          </div>
          <div className={styles.agreement}>
            <Checkbox checked={agreed} onChange={setAgreed} style={{ '--icon-size': '16px', '--font-size': '12px' }} data-testid="agree">
              我已阅读并同意
            </Checkbox>
            <span className={styles.link}>《注册须知》</span>和<span className={styles.link}>《隐私条款》</span>
          </div>
        </form>
      </div>
    </AppPage>
  );
}
