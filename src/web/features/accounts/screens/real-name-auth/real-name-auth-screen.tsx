import { useState } from 'react';
import { Input } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { parseIdCard } from '../../../../../engine/rules/id-card.ts';
import { MSG_ID_CHECKSUM } from '../../../../../engine/rules/messages.ts';
import { validateName } from '../../../../../engine/rules/validators.ts';
import { accountApi, newVerId } from '../../api/accounts.ts';
import { paths, ROUTES } from '../../../../app/paths.ts';
import styles from '../../components/account-form.module.css';
import { AccountForm } from '../../components/account-form.tsx';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { failToast, loadingToast, clearToast } from '../../../../shared/ui/toast.ts';
import { getUser } from '../../../../shared/state/session.ts';

/**
 * `/realNameAuth` (log-in): name and ID number → real-name check
 * (op-log validate/id), then the face check (validate/face) on the identity
 * provider's page, which returns to /CertificationResult with verId and startFrom=2.
 */
export default function RealNameAuthScreen() {
  const navigate = useNavigate();
  const user = getUser();
  const [name, setName] = useState('');
  const [idNo, setIdNo] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (!user) return;
    const nameProblem = validateName(name);
    if (nameProblem) return failToast(nameProblem);
    const id = parseIdCard(idNo);
    if (!id.ok) return failToast(id.reason === 'length' ? '身份证号码位数有误!' : MSG_ID_CHECKSUM);
    const person = { verId: newVerId(), name, idNo, branchCode: user.branchCode };
    setSubmitting(true);
    try {
      const result = await accountApi.validateId(person);
      if (result.idStatus !== 'passed') {
        void navigate(paths.certificationResult(person.verId), { replace: true });
        return;
      }
      loadingToast('正在进入人脸识别');
      const { faceUrl } = await accountApi.validateFace(person, `/#${ROUTES.certificationResult}`);
      window.location.assign(faceUrl);
    } catch {
      clearToast();
      setSubmitting(false);
    }
  };

  return (
    <AppPage title="实名认证">
      <AccountForm
        title="实名认证"
        subtitle="请填写本人身份信息，通过后进行人脸识别"
        submitText="下一步：人脸识别"
        submitting={submitting}
        onSubmit={submit}
      >
        <div className={styles.field}>
          <span className={styles.label}>姓名</span>
          <Input id="auth-name" placeholder="请输入真实姓名" maxLength={20} value={name} onChange={(v) => setName(v.trim())} />
        </div>
        <div className={styles.field}>
          <span className={styles.label}>身份证号</span>
          <Input id="auth-id" placeholder="请输入18位身份证号" maxLength={18} value={idNo} onChange={(v) => setIdNo(v.trim().toUpperCase())} />
        </div>
        <p className={styles.hint}>您的身份信息仅用于实名认证，经加密传输，页面与日志中只显示脱敏信息。</p>
      </AccountForm>
    </AppPage>
  );
}
