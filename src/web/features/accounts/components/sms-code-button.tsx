import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import styles from './account-form.module.css';

/** Seconds before another SMS code may be asked for (the server allows one per 60 s per phone). */
export const RESEND_SECONDS = 60;

/** 获取验证码 with the 60 s countdown; `onSend` resolves true when the code went out. */
export function SmsCodeButton({ onSend, testId = 'send-code' }: { onSend: () => Promise<boolean>; testId?: string }) {
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);
  return (
    <Button
      size="small"
      fill="none"
      color="primary"
      className={styles.sendButton}
      disabled={countdown > 0}
      loading={sending}
      data-testid={testId}
      onClick={() => {
        setSending(true);
        void onSend()
          .then((sent) => {
            if (sent) setCountdown(RESEND_SECONDS);
          })
          .finally(() => setSending(false));
      }}
    >
      {countdown > 0 ? `${countdown}s后重新获取` : '获取验证码'}
    </Button>
  );
}
