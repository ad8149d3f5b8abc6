import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { validatePassword } from '../../../../../engine/rules/validators.ts';
import { PASSWORD_RULE_HINT } from '../../../../../engine/rules/messages.ts';
import { accountApi } from '../../api/accounts.ts';
import { afterLogin } from '../../components/after-login.ts';
import { AccountForm } from '../../components/account-form.tsx';
import { PasswordPairFields, usePasswordPair, PhoneCodeFields, usePhoneCode } from '../../components/phone-code-fields.tsx';
import { MSG_AGREE, MSG_PASSWORDS_DIFFER } from '../../components/messages.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { failToast, successToast } from '../../../../shared/ui/toast.ts';

/** `/passport/register`: registration by SMS code with a password (v1/register/regMsg, v1/appRegister). */
export default function RegisterScreen() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const form = usePhoneCode((phone, captcha) => accountApi.sendCode(phone, 'register', captcha));
  const pair = usePasswordPair();
  const { password, second } = pair;
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const problem = form.problem() ?? validatePassword(password);
    if (problem) return failToast(problem);
    if (password !== second) return failToast(MSG_PASSWORDS_DIFFER);
    if (!agreed) return failToast(MSG_AGREE);
    setSubmitting(true);
    try {
      const user = await accountApi.appRegister({ phoneNum: form.phone, smsVerificationCode: form.code, passWord: password });
      const back = afterLogin(user, query, form.phone);
      successToast('注册成功');
      void navigate(back, { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AppPage title="注册">
      <AccountForm
        title="注册账号"
        subtitle={PASSWORD_RULE_HINT}
        submitText="注册并登录"
        submitting={submitting}
        onSubmit={submit}
        consent={{ agreed, onChange: setAgreed }}
      >
        <PhoneCodeFields state={form} idPrefix="register" />
        <PasswordPairFields idPrefix="register" placeholders={['请设置登录密码', '请再次输入密码']} state={pair} />
      </AccountForm>
    </AppPage>
  );
}
