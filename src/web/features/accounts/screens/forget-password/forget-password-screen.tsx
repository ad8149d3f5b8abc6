import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { validatePassword } from '../../../../../engine/rules/validators.ts';
import { PASSWORD_RULE_HINT } from '../../../../../engine/rules/messages.ts';
import { accountApi } from '../../api/accounts.ts';
import { paths } from '../../../../app/paths.ts';
import styles from '../../components/account-form.module.css';
import { AccountForm } from '../../components/account-form.tsx';
import { PasswordPairFields, usePasswordPair, PhoneCodeFields, usePhoneCode } from '../../components/phone-code-fields.tsx';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { failToast, successToast } from '../../../../shared/ui/toast.ts';
import { MSG_PASSWORDS_DIFFER } from '../../components/messages.ts';

/** `/forgetPassword` (no log-in): a new password with a code sent to the phone (v1/pwdfind). */
export default function ForgetPasswordScreen() {
  const navigate = useNavigate();
  const form = usePhoneCode((phone, captcha) => accountApi.sendCode(phone, 'reset', captcha));
  const pair = usePasswordPair();
  const { password, second } = pair;
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
      <AccountForm
        title="找回密码"
        subtitle="验证手机号后设置新的登录密码"
        submitText="重置密码"
        submitting={submitting}
        onSubmit={submit}
      >
        <PhoneCodeFields state={form} idPrefix="forget" />
        <PasswordPairFields idPrefix="forget" placeholders={['请输入新密码', '请再次输入新密码']} state={pair} />
        <p className={styles.hint}>{PASSWORD_RULE_HINT}。重置后，已登录的设备需要重新登录。</p>
      </AccountForm>
    </AppPage>
  );
}
