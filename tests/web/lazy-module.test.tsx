// @vitest-environment happy-dom
import { act, Component, Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lazyModule } from '../../src/web/app/screens.ts';
import { onceLoaded, tracked } from '../../src/web/app/tracked-promise.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A screen whose module has arrived renders in the first commit, without its Suspense fallback: a
 * fallback committed first makes React hold the screen back until 300 ms after it (its reveal
 * throttle), which delayed home's redirect and the detail deep link (docs/performance.md).
 */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>页面加载失败：{this.state.error.message}</p> : this.props.children;
  }
}

describe('lazyModule: the lazy screen that renders at once when loaded', () => {
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const screen = () => <p>保险超市</p>;
  const shown = () => (
    <Suspense fallback={<p>加载中…</p>}>
      <Screen />
    </Suspense>
  );
  let Screen: () => ReactNode = () => null;

  it('shows a loaded module in the first commit (no fallback)', async () => {
    const module = tracked(Promise.resolve({ default: screen }));
    await module;
    const Lazy = lazyModule(() => module, 'loaded');
    Screen = () => <Lazy />;
    act(() => root.render(shown()));
    expect(container.textContent).toBe('保险超市');
  });

  it('shows the fallback while the module loads, then the screen', async () => {
    let arrive: (module: { default: () => ReactNode }) => void = () => undefined;
    const module = tracked(new Promise<{ default: () => ReactNode }>((resolve) => (arrive = resolve)));
    const Lazy = lazyModule(() => module, 'loading');
    Screen = () => <Lazy />;
    // As in the browser (no act() queue): React's retry and its reveal timer run on their own.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      root.render(shown());
      await expect.poll(() => container.textContent).toBe('加载中…');
      arrive({ default: screen });
      await expect.poll(() => container.textContent).toBe('保险超市');
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('throws a failed load to its error boundary', async () => {
    const failed = tracked(Promise.reject(new Error('chunk failed')));
    await failed.then(
      () => undefined,
      () => undefined,
    );
    const Lazy = lazyModule(() => failed, 'failed');
    Screen = () => (
      <Boundary>
        <Lazy />
      </Boundary>
    );
    act(() => root.render(shown()));
    expect(container.textContent).toBe('页面加载失败：chunk failed');
  });
});

describe('onceLoaded: a module loaded once, asked again only after a failure', () => {
  it('loads once, keeps a failure for the render, and tries again when asked', async () => {
    const answers = [Promise.reject(new Error('chunk failed')), Promise.resolve('市场首页')];
    let calls = 0;
    const load = onceLoaded(() => answers[calls++]!);
    const first = load();
    await first.then(
      () => undefined,
      () => undefined,
    );
    expect(first.status).toBe('rejected');
    expect(load()).toBe(first);
    expect(calls).toBe(1);
    const second = load({ again: true });
    expect(await second).toBe('市场首页');
    expect(load({ again: true })).toBe(second);
    expect(calls).toBe(2);
  });
});
