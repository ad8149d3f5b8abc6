// @vitest-environment happy-dom
/**
 * LightTabs (src/web/shared/ui/light-tabs.tsx): antd-mobile's Tabs look without react-spring.
 * The roles, aria-selected and roving tabindex, a tap, and the arrow keys (wrapping,
 * focus following the key) as antd-mobile's Tabs had them.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LightTabs } from '../../../src/web/shared/ui/light-tabs.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Harness({ initial = 'a' }: { initial?: string }) {
  const [key, setKey] = useState(initial);
  return (
    <>
      <LightTabs tabs={[{ key: 'a', title: '投保服务评价' }, { key: 'b', title: '理赔服务评价' }, { key: 'c', title: '其他' }]} activeKey={key} onChange={setKey} />
      <output data-testid="active">{key}</output>
    </>
  );
}

describe('LightTabs', () => {
  afterEach(cleanup);

  it('renders a tablist of tabs with the active one selected and focusable', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist')).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(tabs[0]!.className).toContain('adm-tabs-tab-active');
  });

  it('selects a tab on tap', () => {
    render(<Harness />);
    act(() => fireEvent.click(screen.getByRole('tab', { name: '理赔服务评价' })));
    expect(screen.getByTestId('active').textContent).toBe('b');
    expect(screen.getByRole('tab', { name: '理赔服务评价' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves with the arrow keys, wrapping, and focus follows', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist');
    act(() => fireEvent.keyDown(list, { key: 'ArrowLeft' }));
    expect(screen.getByTestId('active').textContent).toBe('c');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '其他' }));
    act(() => fireEvent.keyDown(list, { key: 'ArrowRight' }));
    expect(screen.getByTestId('active').textContent).toBe('a');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '投保服务评价' }));
  });
});
