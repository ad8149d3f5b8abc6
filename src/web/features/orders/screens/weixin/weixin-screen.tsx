import { Button } from 'antd-mobile';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import styles from './weixin-screen.module.css';

/**
 * `/weixin` (spec §2: log-in; shows an error image): where the app lands when
 * WeChat authorisation for payment did not happen (refused, or the page was
 * opened outside WeChat's OAuth). The unpaid order waits in the policy list.
 */
export default function WeixinScreen() {
  const navigate = useAppNavigate();
  return (
    <AppPage title="微信支付">
      <div className={styles.page}>
        <svg className={styles.image} viewBox="0 0 160 120" width="160" height="120" role="img" aria-label="微信授权失败">
          <ellipse cx="80" cy="108" rx="60" ry="7" fill="#eef0f3" />
          <rect x="36" y="18" width="88" height="78" rx="12" fill="#f5f7fa" stroke="#d9dde3" strokeWidth="3" />
          <circle cx="66" cy="52" r="14" fill="#09bb07" opacity="0.25" />
          <circle cx="94" cy="60" r="12" fill="#09bb07" opacity="0.18" />
          <circle cx="112" cy="30" r="16" fill="#ff8f6b" />
          <path d="M106 24l12 12M118 24l-12 12" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        </svg>
        <h1 className={styles.title}>微信授权失败</h1>
        <p className={styles.text}>未能获取微信支付授权，请在微信中重新打开并允许授权后再支付。订单可在我的保单中继续支付。</p>
        <Button block color="primary" shape="rounded" onClick={() => navigate(paths.policyList(), { replace: true })}>
          查看保单
        </Button>
        <Button block shape="rounded" onClick={() => navigate(paths.home(), { replace: true })}>
          返回首页
        </Button>
      </div>
    </AppPage>
  );
}
