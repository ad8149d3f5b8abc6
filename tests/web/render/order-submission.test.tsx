// @vitest-environment happy-dom
/**
 * The 确认投保 button of spec §4 rendered with its hook: locked for 2 s, the
 * duplicate-insurance dialog whose 去个人中心 goes to /myIndex, and in the
 * Alipay client a province product whose pay URL fails three times going to
 * /policyList. The /_gw calls are answered by a fake gateway.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GW } from '../../../src/contract/define-call.ts';
import type { ProductManifest } from '../../../src/engine/manifest/manifest-types.generated.ts';
import { buildConfirmModel } from '../../../src/web/features/insure/renderers/confirm/confirm-model.ts';
import { useOrderSubmission } from '../../../src/web/features/insure/renderers/confirm/use-order-submission.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import { declareReactActEnvironment, MANIFESTS, renderInApp } from './harness.tsx';
import { NOW, planChoice, validDraft } from './valid-application.ts';
import { orderCalls } from '../../../src/contract/order.ts';
import { paymentCalls } from '../../../src/contract/payment.ts';

declareReactActEnvironment();
beforeAll(() => setUpAntdMobileForReact19());

const ALIPAY_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 AlipayClient/10.6.10';

function reply(code: string, data: unknown, msg = '') {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** A gateway with per-path answers; every call is recorded. */
function gateway(answers: Record<string, () => Response>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const path = url.pathname.slice(GW.length);
    calls.push(path);
    const answer = answers[path];
    return answer ? answer() : reply('5000', null, `unexpected ${path}`);
  });
  return { calls, fetch };
}

function Probe({ manifest }: { manifest: ProductManifest }) {
  const model = buildConfirmModel(manifest, validDraft(manifest), planChoice(manifest), null, NOW);
  const order = useOrderSubmission(manifest, model);
  const location = useLocation();
  return (
    <div>
      <button type="button" disabled={order.disabled} onClick={order.submit}>
        确认投保
      </button>
      <p data-testid="where">{location.pathname}</p>
    </div>
  );
}

const byCode = (code: string) => MANIFESTS.find((c) => c.manifest.productCode === code)!.manifest;
const userAgent = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'userAgent');

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  if (userAgent) Object.defineProperty(navigator, 'userAgent', { ...userAgent, configurable: true });
  // Unmounted before the body is emptied (the harness's cleanup would find its containers gone).
  cleanup();
  document.body.innerHTML = '';
});

describe('confirm and order flow (spec §4)', () => {
  it('locks the button for 2 s, then a duplicate insured gets the dialog whose 去个人中心 goes to /myIndex', async () => {
    const gw = gateway({
      [orderCalls.resubToken.path]: () => reply('0000', 'TOKEN'),
      [orderCalls.serial.path]: () => reply('0000', 'SERIAL-000001'),
      [orderCalls.repeatInsurance.path]: () => reply('0000', { repeat: true }),
    });
    vi.stubGlobal('fetch', gw.fetch);
    const xuzhou = byCode('25PR320300');
    renderInApp(<Probe manifest={xuzhou} />);
    const button = screen.getByRole('button', { name: '确认投保' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await waitFor(() => expect(button.disabled).toBe(false), { timeout: 3000 });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(document.body.textContent).toContain('已投保该产品，请您到个人中心查看是否有未支付、待起保或保障中的投保单。'));
    expect(gw.calls).not.toContain(orderCalls.submitOrder.path);
    await act(async () => fireEvent.click(screen.getByText('去个人中心')));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/myIndex'));
  }, 10_000);

  it('in the Alipay client, sends a province product whose pay URL fails 3 times to /policyList', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: ALIPAY_UA, configurable: true });
    const province = MANIFESTS.map((c) => c.manifest).find((m) => m.order.provinceProduct && m.order.feeCollection === 'Y')!;
    const gw = gateway({
      [orderCalls.resubToken.path]: () => reply('0000', 'TOKEN'),
      [orderCalls.serial.path]: () => reply('0000', 'SERIAL-000001'),
      [orderCalls.repeatInsurance.path]: () => reply('0000', { repeat: false }),
      [orderCalls.submitOrder.path]: () => reply('0000', { body: { order: { code: 'ED1', amount: 30 }, applicationForms: [{ information: { applicationFormCode: 'AF1' } }] } }),
      [paymentCalls.savePayOut.path]: () => reply('0000', null),
      [paymentCalls.payUrl.path]: () => reply('5000', null, '服务异常'),
    });
    vi.stubGlobal('fetch', gw.fetch);
    renderInApp(<Probe manifest={province} />);
    const button = screen.getByRole('button', { name: '确认投保' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false), { timeout: 3000 });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/policyList'), { timeout: 5000 });
    expect(gw.calls.filter((p) => p === paymentCalls.payUrl.path)).toHaveLength(3);
    expect(gw.calls.filter((p) => p === orderCalls.submitOrder.path)).toHaveLength(1);
  }, 15_000);
});
