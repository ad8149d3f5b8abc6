// @vitest-environment happy-dom
/**
 * Typing in the insure form: the field keeps the text while the
 * user types, so a keystroke does not hand a new draft to the screen (which
 * re-renders the whole form); the draft follows after a short pause, on
 * blur, and when the page goes away, so a reload loses nothing. When the
 * text is handed over, the other fields do not re-render: the widgets that
 * read another field (sex and birthday from the ID number, the college from
 * the school) get the form's data from a store rather than from rjsf's
 * formContext, which reaches every field (read from a render count of the
 * text fields). A keystroke itself renders nothing: the text lives in the
 * <input> until it is handed over, and an IME composition (a Chinese name
 * typed in pinyin) is taken when it ends, never its pinyin letters. A key
 * writes nothing to the DOM (React's handling of an input's `input` event
 * rewrote its name and type, which the sale recorder records).
 */
import { act, cleanup, fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import type { InsureDraftData } from '../../../src/engine/insure/form-schema.ts';
import type * as BaseInputModule from '../../../src/web/form-theme/templates/base-input-template.tsx';
import { FIELD_EDIT_PAUSE_MS } from '../../../src/web/form-theme/field-edits.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import { InsureFormRenderer } from '../../../src/web/features/insure/renderers/insure/insure-form-renderer.tsx';
import { declareReactActEnvironment, InsureFormHost, MANIFESTS, renderInApp } from './harness.tsx';

/** Renders of each text field (by id), counted around the theme's BaseInputTemplate. */
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../../src/web/form-theme/templates/base-input-template.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof BaseInputModule>();
  return {
    ...original,
    BaseInputTemplate(props: BaseInputTemplateProps) {
      renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
      return original.BaseInputTemplate(props);
    },
  };
});

const manifest = MANIFESTS.find((m) => m.manifest.insure.template !== 'guardian')!.manifest;

function typeInto(input: HTMLInputElement, text: string): void {
  for (let i = 1; i <= text.length; i++) fireEvent.change(input, { target: { value: text.slice(0, i) } });
}

function holderName(onDraftChange: ReturnType<typeof vi.fn>): unknown {
  const draft = onDraftChange.mock.calls.at(-1)?.[0] as { policyHolder?: { name?: string } } | undefined;
  return draft?.policyHolder?.name;
}

describe('a field of the insure form while the user types', () => {
  beforeAll(() => {
    declareReactActEnvironment();
    setUpAntdMobileForReact19();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function renderForm() {
    const onDraftChange = vi.fn();
    renderInApp(<InsureFormRenderer manifest={manifest} plan={{ planCode: manifest.plans[0]!.code }} draft={null} onDraftChange={onDraftChange} />);
    const input = document.getElementById('root_policyHolder_name') as HTMLInputElement;
    return { onDraftChange, input };
  }

  it('shows each key at once and hands the draft over once, after a pause', () => {
    vi.useFakeTimers();
    const { onDraftChange, input } = renderForm();
    typeInto(input, '张三丰');
    expect(input.value).toBe('张三丰');
    expect(onDraftChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(FIELD_EDIT_PAUSE_MS));
    expect(onDraftChange).toHaveBeenCalledTimes(1);
    expect(holderName(onDraftChange)).toBe('张三丰');
  });

  it('hands the text over on blur, without waiting for the pause', () => {
    const { onDraftChange, input } = renderForm();
    typeInto(input, '李四');
    fireEvent.focusOut(input);
    expect(holderName(onDraftChange)).toBe('李四');
  });

  it('hands the text over when the page goes away (a reload keeps it)', () => {
    const { onDraftChange, input } = renderForm();
    typeInto(input, '王五');
    act(() => {
      window.dispatchEvent(new window.Event('pagehide'));
    });
    expect(holderName(onDraftChange)).toBe('王五');
  });

  it('re-renders the field typed in when its text is handed over, not the other fields', () => {
    vi.useFakeTimers();
    const onDraftChange = vi.fn();
    renderInApp(<InsureFormHost manifest={manifest} onDraftChange={onDraftChange} />);
    const input = document.getElementById('root_policyHolder_name') as HTMLInputElement;
    const others = [...renders.keys()].filter((id) => id !== input.id);
    expect(others.length).toBeGreaterThan(1);
    typeInto(input, '张三');
    renders.clear();
    act(() => vi.advanceTimersByTime(FIELD_EDIT_PAUSE_MS));
    expect((onDraftChange.mock.calls.at(-1)?.[0] as InsureDraftData | undefined)?.policyHolder?.name).toBe('张三');
    expect(input.value).toBe('张三');
    expect(others.filter((id) => renders.has(id))).toEqual([]);
  });

  it('renders no field while the user types: the text stays in the <input> until it is handed over', () => {
    vi.useFakeTimers();
    const onDraftChange = vi.fn();
    renderInApp(<InsureFormHost manifest={manifest} onDraftChange={onDraftChange} />);
    const input = document.getElementById('root_policyHolder_name') as HTMLInputElement;
    fireEvent.focus(input);
    // The first key shows the clear icon (one render of this field); the next ones render nothing.
    typeInto(input, '欧');
    renders.clear();
    for (const text of ['欧阳', '欧阳修', '欧阳修文']) fireEvent.change(input, { target: { value: text } });
    expect(input.value).toBe('欧阳修文');
    expect([...renders.entries()]).toEqual([]);
    expect(onDraftChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(FIELD_EDIT_PAUSE_MS));
    expect(holderName(onDraftChange)).toBe('欧阳修文');
    expect(input.value).toBe('欧阳修文');
  });

  it('writes nothing to the page while the user types: no attribute of the <input> is rewritten on a key', () => {
    vi.useFakeTimers();
    const { onDraftChange, input } = renderForm();
    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: '欧' } });
    // What a key changes in the DOM, which the sale recorder's MutationObserver would record (React rewrote the
    // <input>'s name and type on each of its `input` events).
    const observer = new MutationObserver(() => undefined);
    observer.observe(input, { attributes: true });
    for (const text of ['欧阳', '欧阳修', '欧阳修文']) fireEvent.input(input, { target: { value: text } });
    const written = observer.takeRecords().map((record) => record.attributeName);
    observer.disconnect();
    expect(written).toEqual([]);
    expect(onDraftChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(FIELD_EDIT_PAUSE_MS));
    expect(holderName(onDraftChange)).toBe('欧阳修文');
    expect(input.getAttribute('name')).toBe('root_policyHolder_name');
  });

  it('takes an IME composition when it ends, not its pinyin letters', () => {
    vi.useFakeTimers();
    const { onDraftChange, input } = renderForm();
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: 'zh' } });
    fireEvent.change(input, { target: { value: 'zhang' } });
    // A pause while choosing the character: the pinyin is not handed over.
    act(() => vi.advanceTimersByTime(FIELD_EDIT_PAUSE_MS * 2));
    expect(onDraftChange).not.toHaveBeenCalled();
    expect(input.value).toBe('zhang');
    input.value = '张';
    fireEvent.compositionEnd(input, { data: '张' });
    act(() => vi.advanceTimersByTime(FIELD_EDIT_PAUSE_MS));
    expect(onDraftChange).toHaveBeenCalledTimes(1);
    expect(holderName(onDraftChange)).toBe('张');
    expect(input.value).toBe('张');
  });

  it('upper-cases an ID number and drops the spaces of a pasted one before its length limit', () => {
    const onDraftChange = vi.fn();
    renderInApp(<InsureFormHost manifest={manifest} onDraftChange={onDraftChange} />);
    const input = document.getElementById('root_policyHolder_licenceNo') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3203 0220 1501 0112 3x' } });
    expect(input.value).toBe('32030220150101123X');
    fireEvent.focusOut(input);
    const draft = onDraftChange.mock.calls.at(-1)?.[0] as InsureDraftData | undefined;
    expect(draft?.policyHolder?.licenceNo).toBe('32030220150101123X');
  });

  it('shows a clear icon while a filled field has focus; it empties the field and the draft follows', () => {
    const onDraftChange = vi.fn();
    renderInApp(<InsureFormHost manifest={manifest} onDraftChange={onDraftChange} />);
    const input = document.getElementById('root_policyHolder_name') as HTMLInputElement;
    const row = input.closest('[data-field]')!;
    const clearIcon = () => row.querySelector('.antd-mobile-icon')?.parentElement ?? null;
    typeInto(input, '赵六');
    expect(clearIcon()).toBeNull();
    fireEvent.focus(input);
    expect(clearIcon()).not.toBeNull();
    fireEvent.click(clearIcon()!);
    expect(input.value).toBe('');
    expect(clearIcon()).toBeNull();
    fireEvent.focusOut(input);
    expect(holderName(onDraftChange) ?? '').toBe('');
  });
});
