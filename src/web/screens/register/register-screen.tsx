import { useState } from 'react';
import { Button, Checkbox, Input } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { validatePassword, validatePhone } from '../../../engine/rules/validators.ts';
import { accountApi } from '../../api/accounts.ts';
import { afterLogin } from '../../components/account/after-login.ts';
import styles from '../../components/account/account-form.module.css';
import { CaptchaField } from '../../components/account/captcha-field.tsx';
import { SmsCodeButton } from '../../components/account/sms-code-button.tsx';
import { useCaptcha } from '../../components/account/use-captcha.ts';
import { AppPage } from '../../components/app-page.tsx';
import { failToast, successToast } from '../../components/toast.ts';
import { MSG_AGREE } from '../login/login-screen.tsx';

export const MSG_PASSWORDS_DIFFER = '两次输入的密码不一致';

/** `/passport/register`: registration by SMS code with a password (v1/register/regMsg, v1/appRegister). */
export default function RegisterScreen() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [second, setSecond] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();

  const sendCode = async () => {
    const phoneError = validatePhone(phone);
    if (phoneError) {
      failToast(phoneError);
      return false;
    }
    try {
      await accountApi.sendCode(phone, 'register', captcha.answer);
      captcha.afterCall();
      successToast('验证码已发送');
      return true;
    } catch (error) {
      captcha.afterCall(error);
      return false;
    }
  };

  const submit = async () => {
    const problem = validatePhone(phone) ?? (/^\d{6}$/.test(code) ? null : '请输入6位验证码') ?? validatePassword(password);
    if (problem) return failToast(problem);
    if (password !== second) return failToast(MSG_PASSWORDS_DIFFER);
    if (!agreed) return failToast(MSG_AGREE);
    setSubmitting(true);
    try {
      const user = await accountApi.appRegister({ phoneNum: phone, smsVerificationCode: code, passWord: password });
      const back = afterLogin(user, query);
      successToast('注册成功');
      void navigate(back, { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AppPage title="注册">
      <div className={styles.sheet}>
        <div className={styles.hero}>
          <h1 className={styles.title}>注册账号</h1>
          <p className={styles.subtitle}>密码为8-16位字母、数字和特殊字符!@#$%^&amp;*的组合</p>
        </div>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className={styles.field}>
            <span className={styles.prefix}>+86</span>
            <Input id="register-phone" type="tel" inputMode="numeric" placeholder="请输入手机号" maxLength={11} clearable value={phone} onChange={(v) => setPhone(v.replace(/\D/g, ''))} />
          </div>
          <CaptchaField state={captcha} />
          <div className={styles.field}>
            <Input id="register-code" type="tel" inputMode="numeric" autoComplete="one-time-code" placeholder="请输入6位验证码" maxLength={6} value={code} onChange={(v) => setCode(v.replace(/\D/g, ''))} />
            <SmsCodeButton onSend={sendCode} />
          </div>
          <div className={styles.field}>
            <Input id="register-password" type="password" autoComplete="new-password" placeholder="请设置登录密码" maxLength={16} value={password} onChange={setPassword} />
          </div>
          <div className={styles.field}>
            <Input id="register-password2" type="password" autoComplete="new-password" placeholder="请再次输入密码" maxLength={16} value={second} onChange={setSecond} />
          </div>
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting} className={styles.submit}>
            注册并登录
          </Button>
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
