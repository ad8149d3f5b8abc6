import { useEffect, useState } from 'react';
import { List } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SignedDocument } from '../../../../../contract/accounts.ts';
import { contractApi, pdfViewerLink } from '../../api/contracts.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { getUser } from '../../../../shared/state/session.ts';

/**
 * `/signList` (已签署的协议) and `/watchSign` (查看协议): the caller's signed
 * agreements, numbered applicant name, signing date, 点击查看 opening the PDF
 * viewer. Spec §8: the list is empty when its call fails.
 */
export default function ListView() {
  const navigate = useNavigate();
  const watch = useLocation().pathname === '/watchSign';
  const user = getUser();
  const [list, setList] = useState<SignedDocument[] | null>(null);
  useEffect(() => {
    if (!user) return;
    contractApi.signList(user.userCode).then(
      (data) => setList(data.list),
      () => setList([]),
    );
  }, [user?.userCode]);
  return (
    <AppPage title={watch ? '查看协议' : '已签署的协议'}>
      <h2 style={{ fontSize: 16, margin: '12px 16px' }}>{watch ? '查看协议' : '已签署的协议'}</h2>
      {list === null && <PageLoading />}
      {list?.length === 0 && <StatusBlock kind="empty" title="暂无已签署的协议" />}
      {list && list.length > 0 && (
        <List>
          {list.map((doc, index) => (
            <List.Item
              key={doc.contractUrl}
              description={`签署日期：${doc.signTime.slice(0, 10)}`}
              extra={<span style={{ color: '#1062e5' }}>点击查看</span>}
              onClick={() => {
                const link = pdfViewerLink(doc.contractUrl);
                if (link) void navigate(link);
              }}
            >
              {`${index + 1}. ${doc.userName}`}
            </List.Item>
          ))}
        </List>
      )}
    </AppPage>
  );
}
