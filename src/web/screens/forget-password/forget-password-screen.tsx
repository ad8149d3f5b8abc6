import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { validatePassword, validatePhone } from '../../../engine/rules/validators.ts';
import { accountApi } from '../../api/accounts.ts';
import { paths } from '../../app/paths.ts';
import styles from '../../components/account/account-form.module.css';
import { CaptchaField } from '../../components/account/captcha-field.tsx';
import { SmsCodeButton } from '../../components/account/sms-code-button.tsx';
import { useCaptcha } from '../../components/account/use-captcha.ts';
import { AppPage } from '../../components/app-page.tsx';
import { failToast, successToast } from '../../components/toast.ts';
import { MSG_PASSWORDS_DIFFER } from '../register/register-screen.tsx';

/** `/forgetPassword` (no log-in): a new password with a code sent to the phone (v1/pwdfind). */
export default function ForgetPasswordScreen() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [second, setSecond] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();

  const sendCode = async () => {
    const phoneError = validatePhone(phone);
    if (phoneError) {
      failToast(phoneError);
      return false;
    }
    try {
      await accountApi.sendCode(phone, 'reset', captcha.answer);
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
    setSubmitting(true);
    try {
      await accountApi.pwdFind({ phoneNum: phone, smsVerificationCode: code, newPwd: password, secondPwd: second });
      successToast('密码重置成功，请重新登录');
      void navigate(paths.passwordLogin(), { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AppPage title="忘记密码">
      <div className={styles.sheet}>
        <div className={styles.hero}>
          <h1 className={styles.title}>找回密码</h1>
          <p className={styles.subtitle}>验证手机号后设置新的登录密码</p>
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
            <Input id="forget-phone" type="tel" inputMode="numeric" placeholder="请输入手机号" maxLength={11} clearable value={phone} onChange={(v) => setPhone(v.replace(/\D/g, ''))} />
          </div>
          <CaptchaField state={captcha} />
          <div className={styles.field}>
            <Input id="forget-code" type="tel" inputMode="numeric" autoComplete="one-time-code" placeholder="请输入6位验证码" maxLength={6} value={code} onChange={(v) => setCode(v.replace(/\D/g, ''))} />
            <SmsCodeButton onSend={sendCode} />
          </div>
          <div className={styles.field}>
            <Input id="forget-password" type="password" autoComplete="new-password" placeholder="请输入新密码" maxLength={16} value={password} onChange={setPassword} />
          </div>
          <div className={styles.field}>
            <Input id="forget-password2" type="password" autoComplete="new-password" placeholder="请再次输入新密码" maxLength={16} value={second} onChange={setSecond} />
          </div>
          <p className={styles.hint}>密码为8-16位字母、数字和特殊字符!@#$%^&amp;*的组合。重置后，已登录的设备需要重新登录。</p>
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting} className={styles.submit}>
            重置密码
          </Button>
        </form>
      </div>
    </AppPage>
  );
}
