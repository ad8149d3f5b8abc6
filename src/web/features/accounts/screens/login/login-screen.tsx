import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CHANNEL_NO } from '../../../../../engine/rules/enums.ts';
import { accountApi } from '../../api/accounts.ts';
import { api } from '../../../../shared/api/endpoints.ts';
import { paths } from '../../../../app/paths.ts';
import { afterLogin } from '../../components/after-login.ts';
import { AccountForm } from '../../components/account-form.tsx';
import { PhoneCodeFields, usePhoneCode } from '../../components/phone-code-fields.tsx';
import { MSG_AGREE } from '../../components/messages.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { failToast, successToast } from '../../../../shared/ui/toast.ts';
import { getPromoCode } from '../../../../shared/state/promo-code.ts';

/**
 * `/passport/login?fullPath&promoCode&partnerSource&productCode` and
 * `/passport/VerCodeLogin`: log-in (and sign-up) by SMS code. After 3 failed
 * log-ins of the phone the server asks for the image captcha before sending.
 */
export default function LoginScreen() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const form = usePhoneCode((phone, captcha) => accountApi.sendLoginCode(phone, captcha));
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const search = query.toString() ? `?${query.toString()}` : '';

  const logIn = async () => {
    const problem = form.problem();
    if (problem) return failToast(problem);
    if (!agreed) return failToast(MSG_AGREE);
    const promoCode = query.get('promoCode') || getPromoCode();
    const partnerSource = query.get('partnerSource');
    setSubmitting(true);
    try {
      const user = await api.registerAndLogin({
        phoneNum: form.phone,
        smsVerificationCode: form.code,
        channelNo: CHANNEL_NO,
        ...(promoCode ? { promoCode } : {}),
        ...(partnerSource ? { partnerSource } : {}),
      });
      if (!user) throw new Error('empty user');
      const back = afterLogin(user, query, form.phone);
      successToast('登录成功');
      void navigate(back, { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AppPage title="登录">
      <AccountForm
        title="手机号快捷登录"
        subtitle="未注册的手机号验证后将自动注册"
        submitText="登录"
        submitting={submitting}
        onSubmit={logIn}
        links={[
          { label: '密码登录', onClick: () => void navigate(paths.passwordLogin(search), { replace: true }) },
          { label: '注册账号', onClick: () => void navigate(paths.register(search)) },
        ]}
        consent={{ agreed, onChange: setAgreed }}
      >
        <PhoneCodeFields state={form} idPrefix="login" />
      </AccountForm>
    </AppPage>
  );
}
