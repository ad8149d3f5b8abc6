import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd-mobile';
import type { UserInfo } from '../../../../../contract/accounts.ts';
import { MAX_UPLOAD_BYTES } from '../../../../../contract/accounts.ts';
import { accountApi } from '../../api/accounts.ts';
import styles from '../../components/account-form.module.css';
import { AccountForm } from '../../components/account-form.tsx';
import { SexField } from '../../components/sex-field.tsx';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { failToast, successToast } from '../../../../shared/ui/toast.ts';
import own from './user-info-screen.module.css';
import '../../../../shared/ui/a11y/choice-inputs.css';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/** `/userInfo` (log-in): actual name, sex, birth date, contact address and avatar (spec §3 User info). */
export default function UserInfoScreen() {
  const [info, setInfo] = useState<UserInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = () => {
    setError(null);
    accountApi.userInfo({ silent: true }).then(setInfo, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  useEffect(load, []);

  if (error) return <AppPage title="个人信息"><LoadError description={error} onRetry={load} /></AppPage>;
  if (!info) return <AppPage title="个人信息"><PageLoading /></AppPage>;
  const set = (patch: Partial<UserInfo>) => setInfo({ ...info, ...patch });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) return failToast('图片不能超过2MB');
    setUploading(true);
    try {
      const { url } = await accountApi.upload(file);
      const saved = await accountApi.saveUserInfo({ imgUrl: url });
      setInfo(saved);
      successToast('头像已更新');
    } catch {
      // The client has shown the failure toast.
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await accountApi.saveUserInfo({
        actualName: info.actualName,
        sex: info.sex === '0' || info.sex === '1' ? info.sex : '',
        dateOfBirth: info.dateOfBirth,
        contactAddress: info.contactAddress,
      });
      setInfo(saved);
      successToast('保存成功');
    } catch {
      // toast shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppPage title="个人信息">
      <AccountForm
        head={
          <div className={own.avatarRow}>
            <button type="button" className={own.avatar} onClick={() => fileInput.current?.click()} aria-label="更换头像" disabled={uploading}>
              {info.imgUrl ? <img src={info.imgUrl} alt="头像" data-testid="avatar" /> : <span className={own.placeholder}>头像</span>}
            </button>
            <span className={own.avatarHint}>{uploading ? '上传中…' : '点击更换头像（PNG/JPEG/WebP，不超过2MB）'}</span>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPT}
              hidden
              data-testid="avatar-input"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </div>
        }
        submitText="保存"
        submitting={saving}
        onSubmit={save}
      >
        <div className={styles.field}>
          <label className={styles.label} htmlFor="actual-name">真实姓名</label>
          <Input id="actual-name" placeholder="请输入真实姓名" maxLength={20} value={info.actualName} onChange={(v) => set({ actualName: v })} />
        </div>
        <SexField id="sex-label" value={info.sex} onChange={(sex) => set({ sex })} />
        <div className={styles.field}>
          <label className={styles.label} htmlFor="birth-date">出生日期</label>
          <input
            id="birth-date"
            className={own.date}
            type="date"
            max={new Date().toISOString().slice(0, 10)}
            value={info.dateOfBirth}
            onChange={(e) => set({ dateOfBirth: e.target.value })}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="contact-address">联系地址</label>
          <Input id="contact-address" placeholder="请输入联系地址" maxLength={120} value={info.contactAddress} onChange={(v) => set({ contactAddress: v })} />
        </div>
      </AccountForm>
    </AppPage>
  );
}
