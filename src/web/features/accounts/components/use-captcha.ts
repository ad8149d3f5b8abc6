import { useCallback, useState } from 'react';
import { accountApi, type Captcha } from '../api/accounts.ts';
import { ErrorCode } from '../../../../contract/envelope.ts';
import { ApiError } from '../../../shared/api/client.ts';

/** The server asks for the image captcha (4012) or refused the one given (4013). */
export function isCaptchaError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ErrorCode.CaptchaRequired || error.code === ErrorCode.CaptchaWrong);
}

/**
 * The image captcha of a form: hidden until the server asks for it (after 3
 * failed log-ins of the phone), then shown with a fresh image after every use.
 */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [text, setText] = useState('');
  const refresh = useCallback(async () => {
    setText('');
    try {
      const next = await accountApi.captcha();
      setCaptcha((previous) => {
        if (previous) URL.revokeObjectURL(previous.imageUrl);
        return next;
      });
    } catch {
      setCaptcha(null);
    }
  }, []);
  /** What a call carries: the id and the typed text, when the captcha is shown. */
  const answer = captcha && text ? { id: captcha.id, text } : undefined;
  /** After a call: a used captcha cannot be presented again, and a 4012/4013 means one is now needed. */
  const afterCall = useCallback(
    (error?: unknown) => {
      if (captcha || isCaptchaError(error)) void refresh();
    },
    [captcha, refresh],
  );
  return { captcha, text, setText, refresh, answer, afterCall, shown: captcha !== null };
}
