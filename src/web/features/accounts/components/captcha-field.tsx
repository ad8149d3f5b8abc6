import { Input } from 'antd-mobile';
import styles from './account-form.module.css';
import type { useCaptcha } from './use-captcha.ts';

/** The image captcha row: typed text plus the image (tap for a new one). */
export function CaptchaField({ state }: { state: ReturnType<typeof useCaptcha> }) {
  if (!state.captcha) return null;
  return (
    <div className={styles.field}>
      <Input
        id="captcha-text"
        placeholder="请输入图形验证码"
        maxLength={6}
        value={state.text}
        onChange={(v) => state.setText(v.trim())}
        autoComplete="off"
      />
      <button type="button" className={styles.captchaImage} onClick={() => void state.refresh()} aria-label="看不清，换一张">
        <img src={state.captcha.imageUrl} alt="图形验证码" data-testid="captcha-image" data-captcha-id={state.captcha.id} />
      </button>
    </div>
  );
}
