import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { validatePhone } from '../../../engine/rules/validators.ts';
import { accountApi } from '../../api/accounts.ts';
import { paths } from '../../app/paths.ts';
import styles from '../../components/account/account-form.module.css';
import { CaptchaField } from '../../components/account/captcha-field.tsx';
import { SmsCodeButton } from '../../components/account/sms-code-button.tsx';
import { useCaptcha } from '../../components/account/use-captcha.ts';
import { AppPage } from '../../components/app-page.tsx';
import { failToast, successToast } from '../../components/toast.ts';
import { getUser, patchUser } from '../../state/session.ts';

/**
 * `/bindPhone/{0}/{1}` (log-in): moves the account to a new phone. The code
 * goes to the new phone and the server checks the session; the route's
 * parameters (current masked phone, userCode) are only displayed; the stored
 * user is what is sent.
 */
export default function BindPhoneScreen() {
  const navigate = useNavigate();
  const user = getUser();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();

  const sendCode = async () => {
    const phoneError = validatePhone(phone);
    if (phoneError) {
      failToast(phoneError);
      return false;
    }
    try {
      await accountApi.sendCode(phone, 'changePhone', captcha.answer);
      captcha.afterCall();
      successToast('验证码已发送');
      return true;
    } catch (error) {
      captcha.afterCall(error);
      return false;
    }
  };

  const submit = async () => {
    if (!user) return;
    const problem = validatePhone(phone) ?? (/^\d{6}$/.test(code) ? null : '请输入6位验证码');
    if (problem) return failToast(problem);
    setSubmitting(true);
    try {
      const changed = await accountApi.changePhone({ newPhoneNum: phone, oldPhoneNum: user.phone, smsVerificationCode: code, userCode: user.userCode });
      patchUser(changed);
      successToast('手机号修改成功');
      void navigate(paths.myIndex(), { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AppPage title="更换手机号">
      <div className={styles.sheet}>
        <div className={styles.hero}>
          <h1 className={styles.title}>更换手机号</h1>
          <p className={styles.subtitle} data-testid="current-phone">当前手机号：{user?.phone ?? ''}</p>
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
            <Input id="bind-phone" type="tel" inputMode="numeric" placeholder="请输入新手机号" maxLength={11} clearable value={phone} onChange={(v) => setPhone(v.replace(/\D/g, ''))} />
          </div>
          <CaptchaField state={captcha} />
          <div className={styles.field}>
            <Input id="bind-code" type="tel" inputMode="numeric" autoComplete="one-time-code" placeholder="请输入6位验证码" maxLength={6} value={code} onChange={(v) => setCode(v.replace(/\D/g, ''))} />
            <SmsCodeButton onSend={sendCode} />
          </div>
          <p className={styles.hint}>验证码将发送到新手机号。更换后请使用新手机号登录，保单信息不受影响。</p>
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting} className={styles.submit}>
            确认更换
          </Button>
        </form>
      </div>
    </AppPage>
  );
}
