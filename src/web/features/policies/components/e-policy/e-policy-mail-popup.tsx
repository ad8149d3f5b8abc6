import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { validateEmail } from '../../../../../engine/rules/validators.ts';
import { policyApi } from '../../../../shared/api/policy-api.ts';
import { Popup } from '../../../../shared/ui/overlays-antd.ts';
import { infoToast, successToast } from '../../../../shared/ui/toast.ts';
import styles from '../policy-detail.module.css';

export interface EPolicyMailProps {
  visible: boolean;
  policyNo: string;
  onClose: () => void;
}

/** 发送到邮箱: the address checked with the server's own rule before it is sent; the PDF goes as an attachment. */
export function EPolicyMailPopup({ visible, policyNo, onClose }: EPolicyMailProps) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    const problem = validateEmail(email.trim());
    if (problem) return infoToast(problem);
    setSending(true);
    try {
      const sent = await policyApi.mailEPolicy(policyNo, email.trim());
      successToast(`电子保单已发送至 ${sent.email}`);
      onClose();
    } catch {
      // The client has shown the server's message (limit reached, mail service closed, relay down).
    } finally {
      setSending(false);
    }
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className={styles.mail} role="dialog" aria-label="发送电子保单到邮箱">
        <h3 className={styles.mailTitle}>发送电子保单到邮箱</h3>
        <p className={styles.note}>电子保单（PDF）将作为附件发送，每张保单每天最多发送 3 次。</p>
        <label className={styles.mailLabel}>
          邮箱地址
          <Input type="email" value={email} onChange={setEmail} placeholder="请输入接收邮箱" maxLength={254} clearable onEnterPress={() => void send()} />
        </label>
        <Button block color="primary" shape="rounded" loading={sending} disabled={sending} onClick={() => void send()}>
          发送
        </Button>
      </div>
    </Popup>
  );
}
