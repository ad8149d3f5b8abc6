import { useState } from 'react';
import { Input } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CHANNEL_NO } from '../../../../../engine/rules/enums.ts';
import { PHONE_LENGTH } from '../../../../../engine/rules/phone.ts';
import { validatePhone } from '../../../../../engine/rules/validators.ts';
import { accountApi } from '../../api/accounts.ts';
import { paths } from '../../../../app/paths.ts';
import { afterLogin } from '../../components/after-login.ts';
import styles from '../../components/account-form.module.css';
import { AccountForm } from '../../components/account-form.tsx';
import { CaptchaField } from '../../components/captcha-field.tsx';
import { useCaptcha } from '../../components/use-captcha.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { failToast, successToast } from '../../../../shared/ui/toast.ts';
import { MSG_AGREE } from '../../components/messages.ts';

/** `/passport/PasswordLogin` (same query as /passport/login): log-in by phone and password. */
export default function PasswordLoginScreen() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();
  const search = query.toString() ? `?${query.toString()}` : '';

  const logIn = async () => {
    const phoneError = validatePhone(phone);
    if (phoneError) return failToast(phoneError);
    if (!password) return failToast('请输入密码');
    if (captcha.shown && !captcha.text) return failToast('请输入图形验证码');
    if (!agreed) return failToast(MSG_AGREE);
    setSubmitting(true);
    try {
      const user = await accountApi.passwordLogin(
        { loginAccount: phone, passWord: password, channelNo: CHANNEL_NO, ...(captcha.answer ? { imageVerificationCode: captcha.answer.text } : {}) },
        captcha.answer?.id,
      );
      const back = afterLogin(user, query, phone);
      successToast('登录成功');
      void navigate(back, { replace: true });
    } catch (error) {
      captcha.afterCall(error);
      setSubmitting(false);
    }
  };

  return (
    <AppPage title="密码登录">
      <AccountForm
        title="密码登录"
        subtitle="使用手机号和登录密码登录"
        submitText="登录"
        submitting={submitting}
        onSubmit={logIn}
        links={[
          { label: '验证码登录', onClick: () => void navigate(paths.verCodeLogin(search), { replace: true }) },
          { label: '忘记密码？', onClick: () => void navigate(paths.forgetPassword()) },
        ]}
        consent={{ agreed, onChange: setAgreed }}
      >
        <div className={styles.field}>
          <span className={styles.prefix}>+86</span>
          <Input
            id="password-login-phone"
            type="tel"
            inputMode="numeric"
            autoComplete="username"
            placeholder="请输入手机号"
            maxLength={PHONE_LENGTH}
            clearable
            value={phone}
            onChange={(v) => setPhone(v.replace(/\D/g, ''))}
          />
        </div>
        <div className={styles.field}>
          <Input
            id="password-login-password"
            type="password"
            autoComplete="current-password"
            placeholder="请输入密码"
            maxLength={16}
            value={password}
            onChange={setPassword}
          />
        </div>
        <CaptchaField state={captcha} />
      </AccountForm>
    </AppPage>
  );
}
