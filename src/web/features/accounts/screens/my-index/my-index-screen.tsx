import { useEffect, useState } from 'react';
import { Button, List } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import type { AccountSummary, UserInfo } from '../../../../../contract/accounts.ts';
import { accountApi } from '../../api/accounts.ts';
import { paths } from '../../../../app/paths.ts';
import { logOut } from '../../components/log-out.ts';
import { RenewalReminderSwitch } from '../../components/renewal-reminder-switch.tsx';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LazySharePopup } from '../../../sharing/index.ts';
import { SHARE } from '../../../../../contract/promoter.ts';
import { confirmDialog } from '../../../../shared/ui/dialog.ts';
import { successToast } from '../../../../shared/ui/toast.ts';
import { getUser } from '../../../../shared/state/session.ts';
import styles from './my-index-screen.module.css';
import { UserText } from '../../../../shared/ui/user-text.tsx';

/** Drafts list, built by the drafts area (spec §2: /zancunList, log-in). */
const DRAFTS_ROUTE = '/zancunList';
/** Screens of later releases: their entries show only to users they concern (docs/accounts.md). */
const SIGNED_AGREEMENTS_ROUTE = '/signList';

/**
 * What decides the conditional entries: signed agreements to list, and the
 * promoter area for promoters (staff, or a customer who has brought customers
 * or sales: the summary's isPromoter; isStaff too, should a staff summary lack it).
 */
export function conditionalEntries(summary: Pick<AccountSummary, 'hasSignedDocuments' | 'isStaff' | 'isPromoter'> | null) {
  return {
    signedAgreements: Boolean(summary?.hasSignedDocuments),
    promoterArea: Boolean(summary?.isPromoter || summary?.isStaff),
  };
}

/** 我的推荐码 shares the home page: any logged-in user may recommend the app (and so become a promoter). */
const HOME_SHARE = { route: '/', title: SHARE.brand };

/** `/myIndex` (log-in): the personal centre. */
export default function MyIndexScreen() {
  const navigate = useNavigate();
  const user = getUser();
  const [summary, setSummary] = useState<AccountSummary | null>(null);
  const [info, setInfo] = useState<UserInfo | null>(null);
  const [sharing, setSharing] = useState(false);

  useEffect(() => {
    if (!user) return;
    accountApi.accountSummary(user.userCode, { silent: true }).then(setSummary, () => setSummary(null));
    accountApi.userInfo({ silent: true }).then(setInfo, () => setInfo(null));
  }, [user?.userCode]);

  if (!user) return null;
  const show = conditionalEntries(summary);
  const verified = summary?.realNameStatus === '1' && summary.faceStatus === '1';

  const confirmLogOut = async () => {
    const confirmed = await confirmDialog({ content: '确定退出登录吗？', confirmText: '退出', cancelText: '取消' });
    if (!confirmed) return;
    await logOut();
    successToast('已退出登录');
    void navigate(paths.home(), { replace: true });
  };

  return (
    <AppPage title="个人中心">
      <div className={styles.header}>
        <div className={styles.avatar}>{info?.imgUrl ? <img src={info.imgUrl} alt="头像" /> : <UserOutline aria-hidden="true" />}</div>
        <div>
          <div className={styles.name}><UserText>{info?.actualName || '学平险用户'}</UserText></div>
          <div className={styles.phone} data-testid="my-phone">{user.phone}</div>
          {verified && <span className={styles.badge}>已实名</span>}
        </div>
      </div>
      <List header="我的投保" className={styles.list}>
        <List.Item onClick={() => void navigate(paths.policyList())}>我的保单</List.Item>
        <List.Item onClick={() => void navigate(DRAFTS_ROUTE)}>暂存单</List.Item>
        <List.Item onClick={() => void navigate(paths.claimList())}>我的理赔</List.Item>
        <List.Item onClick={() => void navigate(paths.familyMembers())} description="投保时一键填入被保人信息">
          常用被保人
        </List.Item>
        {show.signedAgreements && <List.Item onClick={() => void navigate(SIGNED_AGREEMENTS_ROUTE)}>已签署的协议</List.Item>}
        {show.promoterArea && <List.Item onClick={() => void navigate(paths.myAchievement())}>推广专区</List.Item>}
        <List.Item onClick={() => setSharing(true)}>我的推荐码</List.Item>
      </List>
      <List header="账户与安全" className={styles.list}>
        <List.Item onClick={() => void navigate(paths.userInfo())}>个人信息</List.Item>
        <List.Item onClick={() => void navigate(paths.resetNewPassword())} extra={summary && !summary.hasPassword ? '未设置' : undefined}>
          {summary && !summary.hasPassword ? '设置密码' : '修改密码'}
        </List.Item>
        <List.Item onClick={() => void navigate(paths.bindPhone(user.phone, user.userCode))} extra={user.phone}>
          更换手机号
        </List.Item>
        <List.Item
          onClick={() => void navigate(verified ? paths.certificationResult() : paths.realNameAuth())}
          extra={verified ? '已认证' : '未认证'}
        >
          实名认证
        </List.Item>
      </List>
      <List header="消息提醒" className={styles.list}>
        <RenewalReminderSwitch />
      </List>
      <List header="帮助" className={styles.list}>
        <List.Item onClick={() => void navigate(paths.aboutUs())}>关于我们</List.Item>
        <List.Item onClick={() => void navigate(paths.problem())}>常见问题</List.Item>
      </List>
      <LazySharePopup visible={sharing} onClose={() => setSharing(false)} target={HOME_SHARE} />
      <div className={styles.logout}>
        <Button block shape="rounded" color="danger" fill="outline" onClick={() => void confirmLogOut()}>
          退出登录
        </Button>
      </div>
    </AppPage>
  );
}
