import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { validatePassword } from '../../../engine/rules/validators.ts';
import { PASSWORD_RULE_HINT } from '../../../engine/rules/messages.ts';
import { accountApi } from '../../api/accounts.ts';
import { paths } from '../../app/paths.ts';
import styles from '../../components/account/account-form.module.css';
import { PasswordPairFields, PhoneCodeFields, usePhoneCode } from '../../components/account/phone-code-fields.tsx';
import { AppPage } from '../../components/app-page.tsx';
import { failToast, successToast } from '../../components/toast.ts';
import { MSG_PASSWORDS_DIFFER } from '../../components/account/messages.ts';

/** `/forgetPassword` (no log-in): a new password with a code sent to the phone (v1/pwdfind). */
export default function ForgetPasswordScreen() {
  const navigate = useNavigate();
  const form = usePhoneCode((phone, captcha) => accountApi.sendCode(phone, 'reset', captcha));
  const [password, setPassword] = useState('');
  const [second, setSecond] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const problem = form.problem() ?? validatePassword(password);
    if (problem) return failToast(problem);
    if (password !== second) return failToast(MSG_PASSWORDS_DIFFER);
    setSubmitting(true);
    try {
      await accountApi.pwdFind({ phoneNum: form.phone, smsVerificationCode: form.code, newPwd: password, secondPwd: second });
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
          <PhoneCodeFields state={form} idPrefix="forget" />
          <PasswordPairFields
            idPrefix="forget"
            placeholders={['请输入新密码', '请再次输入新密码']}
            password={password}
            second={second}
            onPassword={setPassword}
            onSecond={setSecond}
          />
          <p className={styles.hint}>{PASSWORD_RULE_HINT}。重置后，已登录的设备需要重新登录。</p>
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting} className={styles.submit}>
            重置密码
          </Button>
        </form>
      </div>
    </AppPage>
  );
}
