import { Button } from 'antd-mobile';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { StatusBlock } from '../components/status-block.tsx';

/**
 * Last-resort error screen of the router: a screen chunk that failed to load
 * (network, or a new deployment replaced it) or a render error.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusBlock kind="empty" title="页面不存在" fullPage>
        <Button color="primary" shape="rounded" onClick={() => window.location.assign('/#/')}>
          返回首页
        </Button>
      </StatusBlock>
    );
  }
  console.error(error);
  return (
    <StatusBlock kind="error" title="页面加载失败" description="请检查网络后重新加载" fullPage>
      <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </StatusBlock>
  );
}
