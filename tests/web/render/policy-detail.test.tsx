// @vitest-environment happy-dom
/**
 * The policy detail screen for every status of the lifecycle, rendered as the
 * app renders it: the status, its explanation and exactly the actions the
 * lifecycle allows; and the visitor view of /policyDetailWaitInsurance, which
 * makes no call at all.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../src/web/shared/api/query-client.ts';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillPath, GW } from '../../../src/contract/define-call.ts';
import { allowedEvents, E_POLICY_STATUSES } from '../../../src/contract/policy-lifecycle.ts';
import type { AppDetail } from '../../../src/contract/policy.ts';
import { POLICY_STATUS_NAMES, POLICY_STATUSES } from '../../../src/contract/policy-status.ts';
import type { PolicyStatus } from '../../../src/contract/order.ts';
import { paths as appPaths } from '../../../src/web/app/paths.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import PolicyDetailScreen from '../../../src/web/features/policies/screens/policy-detail/policy-detail-screen.tsx';
import { STATUS_HINTS } from '../../../src/web/features/policies/screens/policy-detail/policy-detail-model.ts';
import { clearStorage, saveUser } from '../../../src/web/shared/state/session.ts';
import { declareReactActEnvironment, guardConsoleError } from './harness.tsx';
import { policyCalls } from '../../../src/contract/policy.ts';
import { ratingCalls } from '../../../src/contract/ratings.ts';

declareReactActEnvironment();

function detailIn(status: PolicyStatus): AppDetail {
  const issued = !['toBePaid', 'paymentTimeout', 'cancel', 'waitIssue', 'issueFail'].includes(status);
  return {
    orderCode: 'ED202601010000000001',
    applicationFormCode: 'AF202601010000000001',
    policyNo: issued ? 'P22PR370800202601010000000001' : null,
    productCode: '22PR370800',
    productName: '济宁市学生平安保险',
    planCode: 'JN-A',
    planName: '基础版',
    copies: 1,
    premium: 50,
    startDate: '2026-01-02 00:00:00',
    endDate: '2027-01-01 23:59:59',
    coverStartNote: null,
    status,
    statusName: POLICY_STATUS_NAMES[status],
    actions: allowedEvents(status).filter((e) => e === 'cancel' || e === 'surrender'),
    payDeadline: status === 'toBePaid' ? '2026-01-01 10:30:00' : null,
    paidAt: null,
    issuedAt: null,
    createdAt: '2026-01-01 10:00:00',
    isRenewal: 'N',
    renewalTimes: 0,
    renewalLastPolicyNo: null,
    renewalLabel: '再次购买',
    holder: { name: '**国', licenceType: '0', licenceNo: '320***********1234', phone: '138****1111', sex: '0', birthday: '1986-01-01' },
    insureds: [{ name: '**明', licenceType: '0', licenceNo: '320***********5678', phone: '', sex: '0', birthday: '2016-01-01', relaToHolder: '03' }],
    beneficiary: '法定受益人',
    history: [],
    refunds: [],
  };
}

/** The rating-status call of a paid order's page (which of its orders the holder has rated). */
const RATING_STATUS = fillPath(ratingCalls.status.path, { node: '00', bizType: '00' });

/** A /_gw with the application in `initial`; 取消订单 (cancelOrder) moves it to cancel, as the server does. */
function gateway(initial: PolicyStatus, rated: string[] = [], refunds: AppDetail['refunds'] = [], detail: Partial<AppDetail> = {}) {
  let status = initial;
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const path = url.pathname.slice(GW.length);
    calls.push(path);
    if (path === policyCalls.cancelOrder.path) status = 'cancel';
    const data =
      path === policyCalls.cancelOrder.path
        ? { status }
        : path === policyCalls.searchAppDetailPro.path
        ? { ...detailIn(status), refunds, ...detail }
        : path === policyCalls.searchOrderCharge.path
          ? { orderCode: 'ED1', applicationFormCode: 'AF1', productCode: '22PR370800', amount: 50, status, statusName: '', payDeadline: '2026-01-01 10:30:00', remainingSeconds: 1200, payable: true, paidAt: null }
          : path === policyCalls.liabilityPolDetail.path
            ? { policyNo: 'P1', productName: '', planName: '', startDate: '', endDate: '', liabilities: [{ riskName: '学平险', name: '意外身故', amount: '10万元' }] }
            : path === RATING_STATUS
              ? { rated }
              : null;
    return new Response(JSON.stringify(data ? { code: '0000', msg: '', data } : { code: '5000', msg: `unexpected ${path}`, data: null }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, fetch };
}

function renderAt(entry: string) {
  return render(
    <StrictMode>
      <Provider store={createStore()}>
        <QueryClientProvider client={queryClient}><MemoryRouter initialEntries={[entry]}>
          <PolicyDetailScreen />
        </MemoryRouter></QueryClientProvider>
      </Provider>
    </StrictMode>,
  );
}

const ACTION_BUTTONS = ['取消订单', '去支付', '退保', '删除订单', '评价'];
/** 评价 once the order is paid (and not yet rated). */
const EXPECTED_ACTIONS: Record<PolicyStatus, string[]> = {
  toBePaid: ['取消订单', '去支付'],
  paymentTimeout: ['删除订单'],
  cancel: ['删除订单'],
  waitIssue: ['评价'],
  issueFail: ['评价'],
  waitInsurance: ['退保', '评价'],
  guarantee: ['退保', '评价'],
  policyOverdue: ['评价'],
  surrender: ['评价'],
};

describe('policy detail screen', () => {
  beforeAll(() => setUpAntdMobileForReact19());
  beforeEach(() => {
    queryClient.clear();
    saveUser({ token: 't', refreshToken: 'r', expiresIn: 3600, userId: 'u1', userCode: 'U1', phone: '138****1111' } as never);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearStorage();
  });

  it.each(POLICY_STATUSES)('offers 查看电子保单 and 发送到邮箱 on a %s application exactly when it has an e-policy', async (status) => {
    vi.stubGlobal('fetch', gateway(status).fetch);
    renderAt(appPaths.policyDetail(status, 'AF202601010000000001'));
    await waitFor(() => expect(screen.getByTestId('policy-detail-status').getAttribute('data-status')).toBe(status));
    const offered = E_POLICY_STATUSES.includes(status);
    expect(screen.queryByRole('button', { name: '查看电子保单' }) !== null).toBe(offered);
    expect(screen.queryByRole('button', { name: '发送到邮箱' }) !== null).toBe(offered);
  });

  it.each(POLICY_STATUSES)('shows a %s application with the actions the lifecycle allows', async (status) => {
    const guard = guardConsoleError();
    const gw = gateway(status);
    vi.stubGlobal('fetch', gw.fetch);
    renderAt(appPaths.policyDetail(status, 'AF202601010000000001'));
    await waitFor(() => expect(screen.getByText(STATUS_HINTS[status])).toBeTruthy());
    expect(screen.getByTestId('policy-detail-status').getAttribute('data-status')).toBe(status);
    await waitFor(() => {
      const shown = ACTION_BUTTONS.filter((name) => screen.queryByRole('button', { name }) !== null);
      expect(shown.sort()).toEqual([...EXPECTED_ACTIONS[status]].sort());
    });
    if (status === 'toBePaid') expect(screen.getByText(/剩余 20:00/)).toBeTruthy();
    // The detail, plus what to pay while unpaid and the duties once there is a policy number.
    const expected = [
      policyCalls.searchAppDetailPro.path,
      ...(status === 'toBePaid' ? [policyCalls.searchOrderCharge.path] : []),
      ...(detailIn(status).policyNo ? [policyCalls.liabilityPolDetail.path] : []),
      ...(EXPECTED_ACTIONS[status].includes('评价') ? [RATING_STATUS] : []),
    ];
    await waitFor(() => expect(new Set(gw.calls)).toEqual(new Set(expected)));
    guard.check();
  });

  it('says when cover starts instead of dates the payment has not fixed yet', async () => {
    const guard = guardConsoleError();
    const gw = gateway('toBePaid', [], [], { coverStartNote: '支付成功次日零时起保' });
    vi.stubGlobal('fetch', gw.fetch);
    renderAt(appPaths.policyDetail('toBePaid', 'AF202601010000000001'));
    await waitFor(() => expect(screen.getByText('支付成功次日零时起保')).toBeTruthy());
    expect(screen.queryByText('2026-01-02 至 2027-01-01')).toBeNull();
    guard.check();
  });

  it('shows the cover period of a policy whose dates are fixed', async () => {
    const guard = guardConsoleError();
    vi.stubGlobal('fetch', gateway('waitInsurance').fetch);
    renderAt(appPaths.policyDetail('waitInsurance', 'AF202601010000000001'));
    await waitFor(() => expect(screen.getByText('2026-01-02 至 2027-01-01')).toBeTruthy());
    guard.check();
  });

  it('offers 评价 only until the order is rated', async () => {
    const guard = guardConsoleError();
    const gw = gateway('guarantee', ['ED202601010000000001']);
    vi.stubGlobal('fetch', gw.fetch);
    renderAt(appPaths.policyDetail('guarantee', 'AF202601010000000001'));
    await waitFor(() => expect(gw.calls).toContain(RATING_STATUS));
    await waitFor(() => expect(screen.getByRole('button', { name: '退保' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: '评价' })).toBeNull();
    guard.check();
  });

  it('after 取消订单 fetches the detail again and shows the order cancelled', async () => {
    const { calls, fetch } = gateway('toBePaid');
    vi.stubGlobal('fetch', fetch);
    renderAt(appPaths.policyDetail('toBePaid', 'AF202601010000000001'));
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
    // The confirmation's own 取消订单.
    await waitFor(() => expect(screen.getAllByRole('button', { name: '取消订单' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: '取消订单' })[1]!);
    await waitFor(() => expect(screen.getByTestId('policy-detail-status').getAttribute('data-status')).toBe('cancel'));
    expect(calls.filter((c) => c === policyCalls.cancelOrder.path)).toHaveLength(1);
    expect(calls.filter((c) => c === policyCalls.searchAppDetailPro.path)).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('button', { name: '删除订单' })).toBeTruthy());
  });

  it('shows each refund of the order as the parent should read it', async () => {
    const guard = guardConsoleError();
    const gw = gateway('issueFail', [], [
      { status: 'succeeded', amount: 50, refundedAt: '2026-01-03 09:15:00' },
      { status: 'processing', amount: 50, refundedAt: null },
      { status: 'failed', amount: 12.5, refundedAt: null },
    ]);
    vi.stubGlobal('fetch', gw.fetch);
    renderAt(appPaths.policyDetail('issueFail', 'AF202601010000000001'));
    const card = await screen.findByTestId('policy-detail-refunds');
    const text = card.textContent ?? '';
    expect(text).toContain('已退款¥50.00（2026-01-03）');
    expect(text).toContain('退款中¥50.00');
    expect(text).toContain('退款失败，请联系客服¥12.50');
    guard.check();
  });

  it('shows no refund card for an order with nothing to give back', async () => {
    const gw = gateway('guarantee');
    vi.stubGlobal('fetch', gw.fetch);
    renderAt(appPaths.policyDetail('guarantee', 'AF202601010000000001'));
    await screen.findByText(STATUS_HINTS.guarantee);
    expect(screen.queryByTestId('policy-detail-refunds')).toBeNull();
  });

  it('shows a visitor what 待起保 means and nothing of the policy, without any call', async () => {
    clearStorage();
    const guard = guardConsoleError();
    const gw = gateway('waitInsurance');
    vi.stubGlobal('fetch', gw.fetch);
    renderAt('/policyDetailWaitInsurance?applicationFormCode=AF202601010000000001');
    expect(await screen.findByRole('button', { name: '登录查看保单' })).toBeTruthy();
    expect(screen.queryByText(/AF202601010000000001|P22PR/)).toBeNull();
    expect(gw.calls).toEqual([]);
    guard.check();
  });
});
