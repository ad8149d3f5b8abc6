import { Button } from 'antd-mobile';
import { useAppNavigate } from '../app/use-app-navigate.ts';
import { paths } from '../app/paths.ts';
import { StatusBlock } from './status-block.tsx';

/** "Page not found" with a way home; used by the not-found screen and unknown detail routes. */
export function NotFoundResult({ description = '您访问的页面不存在或已下线' }: { description?: string }) {
  const navigate = useAppNavigate();
  return (
    <StatusBlock kind="empty" title="页面不存在" description={description}>
      <Button color="primary" shape="rounded" onClick={() => navigate(paths.home(), { replace: true })}>
        返回首页
      </Button>
    </StatusBlock>
  );
}
