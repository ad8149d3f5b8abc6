// @vitest-environment happy-dom
/**
 * The personal centre shows the signed-agreements and promoter entries only
 * to users they concern (docs/accounts.md), and always the entries every
 * user has, 我的推荐码 among them. Rendered as the app does, against a fake /_gw.
 */
import type { ComponentType } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountCalls, type AccountSummary } from '../../../src/contract/accounts.ts';
import { GW } from '../../../src/contract/define-call.ts';
import { promoterCalls, type PromoterCard } from '../../../src/contract/promoter.ts';
import { saveUser } from '../../../src/web/shared/state/session.ts';
import { declareReactActEnvironment, renderInApp } from './harness.tsx';

// happy-dom has no canvas: the QR code of the share popup is a stand-in recording the link.
const qr = vi.hoisted(() => ({ toDataURL: vi.fn(async (_text: string, _options: unknown) => 'data:image/png;base64,UVI=') }));
vi.mock('qrcode', () => ({ default: qr, toDataURL: qr.toDataURL }));

declareReactActEnvironment();

const USER = {
  token: 't',
  refreshToken: 'r',
  expiresIn: 900,
  expiresAt: Date.now() + 900_000,
  userCode: 'U000000000001',
  userName: '139****0001',
  userId: '00000000-0000-0000-0000-000000000001',
  phone: '139****0001',
  loginAccount: '139****0001',
  branchCode: 'JT0000',
  branchName: '总公司',
  schanelCode: '',
  isStaff: false,
};

const baseSummary: AccountSummary = {
  userCode: USER.userCode,
  phone: USER.phone,
  hasPassword: false,
  realNameStatus: '0',
  faceStatus: '0',
  isStaff: false,
  isPromoter: false,
  hasSignedDocuments: false,
};

const CARD: PromoterCard = {
  promoCode: 'PCCUST01',
  managerCode: 'MGCUST01',
  name: '张*',
  isStaff: false,
  roleLabel: '推荐人',
  licenseNumber: '',
  companyName: '华安保险经纪有限公司',
  branchName: '',
  channelCode: '',
};

function gateway(summary: AccountSummary) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const path = url.pathname.slice(GW.length);
    const data =
      path === accountCalls.accountSummary.path
        ? summary
        : path === accountCalls.userInfo.path
          ? { actualName: '张明', contactAddress: '', dateOfBirth: '', imgUrl: '', sex: '0', userCode: USER.userCode }
          : path === promoterCalls.myCard.path
            ? CARD
            : null;
    return new Response(JSON.stringify(data ? { code: '0000', msg: '', data } : { code: '5000', msg: path, data: null }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

let MyIndex: ComponentType;

beforeAll(async () => {
  // Through the session module: it read local storage when it loaded, which the
  // harness's query client (through the api client) already made it do.
  saveUser(USER);
  MyIndex = (await import('../../../src/web/features/accounts/screens/my-index/my-index-screen.tsx')).default;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/myIndex', () => {
  it('shows the entries every user has, and neither signed agreements nor the promoter area to a customer without them', async () => {
    vi.stubGlobal('fetch', gateway(baseSummary));
    renderInApp(<MyIndex />);
    await waitFor(() => expect(screen.getByText('设置密码')).toBeTruthy());
    for (const entry of ['我的保单', '暂存单', '我的推荐码', '个人信息', '更换手机号', '实名认证', '关于我们', '常见问题', '退出登录']) {
      expect(screen.getByText(entry)).toBeTruthy();
    }
    expect(screen.getByText('张明')).toBeTruthy();
    expect(screen.getByTestId('my-phone').textContent).toBe('139****0001');
    expect(screen.queryByText('已签署的协议')).toBeNull();
    expect(screen.queryByText('推广专区')).toBeNull();
  });

  it('shows the promoter area to staff and signed agreements to a user who has some', async () => {
    vi.stubGlobal('fetch', gateway({ ...baseSummary, hasPassword: true, isStaff: true, hasSignedDocuments: true, realNameStatus: '1', faceStatus: '1' }));
    renderInApp(<MyIndex />);
    await waitFor(() => expect(screen.getByText('推广专区')).toBeTruthy());
    expect(screen.getByText('已签署的协议')).toBeTruthy();
    expect(screen.getByText('修改密码')).toBeTruthy();
    expect(screen.getByText('已实名')).toBeTruthy();
  });

  it('shows the promoter area to a customer who is a promoter (isPromoter), not only to staff', async () => {
    vi.stubGlobal('fetch', gateway({ ...baseSummary, isPromoter: true }));
    renderInApp(<MyIndex />);
    await waitFor(() => expect(screen.getByText('推广专区')).toBeTruthy());
    expect(screen.queryByText('已签署的协议')).toBeNull();
  });

  it('我的推荐码 opens the share popup for the home page with the user\'s promo code and 推荐码', async () => {
    vi.stubGlobal('fetch', gateway(baseSummary));
    renderInApp(<MyIndex />);
    await waitFor(() => expect(screen.getByText('设置密码')).toBeTruthy());
    expect(screen.queryByTestId('share-popup')).toBeNull();
    fireEvent.click(screen.getByText('我的推荐码'));
    const popup = await screen.findByTestId('share-popup');
    await within(popup).findByAltText('分享二维码');
    expect(qr.toDataURL).toHaveBeenCalledWith(`${location.origin}${location.pathname}#/?promoCode=${CARD.promoCode}`, expect.anything());
    expect(within(popup).getByText('推荐人')).toBeTruthy();
    expect(within(popup).getByTestId('manager-code').textContent).toBe(CARD.managerCode);
  });

  it('续保到期提醒 shows the saved choice and switches the reminder texts off', async () => {
    let saved = true;
    const bodies: unknown[] = [];
    const answer = gateway(baseSummary);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
        if (url.pathname.slice(GW.length) !== accountCalls.reminderSettings.path) return answer(input);
        if ((init?.method ?? 'GET').toUpperCase() === 'POST') {
          const body = JSON.parse(String(init?.body)) as { renewalReminders: boolean };
          bodies.push(body);
          saved = body.renewalReminders;
        }
        return new Response(JSON.stringify({ code: '0000', msg: '', data: { renewalReminders: saved } }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderInApp(<MyIndex />);
    const toggle = await screen.findByRole('switch', { name: '续保到期提醒' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(bodies).toEqual([{ renewalReminders: false }]);
  });
});
