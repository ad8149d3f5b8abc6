import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountApi } from '../../api/accounts.ts';
import { paths } from '../../../../app/paths.ts';
import styles from '../../components/account-form.module.css';
import { AccountForm } from '../../components/account-form.tsx';
import { PhoneCodeFields, usePhoneCode } from '../../components/phone-code-fields.tsx';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { failToast, successToast } from '../../../../shared/ui/toast.ts';
import { getUser, patchUser } from '../../../../shared/state/session.ts';

/**
 * `/bindPhone/{0}/{1}` (log-in): moves the account to a new phone. The code
 * goes to the new phone and the server checks the session; the route's
 * parameters (current masked phone, userCode) are only displayed; the stored
 * user is what is sent.
 */
export default function BindPhoneScreen() {
  const navigate = useNavigate();
  const user = getUser();
  // The code goes to the new phone.
  const form = usePhoneCode((phone, captcha) => accountApi.sendCode(phone, 'changePhone', captcha));
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (!user) return;
    const problem = form.problem();
    if (problem) return failToast(problem);
    setSubmitting(true);
    try {
      const changed = await accountApi.changePhone({ newPhoneNum: form.phone, oldPhoneNum: user.phone, smsVerificationCode: form.code, userCode: user.userCode });
      patchUser({ ...changed, ownPhone: form.phone });
      successToast('手机号修改成功');
      void navigate(paths.myIndex(), { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AppPage title="更换手机号">
      <AccountForm
        title="更换手机号"
        subtitle={<>当前手机号：{user?.phone ?? ''}</>}
        subtitleTestId="current-phone"
        submitText="确认更换"
        submitting={submitting}
        onSubmit={submit}
      >
        <PhoneCodeFields state={form} idPrefix="bind" phonePlaceholder="请输入新手机号" />
        <p className={styles.hint}>验证码将发送到新手机号。更换后请使用新手机号登录，保单信息不受影响。</p>
      </AccountForm>
    </AppPage>
  );
}
