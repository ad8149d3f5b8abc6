import { Button } from 'antd-mobile';
import { paths } from '../../../app/paths.ts';
import { useAppNavigate } from '../../../app/use-app-navigate.ts';
import { StatusBlock } from '../../../shared/ui/status-block.tsx';

/** What a promoter screen shows on the server's 4003: the caller is not a promoter (or the record is not theirs). */
export function NotPromoter() {
  const navigate = useAppNavigate();
  return (
    <StatusBlock kind="empty" title="仅推广人员可访问" description="成为推广人员后，可在此查看业绩、客户与推广奖励">
      <Button color="primary" shape="rounded" onClick={() => navigate(paths.myIndex(), { replace: true })}>
        返回个人中心
      </Button>
    </StatusBlock>
  );
}
