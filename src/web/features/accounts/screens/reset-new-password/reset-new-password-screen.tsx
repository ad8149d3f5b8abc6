import { useEffect, useState } from 'react';
import { Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { validatePassword } from '../../../../../engine/rules/validators.ts';
import { PASSWORD_RULE_HINT } from '../../../../../engine/rules/messages.ts';
import { accountApi } from '../../api/accounts.ts';
import { paths } from '../../../../app/paths.ts';
import styles from '../../components/account-form.module.css';
import { AccountForm } from '../../components/account-form.tsx';
import { PasswordPairFields, usePasswordPair } from '../../components/phone-code-fields.tsx';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { failToast, successToast } from '../../../../shared/ui/toast.ts';
import { forgetUser, getUser } from '../../../../shared/state/session.ts';
import { MSG_PASSWORDS_DIFFER } from '../../components/messages.ts';

/**
 * `/resetNewPassword` (log-in): change the password (old, new, new again), or
 * set the first one for an account made by SMS code. Every session ends on
 * success, this one included, so the user logs in again with it.
 */
export default function ResetNewPasswordScreen() {
  const navigate = useNavigate();
  const user = getUser();
  const [hasPassword, setHasPassword] = useState<boolean | null>(null);
  const [oldPwd, setOldPwd] = useState('');
  const pair = usePasswordPair();
  const { password, second } = pair;
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!user) return;
    accountApi.accountSummary(user.userCode).then(
      (summary) => setHasPassword(summary.hasPassword),
      () => setHasPassword(true),
    );
  }, [user?.userCode]);

  const submit = async () => {
    if (!user) return;
    if (hasPassword && !oldPwd) return failToast('请输入原密码');
    const problem = validatePassword(password);
    if (problem) return failToast(problem);
    if (password !== second) return failToast(MSG_PASSWORDS_DIFFER);
    setSubmitting(true);
    try {
      await accountApi.changePassword({ loginAccount: user.loginAccount, userCode: user.userCode, oldPwd: hasPassword ? oldPwd : '', newPwd: password, secondPwd: second });
      if (hasPassword) {
        // A changed password ended every session (this one too): log in with the new one.
        forgetUser();
        successToast('密码修改成功，请重新登录');
        void navigate(paths.passwordLogin(), { replace: true });
      } else {
        // A first password leaves the session as it was: back to where the user came from.
        successToast('密码设置成功');
        void navigate(paths.myIndex(), { replace: true });
      }
    } catch {
      setSubmitting(false);
    }
  };

  const title = hasPassword === false ? '设置密码' : '修改密码';
  if (hasPassword === null) return <AppPage title="修改密码"><PageLoading /></AppPage>;
  return (
    <AppPage title={title}>
      <AccountForm
        title={title}
        subtitle={hasPassword ? '修改后所有设备需使用新密码重新登录' : '设置后可使用手机号和密码登录'}
        submitText="确认"
        submitting={submitting}
        onSubmit={submit}
        links={hasPassword ? [null, { label: '忘记原密码？', onClick: () => void navigate(paths.forgetPassword()) }] : undefined}
      >
        {hasPassword && (
          <div className={styles.field}>
            <Input id="old-password" type="password" autoComplete="current-password" placeholder="请输入原密码" maxLength={16} value={oldPwd} onChange={setOldPwd} />
          </div>
        )}
        <PasswordPairFields idPrefix="new" placeholders={['请输入新密码', '请再次输入新密码']} state={pair} />
        <p className={styles.hint}>{PASSWORD_RULE_HINT}</p>
      </AccountForm>
    </AppPage>
  );
}
