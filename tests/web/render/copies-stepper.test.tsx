// @vitest-environment happy-dom
/**
 * The detail page's copies stepper (copies-section.tsx: antd-mobile's Stepper look without its
 * Input and decimal arithmetic): − and + within 1..maxCopies, typing a number (kept in
 * range), a named spinbutton.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CopiesSection } from '../../../src/web/features/insure/renderers/detail/sections/copies-section.tsx';
import type { DetailSectionProps } from '../../../src/web/features/insure/renderers/detail/types.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Harness({ max }: { max: number }) {
  const [copies, setCopies] = useState(1);
  const props = {
    manifest: { pricing: { maxCopies: max } },
    selection: { copies },
    select: (change: { copies?: number }) => change.copies !== undefined && setCopies(change.copies),
  } as unknown as DetailSectionProps;
  return <CopiesSection {...props} />;
}

describe('copies stepper', () => {
  afterEach(cleanup);

  it('steps within 1..max', () => {
    render(<Harness max={3} />);
    const input = screen.getByRole('spinbutton', { name: '购买份数' }) as HTMLInputElement;
    const minus = screen.getByRole('button', { name: '减少' }) as HTMLButtonElement;
    const plus = screen.getByRole('button', { name: '增加' }) as HTMLButtonElement;
    expect(input.value).toBe('1');
    expect(minus.disabled).toBe(true);
    act(() => fireEvent.click(plus));
    act(() => fireEvent.click(plus));
    expect(input.value).toBe('3');
    expect(input.getAttribute('aria-valuenow')).toBe('3');
    expect(plus.disabled).toBe(true);
    act(() => fireEvent.click(minus));
    expect(input.value).toBe('2');
  });

  it('takes a typed number, kept in range, and shows the value on blur', () => {
    render(<Harness max={5} />);
    const input = screen.getByRole('spinbutton', { name: '购买份数' }) as HTMLInputElement;
    act(() => fireEvent.focus(input));
    act(() => fireEvent.change(input, { target: { value: '4' } }));
    expect(input.getAttribute('aria-valuenow')).toBe('4');
    act(() => fireEvent.change(input, { target: { value: '9' } }));
    expect(input.getAttribute('aria-valuenow')).toBe('5');
    act(() => fireEvent.blur(input));
    expect(input.value).toBe('5');
  });

  it('is not shown when one copy is the most', () => {
    render(<Harness max={1} />);
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
