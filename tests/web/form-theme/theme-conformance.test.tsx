// @vitest-environment happy-dom
/**
 * One conformance suite over the antd-mobile form theme, as rjsf tests its
 * own themes: every field type and widget the theme registers, each drawn
 * from a small schema of its own (no manifest), and what a user sees and does
 * with it: the label naming the control, the value given, a change reaching
 * onChange with the schema's type, an error shown at the field, disabled and
 * read-only honoured, lists and objects, and formats the theme has no widget
 * for falling back to text. Any console.error fails the test.
 *
 * The web build (and vitest) ships a short rjsf registry with no number or
 * boolean field (scripts/lib/vite-rjsf-registry.ts); the theme's widgets for
 * those types are reached here through rjsf's own NumberField and
 * BooleanField, handed to the form as another consumer of the theme would
 * have them.
 */
import { createRef, StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type Form from '@rjsf/core';
import type { FormProps, IChangeEvent } from '@rjsf/core';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import { ErrorSchemaBuilder, type ErrorSchema, type RegistryFieldsType, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import { queryClient } from '../../../src/web/shared/api/query-client.ts';
import { resetRegionCache } from '../../../src/web/shared/api/regions.ts';
import { InsureForm, transformErrors } from '../../../src/web/form-theme/index.tsx';
import { declareReactActEnvironment, guardConsoleError } from '../render/react-test-env.ts';

declareReactActEnvironment();
beforeAll(() => {
  setUpAntdMobileForReact19();
  // antd-mobile's picker wheel measures its item height from its stylesheet, which the test DOM does not load.
  const style = document.createElement('style');
  style.textContent = '.adm-picker-view-item-height-measure { height: 34px; }';
  document.head.append(style);
});

/** rjsf's fields for numbers and booleans, which the web build's short registry leaves out. */
const FULL_FIELDS = { NumberField, BooleanField } as unknown as RegistryFieldsType;

let guard: ReturnType<typeof guardConsoleError>;
beforeEach(() => {
  guard = guardConsoleError();
  queryClient.clear();
  resetRegionCache();
});
afterEach(() => {
  guard.check();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

type Props = Omit<FormProps, 'validator'> & { schema: RJSFSchema };

/** The themed form of one schema; `changed()` is the form data of the last onChange. */
function renderForm({ schema, ...props }: Props) {
  const onChange = vi.fn<(event: IChangeEvent) => void>();
  const onSubmit = vi.fn<(event: IChangeEvent) => void>();
  const ref = createRef<Form>();
  const view = render(
    <StrictMode>
      <InsureForm ref={ref} schema={schema} validator={validator} fields={FULL_FIELDS} onChange={onChange} onSubmit={onSubmit} {...props} />
    </StrictMode>,
  );
  const form = view.container.querySelector('form')!;
  return {
    ...view,
    onChange,
    onSubmit,
    changed: () => onChange.mock.calls.at(-1)?.[0].formData as Record<string, unknown> | undefined,
    submit: () => fireEvent.submit(form),
  };
}

/** One property `value` of `field`, required unless told. */
function single(field: RJSFSchema, { required = true }: { required?: boolean } = {}): RJSFSchema {
  return { type: 'object', required: required ? ['value'] : [], properties: { value: field } };
}

/** extraErrors with `message` at the property `name`, as a screen hands its own checks to the form. */
function errorAt(name: string, message: string): ErrorSchema {
  return new ErrorSchemaBuilder().addErrors(message, name).ErrorSchema;
}

/** Types into a text field as the user does, then leaves it (the theme hands the text over on blur). */
function typeInto(input: HTMLElement, text: string): void {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.focusOut(input);
}

/** The message shown for a field, by its id: the element aria-describedby points at. */
function describedBy(control: HTMLElement): HTMLElement | null {
  const id = control.getAttribute('aria-describedby');
  return id ? document.getElementById(id) : null;
}

/** Opens a picker row and waits for the picker sheet. */
async function openPicker(trigger: HTMLElement): Promise<HTMLElement> {
  await act(async () => fireEvent.click(trigger));
  return waitFor(() => {
    const sheet = document.querySelector<HTMLElement>('.adm-picker');
    expect(sheet).toBeTruthy();
    return sheet!;
  });
}

/** Lets a picker's wheel tell the picker (after a timeout of its own): 确定 confirms what the picker holds. */
async function settle(): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** Moves the picker's wheel to `label` (antd-mobile's screen-reader buttons) and confirms with 确定. */
async function pick(trigger: HTMLElement, label: string): Promise<void> {
  const sheet = await openPicker(trigger);
  for (let step = 0; step < 10 && !within(sheet).queryByRole('button', { name: `当前选择的是：${label}` }); step++) {
    const next = within(sheet).queryByRole('button', { name: `选择下一项：${label}` }) ?? within(sheet).getByRole('button', { name: /^选择下一项/ });
    const before = next.getAttribute('aria-label');
    await act(async () => fireEvent.click(next));
    await waitFor(() => expect(within(sheet).queryByRole('button', { name: before!.replace('选择下一项：', '当前选择的是：') })).toBeTruthy());
    await settle();
  }
  await act(async () => fireEvent.click(within(sheet).getByText('确定')));
}

/** A gateway answering the region and school calls from small fixed tables; anything else fails the call. */
function stubGateway() {
  const tree: Record<string, { value: string; label: string; level: string; isLeaf: boolean }[]> = {
    '000000': [{ value: '320000', label: '江苏省', level: 'province', isLeaf: false }],
    '320000': [{ value: '320300', label: '徐州市', level: 'city', isLeaf: false }],
    '320300': [{ value: '320302', label: '鼓楼区', level: 'county', isLeaf: true }],
  };
  const school = (id: number, schoolName: string) => ({
    id,
    schoolName,
    schoolKind: '01',
    schoolKindName: '小学',
    schoolNature: null,
    provinceCode: '320000',
    cityCode: '320300',
    countyCode: '320302',
    address: null,
    phone: null,
    verified: true,
    hasColleges: false,
  });
  const reply = (data: unknown, code = '0000') =>
    new Response(JSON.stringify({ code, msg: code === '0000' ? '' : 'unexpected', data }), { status: 200, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const area = /\/getArea\/(\d{6})$/.exec(url.pathname);
    if (area) return reply(tree[area[1]!] ?? []);
    if (url.pathname.endsWith('/schoolinfo/getSchoolByNameAddressPhone')) {
      const list = [school(1, '徐州市鼓楼小学'), school(2, '徐州市鼓楼实验小学')].filter((s) => s.schoolName.includes(url.searchParams.get('name') ?? ''));
      return reply({ list, total: list.length, pageNum: 1, pageSize: 6 });
    }
    return reply(null, '5000');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

// ---------------------------------------------------------------- text

describe('a text field (string)', () => {
  const schema = single({ type: 'string', title: '姓名', maxLength: 4 });

  it('shows its label for the input and the value given', () => {
    renderForm({ schema, formData: { value: '张三' } });
    const input = screen.getByLabelText('姓名');
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveProperty('value', '张三');
  });

  it('hands what the user types to onChange as a string', () => {
    const form = renderForm({ schema });
    typeInto(screen.getByLabelText('姓名'), '李四');
    expect(form.changed()).toEqual({ value: '李四' });
  });

  it('hands an emptied field over as no value', () => {
    const form = renderForm({ schema, formData: { value: '张三' } });
    typeInto(screen.getByLabelText('姓名'), '');
    expect(form.changed()?.value).toBeUndefined();
  });

  it('marks a required field left empty with its message on submit, and submits nothing', () => {
    const form = renderForm({ schema, transformErrors });
    const input = screen.getByLabelText('姓名');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    form.submit();
    expect(form.onSubmit).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)?.textContent).toBe('请完善投保信息!');
    expect(screen.getByRole('alert').textContent).toBe('请完善投保信息!');
  });

  it('leaves an optional field left empty unmarked, and submits', () => {
    const form = renderForm({ schema: single({ type: 'string', title: '姓名' }, { required: false }), transformErrors });
    form.submit();
    expect(form.onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('姓名').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a live validation error at the field once the user types too much', () => {
    renderForm({ schema, transformErrors, liveValidate: 'onChange' });
    const input = screen.getByLabelText('姓名');
    typeInto(input, '欧阳修文章');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)?.textContent).toBe('最多可输入4个字符');
  });

  it('shows an error given by the screen (extraErrors) at the field', () => {
    const extraErrors = errorAt('value', '姓名与证件不符');
    renderForm({ schema, formData: { value: '张三' }, extraErrors });
    const input = screen.getByLabelText('姓名');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)?.textContent).toBe('姓名与证件不符');
    expect(input.closest('[data-field]')?.textContent).toContain('姓名与证件不符');
  });

  it('cannot be changed when disabled or read-only', () => {
    renderForm({ schema, formData: { value: '张三' }, disabled: true });
    expect(screen.getByLabelText('姓名')).toHaveProperty('disabled', true);
    document.body.innerHTML = '';
    renderForm({ schema, formData: { value: '张三' }, readonly: true });
    expect(screen.getAllByLabelText('姓名').at(-1)).toHaveProperty('readOnly', true);
  });

  it('marks only the field ui:disabled or ui:readonly names', () => {
    const two: RJSFSchema = { type: 'object', properties: { a: { type: 'string', title: '甲' }, b: { type: 'string', title: '乙' } } };
    renderForm({ schema: two, uiSchema: { a: { 'ui:disabled': true }, b: { 'ui:readonly': true } } });
    expect(screen.getByLabelText('甲')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('乙')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('乙')).toHaveProperty('disabled', false);
  });

  it('shows the placeholder of ui:placeholder and picks the keyboard of ui:options.inputType', () => {
    renderForm({ schema: single({ type: 'string', title: '手机号码' }), uiSchema: { value: { 'ui:placeholder': '请输入手机号码', 'ui:options': { inputType: 'tel' } } } });
    const input = screen.getByLabelText('手机号码');
    expect(input.getAttribute('placeholder')).toBe('请输入手机号码');
    expect(input.getAttribute('type')).toBe('tel');
  });
});

// ---------------------------------------------------------------- numbers

describe.each([
  ['an integer field', 'integer', '12', 12],
  ['a number field', 'number', '2.5', 2.5],
] as const)('%s', (_name, type, typed, expected) => {
  const schema = single({ type, title: '份数', minimum: 1 });

  it('shows its label for the input and the number given', () => {
    renderForm({ schema, formData: { value: 3 } });
    expect(screen.getByLabelText('份数')).toHaveProperty('value', '3');
  });

  it('hands what the user types to onChange as a number', () => {
    const form = renderForm({ schema });
    typeInto(screen.getByLabelText('份数'), typed);
    expect(form.changed()).toEqual({ value: expected });
    expect(screen.getByLabelText('份数')).toHaveProperty('value', typed);
  });

  it('shows the error of a number out of range at the field on submit', () => {
    const form = renderForm({ schema, formData: { value: 0 } });
    form.submit();
    const input = screen.getByLabelText('份数');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)?.textContent).toBe('must be >= 1');
  });
});

// ---------------------------------------------------------------- booleans

describe('a yes/no field (boolean) as a checkbox', () => {
  const schema = single({ type: 'boolean', title: '已阅读投保须知' }, { required: false });

  it('shows its label on the checkbox and the value given', () => {
    renderForm({ schema, formData: { value: true } });
    expect(screen.getByRole('checkbox', { name: '已阅读投保须知' })).toHaveProperty('checked', true);
  });

  it('hands a toggle to onChange as a boolean', () => {
    const form = renderForm({ schema, formData: { value: false } });
    fireEvent.click(screen.getByRole('checkbox', { name: '已阅读投保须知' }));
    expect(form.changed()).toEqual({ value: true });
    fireEvent.click(screen.getByRole('checkbox', { name: '已阅读投保须知' }));
    expect(form.changed()).toEqual({ value: false });
  });

  it('shows an error at the field', () => {
    renderForm({ schema, extraErrors: errorAt('value', '请阅读并同意投保须知') });
    const row = screen.getByRole('checkbox').closest('[data-field]')!;
    expect(within(row as HTMLElement).getByRole('alert').textContent).toBe('请阅读并同意投保须知');
  });

  it('cannot be toggled when disabled or read-only', () => {
    for (const props of [{ disabled: true }, { readonly: true }]) {
      const form = renderForm({ schema, formData: { value: false }, ...props });
      const box = form.getByRole('checkbox', { name: '已阅读投保须知' });
      expect(box).toHaveProperty('disabled', true);
      fireEvent.click(box);
      expect(box).toHaveProperty('checked', false);
      expect(form.onChange).not.toHaveBeenCalledWith(expect.objectContaining({ formData: { value: true } }), expect.anything());
      form.unmount();
    }
  });
});

// ---------------------------------------------------------------- choices

const GRADES: RJSFSchema = {
  type: 'integer',
  title: '年级',
  oneOf: [
    { const: 1, title: '一年级' },
    { const: 2, title: '二年级' },
    { const: 3, title: '三年级' },
  ],
};

describe('a choice (enum) as a picker row', () => {
  const schema = single({ type: 'string', title: '与投保人关系', enum: ['00', '01', '02'] });
  const uiSchema: UiSchema = { value: { 'ui:enumNames': ['本人', '父母', '子女'] } };

  it('is named by its label and shows the label of the value given, not the value', () => {
    renderForm({ schema, uiSchema, formData: { value: '01' } });
    const trigger = screen.getByRole('button', { name: /^与投保人关系/ });
    expect(trigger.textContent).toBe('父母');
    expect(screen.getByLabelText('与投保人关系')).toBe(trigger);
  });

  it('shows 请选择 or ui:placeholder while nothing is chosen', () => {
    renderForm({ schema, uiSchema });
    expect(screen.getByLabelText('与投保人关系').textContent).toBe('请选择');
    document.body.innerHTML = '';
    renderForm({ schema, uiSchema: { value: { ...uiSchema.value, 'ui:placeholder': '请选择关系' } } });
    expect(screen.getAllByLabelText('与投保人关系').at(-1)?.textContent).toBe('请选择关系');
  });

  it('hands the value of the option picked to onChange, not its label', async () => {
    const form = renderForm({ schema, uiSchema, formData: { value: '00' } });
    await pick(screen.getByLabelText('与投保人关系'), '子女');
    await waitFor(() => expect(form.changed()).toEqual({ value: '02' }));
    await waitFor(() => expect(screen.getByLabelText('与投保人关系').textContent).toBe('子女'));
  });

  it('hands a number for a choice of numbers (oneOf const)', async () => {
    const form = renderForm({ schema: single(GRADES) });
    await pick(screen.getByLabelText('年级'), '二年级');
    await waitFor(() => expect(form.changed()).toEqual({ value: 2 }));
  });

  it('marks a required choice left empty invalid, described by its message, on submit', () => {
    const form = renderForm({ schema, uiSchema, transformErrors });
    form.submit();
    const trigger = screen.getByLabelText('与投保人关系');
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(trigger)?.textContent).toBe('请完善投保信息!');
  });

  it('does not open when disabled or read-only', async () => {
    for (const props of [{ disabled: true }, { readonly: true }]) {
      const form = renderForm({ schema, uiSchema, formData: { value: '00' }, ...props });
      const trigger = form.getByLabelText('与投保人关系');
      expect(trigger).toHaveProperty('disabled', true);
      await act(async () => fireEvent.click(trigger));
      expect(document.querySelector('.adm-picker')).toBeNull();
      form.unmount();
    }
  });

  it('offers several choices of an array of enums (uniqueItems) as a multiple selector', () => {
    const multi: RJSFSchema = { type: 'object', properties: { value: { type: 'array', title: '兴趣', uniqueItems: true, items: { type: 'string', enum: ['a', 'b', 'c'] } } } };
    const form = renderForm({ schema: multi, uiSchema: { value: { items: { 'ui:enumNames': ['绘画', '音乐', '体育'] } } }, formData: { value: ['a'] } });
    fireEvent.click(screen.getByText('音乐'));
    expect(form.changed()).toEqual({ value: ['a', 'b'] });
  });
});

describe('a short choice as radios (ui:widget radio)', () => {
  const schema = single({ type: 'string', title: '学校性质', enum: ['1', '2'] });
  const uiSchema: UiSchema = { value: { 'ui:widget': 'radio', 'ui:enumNames': ['公办', '民办'] } };

  it('is a radio group named by its label, the value given checked', () => {
    renderForm({ schema, uiSchema, formData: { value: '2' } });
    const group = screen.getByRole('radiogroup', { name: '学校性质' });
    expect(within(group).getByRole('radio', { name: '民办' })).toHaveProperty('checked', true);
    expect(within(group).getByRole('radio', { name: '公办' })).toHaveProperty('checked', false);
  });

  it('hands the value of the radio chosen to onChange, not its label', () => {
    const form = renderForm({ schema, uiSchema });
    fireEvent.click(screen.getByRole('radio', { name: '公办' }));
    expect(form.changed()).toEqual({ value: '1' });
  });

  it('hands a boolean for a yes/no field drawn as radios', () => {
    const form = renderForm({ schema: single({ type: 'boolean', title: '是否住校' }), uiSchema: { value: { 'ui:widget': 'radio', 'ui:enumNames': ['是', '否'] } } });
    const group = screen.getByRole('radiogroup', { name: '是否住校' });
    fireEvent.click(within(group).getByRole('radio', { name: '否' }));
    expect(form.changed()).toEqual({ value: false });
    fireEvent.click(within(group).getByRole('radio', { name: '是' }));
    expect(form.changed()).toEqual({ value: true });
  });

  it('hands a number for radios over numbers', () => {
    const form = renderForm({ schema: single(GRADES), uiSchema: { value: { 'ui:widget': 'radio' } } });
    fireEvent.click(screen.getByRole('radio', { name: '三年级' }));
    expect(form.changed()).toEqual({ value: 3 });
  });

  it('marks the group invalid, described by its message', () => {
    renderForm({ schema, uiSchema, extraErrors: errorAt('value', '请选择学校性质') });
    const group = screen.getByRole('radiogroup', { name: '学校性质' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(group)?.textContent).toBe('请选择学校性质');
  });

  it('cannot be changed when disabled or read-only', () => {
    for (const props of [{ disabled: true }, { readonly: true }]) {
      const form = renderForm({ schema, uiSchema, formData: { value: '2' }, ...props });
      const radio = form.getByRole('radio', { name: '公办' });
      expect(radio).toHaveProperty('disabled', true);
      fireEvent.click(radio);
      expect(form.getByRole('radio', { name: '民办' })).toHaveProperty('checked', true);
      expect(form.onChange).not.toHaveBeenCalledWith(expect.objectContaining({ formData: { value: '1' } }), expect.anything());
      form.unmount();
    }
  });
});

// ---------------------------------------------------------------- formats without a widget

describe('formats and widgets the theme has none for', () => {
  it.each(['date', 'date-time', 'email', 'uri', 'no-such-format'])('draws a string of format %s as a text input and hands the text over', (format) => {
    const form = renderForm({ schema: single({ type: 'string', title: '日期', format }), formData: { value: '2020-01-02' } });
    const input = screen.getByLabelText('日期');
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveProperty('value', '2020-01-02');
    typeInto(input, '2021-03-04');
    expect(form.changed()).toEqual({ value: '2021-03-04' });
  });
});

// ---------------------------------------------------------------- arrays and objects

describe('a list of strings (array)', () => {
  const schema: RJSFSchema = { type: 'object', properties: { names: { type: 'array', title: '监护人', items: { type: 'string', title: '姓名' } } } };
  const uiSchema: UiSchema = { names: { 'ui:options': { addText: '添加监护人' } } };

  it('draws one card per item, each with its value', () => {
    renderForm({ schema, uiSchema, formData: { names: ['张三', '李四'] } });
    const cards = screen.getAllByRole('region', { name: /^姓名/ });
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByLabelText('姓名')).toHaveProperty('value', '张三');
    expect(within(cards[1]!).getByLabelText('姓名')).toHaveProperty('value', '李四');
    expect(cards.map((c) => c.querySelector('h3')?.textContent)).toEqual(['姓名1/2', '姓名2/2']);
  });

  it('adds an item with the add button named by ui:options.addText', async () => {
    const form = renderForm({ schema, uiSchema, formData: { names: ['张三'] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /添加监护人/ })));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: '姓名' })).toHaveLength(2));
    expect((form.changed()?.names as unknown[]).length).toBe(2);
    typeInto(screen.getAllByRole('textbox', { name: '姓名' })[1]!, '王五');
    expect(form.changed()).toEqual({ names: ['张三', '王五'] });
  });

  it('removes an item with 删除, offered while more than one is left', async () => {
    const form = renderForm({ schema, uiSchema, formData: { names: ['张三', '李四'] } });
    const removes = screen.getAllByRole('button', { name: '删除' });
    expect(removes).toHaveLength(2);
    await act(async () => fireEvent.click(removes[0]!));
    await waitFor(() => expect(form.changed()).toEqual({ names: ['李四'] }));
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByRole('textbox', { name: '姓名' })).toHaveProperty('value', '李四');
  });

  it('offers neither adding nor removing when read-only, and adds no item past maxItems', () => {
    renderForm({ schema, uiSchema, formData: { names: ['张三', '李四'] }, readonly: true });
    expect(screen.queryByRole('button', { name: /添加监护人/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    document.body.innerHTML = '';
    const capped: RJSFSchema = { type: 'object', properties: { names: { ...(schema.properties!.names as RJSFSchema), maxItems: 2 } } };
    renderForm({ schema: capped, uiSchema, formData: { names: ['张三', '李四'] } });
    expect(screen.queryByRole('button', { name: /添加监护人/ })).toBeNull();
  });

  it('shows the list’s own error under its items', () => {
    const form = renderForm({ schema: { ...schema, properties: { names: { ...(schema.properties!.names as RJSFSchema), minItems: 2 } } }, uiSchema, formData: { names: ['张三'] }, transformErrors });
    form.submit();
    expect(screen.getByRole('alert').textContent).toBe('请完善投保信息!');
  });
});

describe('an object inside the form', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      holder: {
        type: 'object',
        title: '投保人信息',
        description: '请填写投保人本人的信息',
        required: ['name'],
        properties: { name: { type: 'string', title: '姓名' }, age: { type: 'integer', title: '年龄' } },
      },
    },
  };

  it('draws a titled card holding its properties with their values', () => {
    renderForm({ schema, formData: { holder: { name: '张三', age: 30 } } });
    const card = screen.getByRole('region', { name: '投保人信息' });
    expect(within(card).getByRole('heading', { name: '投保人信息' })).toBeTruthy();
    expect(within(card).getByText('请填写投保人本人的信息')).toBeTruthy();
    expect(within(card).getByLabelText('姓名')).toHaveProperty('value', '张三');
    expect(within(card).getByLabelText('年龄')).toHaveProperty('value', '30');
  });

  it('hands a change of a property to onChange inside its object', () => {
    const form = renderForm({ schema, formData: { holder: { name: '张三', age: 30 } } });
    typeInto(screen.getByLabelText('年龄'), '31');
    expect(form.changed()).toEqual({ holder: { name: '张三', age: 31 } });
  });

  it('shows the error of a nested property at that property', () => {
    const form = renderForm({ schema, formData: { holder: { age: 30 } }, transformErrors });
    form.submit();
    expect(screen.getByLabelText('姓名').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(screen.getByLabelText('姓名'))?.textContent).toBe('请完善投保信息!');
    expect(screen.getByLabelText('年龄').getAttribute('aria-invalid')).toBeNull();
  });
});

// ---------------------------------------------------------------- the theme's own widgets

describe('a value the form works out itself (DerivedWidget)', () => {
  it('shows the label of the value as text, never an input', () => {
    renderForm({ schema: single({ type: 'string', title: '性别', enum: ['1', '2'] }), uiSchema: { value: { 'ui:widget': 'DerivedWidget', 'ui:enumNames': ['男', '女'] } }, formData: { value: '2' } });
    const row = screen.getByText('性别').closest('[data-field]') as HTMLElement;
    expect(within(row).queryByRole('textbox')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(document.getElementById('root_value')?.textContent).toBe('女');
  });

  it('shows the placeholder while there is no value', () => {
    renderForm({ schema: single({ type: 'string', title: '出生日期' }), uiSchema: { value: { 'ui:widget': 'DerivedWidget', 'ui:placeholder': '根据证件号码自动识别' } } });
    expect(document.getElementById('root_value')?.textContent).toBe('根据证件号码自动识别');
  });
});

describe('sex or birthday asked of the user (IdentityWidget)', () => {
  it('asks for a choice with a picker row when no ID number tells it', async () => {
    const form = renderForm({ schema: single({ type: 'string', title: '性别', enum: ['1', '2'] }), uiSchema: { value: { 'ui:widget': 'IdentityWidget', 'ui:enumNames': ['男', '女'] } } });
    await pick(screen.getByLabelText('性别'), '女');
    await waitFor(() => expect(form.changed()).toEqual({ value: '2' }));
  });

  it('asks for a date with a date picker row (ui:options.date), showing the date given', async () => {
    const form = renderForm({ schema: single({ type: 'string', title: '出生日期' }), uiSchema: { value: { 'ui:widget': 'IdentityWidget', 'ui:options': { date: true } } }, formData: { value: '2012-05-06' } });
    const trigger = document.getElementById('root_value')!;
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger.textContent).toBe('2012-05-06');
    const sheet = await openPicker(trigger);
    expect(sheet.querySelector('.adm-picker-header-title')?.textContent).toBe('出生日期');
    await act(async () => fireEvent.click(within(sheet).getByText('确定')));
    await waitFor(() => expect(form.changed()).toEqual({ value: '2012-05-06' }));
  });
});

describe('the school name (SchoolWidget)', () => {
  const schema = single({ type: 'string', title: '学校名称' });

  it('is free text in custom-only mode (03), without calling the directory', () => {
    const fetch = stubGateway();
    const form = renderForm({ schema, uiSchema: { value: { 'ui:widget': 'SchoolWidget', 'ui:options': { schoolMode: '03', areaCode: '320300' } } }, formData: { value: '鼓楼小学' } });
    const input = screen.getByLabelText('学校名称');
    expect(input).toHaveProperty('value', '鼓楼小学');
    typeInto(input, '徐州市第一中学');
    expect(form.changed()).toEqual({ value: '徐州市第一中学' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is a picker over the listed schools in choose-only mode (02)', async () => {
    const form = renderForm({ schema, uiSchema: { value: { 'ui:widget': 'SchoolWidget', 'ui:options': { schoolMode: '02', schools: ['鼓楼小学', '云龙小学'] } } } });
    await pick(screen.getByLabelText('学校名称'), '云龙小学');
    await waitFor(() => expect(form.changed()).toEqual({ value: '云龙小学' }));
  });

  it('suggests schools of the directory while the user types (01), and takes the one tapped', async () => {
    stubGateway();
    const form = renderForm({ schema, uiSchema: { value: { 'ui:widget': 'SchoolWidget', 'ui:options': { schoolMode: '01', areaCode: '320300' } } } });
    const input = screen.getByLabelText('学校名称');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '鼓楼' } });
    await act(async () => {
      // The text goes over after the field's pause, the search after its own.
      await new Promise((resolve) => setTimeout(resolve, 700));
    });
    const list = await screen.findByRole('listbox', { name: '学校列表' });
    await act(async () => fireEvent.click(within(list).getByRole('option', { name: '徐州市鼓楼实验小学' })));
    expect(form.changed()).toEqual({ value: '徐州市鼓楼实验小学' });
  });

  it('cannot be changed when read-only', () => {
    renderForm({ schema, uiSchema: { value: { 'ui:widget': 'SchoolWidget', 'ui:options': { schoolMode: '03' } } }, readonly: true });
    expect(screen.getByLabelText('学校名称')).toHaveProperty('readOnly', true);
  });
});

describe('the college name (CollegeWidget)', () => {
  it('is free text labelled by its row, handing the text over', () => {
    const form = renderForm({ schema: single({ type: 'string', title: '学院名称' }), uiSchema: { value: { 'ui:widget': 'CollegeWidget', 'ui:options': { areaCode: '320300' } } }, formData: { value: '数学学院' } });
    const input = screen.getByLabelText('学院名称');
    expect(input).toHaveProperty('value', '数学学院');
    typeInto(input, '物理学院');
    expect(form.changed()).toEqual({ value: '物理学院' });
  });
});

describe('province, city and county in one row (RegionField)', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['region'],
    properties: {
      region: { type: 'object', title: '所在地区', properties: { provinceCode: { type: 'string' }, cityCode: { type: 'string' }, countyCode: { type: 'string' } } },
    },
  };
  const uiSchema: UiSchema = { region: { 'ui:field': 'RegionField' } };

  it('is a picker row named by its label, showing the names of the codes given', async () => {
    stubGateway();
    renderForm({ schema, uiSchema, formData: { region: { provinceCode: '320000', cityCode: '320300', countyCode: '320302' } } });
    const trigger = screen.getByRole('button', { name: /^所在地区/ });
    await waitFor(() => expect(trigger.textContent).toBe('江苏省 徐州市 鼓楼区'));
  });

  it('hands the three codes picked to onChange', async () => {
    stubGateway();
    const form = renderForm({ schema, uiSchema });
    const trigger = screen.getByRole('button', { name: /^所在地区/ });
    expect(trigger.textContent).toBe('请选择');
    const sheet = await openPicker(trigger);
    await waitFor(() => expect(within(sheet).getByRole('button', { name: '当前选择的是：鼓楼区' })).toBeTruthy());
    await settle();
    await act(async () => fireEvent.click(within(sheet).getByText('确定')));
    await waitFor(() => expect(form.changed()).toEqual({ region: { provinceCode: '320000', cityCode: '320300', countyCode: '320302' } }));
  });

  it('does not open when disabled', async () => {
    stubGateway();
    renderForm({ schema, uiSchema, disabled: true });
    const trigger = screen.getByRole('button', { name: /^所在地区/ });
    expect(trigger).toHaveProperty('disabled', true);
    await act(async () => fireEvent.click(trigger));
    expect(document.querySelector('.adm-picker')).toBeNull();
  });
});
