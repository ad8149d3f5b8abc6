// @vitest-environment happy-dom
/**
 * The insure form asks for 出生日期 and 性别 when the document
 * number is not a mainland ID number (护照, 出生证 …), and shows them derived
 * from a mainland number under any document type (户口本 included). 下一步
 * says what is missing, in Chinese.
 */
import { createRef } from 'react';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG_BIRTHDAY_REQUIRED } from '../../../src/engine/rules/messages.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import { InsureFormRenderer, type InsureFormHandle } from '../../../src/web/features/insure/renderers/insure/insure-form-renderer.tsx';
import { createGateway, declareReactActEnvironment, MANIFESTS, renderInApp } from './harness.tsx';
import { HOLDER, planChoice, validDraft } from './valid-application.ts';

declareReactActEnvironment();
beforeAll(() => setUpAntdMobileForReact19());
beforeEach(() => vi.stubGlobal('fetch', createGateway().fetch));
afterEach(() => {
  vi.unstubAllGlobals();
  // Unmounted before the body is emptied (the harness's cleanup would find its containers gone).
  cleanup();
  document.body.innerHTML = '';
});

const xuzhou = MANIFESTS.find((c) => c.manifest.productCode === '25PR320300')!.manifest;

function renderWithHolder(holder: object, onDraftChange = vi.fn()) {
  const ref = createRef<InsureFormHandle>();
  const draft = { ...validDraft(xuzhou), policyHolder: { ...HOLDER, ...holder } };
  renderInApp(<InsureFormRenderer ref={ref} manifest={xuzhou} plan={planChoice(xuzhou)} draft={draft} onDraftChange={onDraftChange} />);
  return ref;
}

describe('sex and birthday on the insure form', () => {
  it('asks for them with pickers for a passport, and 下一步 names the missing birthday', async () => {
    const ref = renderWithHolder({ licenceType: '1', licenceNo: 'E12345678' });
    const birthday = document.getElementById('root_policyHolder_birthday');
    const sex = document.getElementById('root_policyHolder_sex');
    expect(birthday?.tagName).toBe('BUTTON');
    expect(birthday?.textContent).toBe('请选择出生日期');
    expect(sex?.tagName).toBe('BUTTON');
    expect(sex?.textContent).toBe('请选择性别');
    let message: string | null = null;
    await act(async () => {
      message = ref.current?.check() ?? null;
    });
    expect(message).toBe(MSG_BIRTHDAY_REQUIRED);
  });

  it('shows them as text derived from a mainland number, also under 户口本', () => {
    renderWithHolder({ licenceType: '4' });
    const birthday = document.getElementById('root_policyHolder_birthday');
    expect(birthday?.tagName).toBe('SPAN');
    expect(birthday?.textContent).toBe('1985-03-12');
    expect(document.getElementById('root_policyHolder_sex')?.textContent).toBe('男');
  });

  it('opens the date picker on the first tap and saves the confirmed date to the draft', async () => {
    const onDraftChange = vi.fn();
    renderWithHolder({ licenceType: '1', licenceNo: 'E12345678' }, onDraftChange);
    const birthday = document.getElementById('root_policyHolder_birthday')!;
    // Closed, the row is all there is: the picker (and antd-mobile's picker module) comes with the tap.
    expect(document.querySelector('.adm-picker')).toBeNull();
    await act(async () => fireEvent.click(birthday));
    const confirm = await waitFor(() => {
      const button = [...document.querySelectorAll('.adm-picker-header-button')].find((b) => b.textContent === '确定');
      expect(button).toBeTruthy();
      return button as HTMLElement;
    });
    expect(document.querySelector('.adm-picker-header-title')?.textContent).toBe('出生日期');
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(onDraftChange).toHaveBeenLastCalledWith(expect.objectContaining({ policyHolder: expect.objectContaining({ birthday: '2010-01-01' }) })));
  });
});
