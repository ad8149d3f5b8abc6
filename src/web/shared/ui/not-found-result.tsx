import { Button } from 'antd-mobile';
import { useAppNavigate } from '../../app/use-app-navigate.ts';
import { paths } from '../../app/paths.ts';
import { StatusBlock } from './status-block.tsx';

/** Title and text for a product code that is unknown or no longer sold. */
export const PRODUCT_UNAVAILABLE_TITLE = '商品不存在或已下架';

/**
 * "Not found" with a 返回首页 button; used by the not-found screen, unknown
 * or offline products on the detail page, and the insure and confirm pages
 * (through ManifestGate).
 */
export function NotFoundResult({
  title = '页面不存在',
  description = '您访问的页面不存在或商品已下架',
}: {
  title?: string;
  description?: string;
}) {
  const navigate = useAppNavigate();
  return (
    <StatusBlock kind="empty" title={title} description={description}>
      <Button color="primary" shape="rounded" onClick={() => navigate(paths.home(), { replace: true })} data-testid="go-home">
        返回首页
      </Button>
    </StatusBlock>
  );
}
