import Button from 'antd-mobile/es/components/button';
import { StatusBlock } from './status-block.tsx';

/** Error state with a retry button, for a screen whose data failed to load. */
export function LoadError({
  title = '加载失败',
  description = '网络开小差了，请稍后重试',
  onRetry,
}: {
  title?: string;
  description?: string;
  onRetry?: () => void;
}) {
  return (
    <StatusBlock kind="error" title={title} description={description}>
      {onRetry && (
        <Button color="primary" fill="outline" shape="rounded" onClick={onRetry} data-testid="retry">
          重试
        </Button>
      )}
    </StatusBlock>
  );
}
