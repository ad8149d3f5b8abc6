import { Component, type ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import { StatusBlock } from '../shared/ui/status-block.tsx';

/**
 * Last-resort error screen of a route: a screen chunk that failed to load
 * (network, or a new deployment replaced it) or a render error.
 */
export function RouteError() {
  return (
    <StatusBlock kind="error" title="页面加载失败" description="请检查网络后重新加载" fullPage>
      <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </StatusBlock>
  );
}

/**
 * The error boundary around each route's screen (keyed by the route, so the
 * next route starts clean): React's class API, the only way to catch a render
 * error or a failed lazy chunk.
 */
export class RouteBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
