// @vitest-environment happy-dom
/**
 * The promoter area as a promoter sees it, rendered as the app renders it
 * against a fake /_gw: achievements with their totals and buckets (a period
 * switch asks again), the customer list paged by 15 up to 没有更多数据, a
 * customer's detail showing masked values only, the reward summary and
 * ledger, 客户续保 on /renewalList, and 仅推广人员可访问 on the server's 4003.
 */
import type { ReactElement } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountCalls } from '../../../src/contract/accounts.ts';
import { fillPath, GW } from '../../../src/contract/define-call.ts';
import { policyCalls } from '../../../src/contract/policy.ts';
import { productCalls } from '../../../src/contract/product-calls.ts';
import {
  promoterAreaCalls,
  type Achievements,
  type PromoterCustomer,
  type PromoterRenewal,
  type PromoterSale,
  type RewardEntry,
} from '../../../src/contract/promoter-area.ts';
import { queryClient } from '../../../src/web/shared/api/query-client.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import CustomerDetailPushScreen from '../../../src/web/features/promoters/screens/customer-detail-push/customer-detail-push-screen.tsx';
import CustomerDetailScreen from '../../../src/web/features/promoters/screens/customer-detail/customer-detail-screen.tsx';
import CustomerListScreen from '../../../src/web/features/promoters/screens/customer-list/customer-list-screen.tsx';
import MyAchievementScreen from '../../../src/web/features/promoters/screens/my-achievement/my-achievement-screen.tsx';
import RenewalListScreen from '../../../src/web/features/policies/screens/renewal-list/renewal-list-screen.tsx';
import RewardDetailScreen from '../../../src/web/features/promoters/screens/reward-detail/reward-detail-screen.tsx';
import { clearStorage, saveUser } from '../../../src/web/shared/state/session.ts';
import { declareReactActEnvironment, guardConsoleError, renderInApp } from './harness.tsx';

declareReactActEnvironment();

interface Call {
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** A /_gw answering with `answer(call)`: [code, data]; unanswered calls get 5000. Every call is kept. */
function gateway(answer: (call: Call) => [string, unknown] | undefined) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const call: Call = {
      path: url.pathname.slice(GW.length),
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    };
    calls.push(call);
    const [code, data] = answer(call) ?? ['5000', null];
    return new Response(JSON.stringify({ code, msg: code === '0000' ? '' : code === '4003' ? '仅推广人员可操作' : `unexpected ${call.path}`, data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** Shows where the app went, for the links out of a screen. */
function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** `ui` at `path`, every other route showing the location. */
function renderRoute(path: string, ui: ReactElement, at: string) {
  return renderInApp(
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={<Location />} />
    </Routes>,
    { at },
  );
}

function sale(i: number, over: Partial<PromoterSale> = {}): PromoterSale {
  return {
    orderCode: `ED${i}`,
    applicationFormCode: `AF${i}`,
    policyNo: `P${i}`,
    productCode: '22PR370800',
    productName: '济宁市学生平安保险',
    planName: '基础版',
    premium: 50,
    status: 'guarantee',
    statusName: '保障中',
    startDate: '2026-09-01 00:00:00',
    endDate: '2027-08-31 23:59:59',
    createdAt: `2026-08-${String(10 + i).padStart(2, '0')} 10:00:00`,
    customerId: 'C1',
    holderName: '张*',
    insuredNames: ['张*明'],
    ...over,
  };
}

function customer(i: number): PromoterCustomer {
  return {
    customerId: `C${i}`,
    name: `客户${i}*`,
    phone: `138****${String(i).padStart(4, '0')}`,
    since: '2026-10-01',
    source: i % 3 === 0 ? 'staff' : i % 2 === 0 ? 'order' : 'link',
    policyCount: 2,
    liveCount: 1,
    lastOrderAt: null,
  };
}

/** The retries are real but not their back-off delay. */
const defaults = queryClient.getDefaultOptions();
beforeAll(() => {
  setUpAntdMobileForReact19();
  saveUser({ token: 't', refreshToken: 'r', expiresIn: 3600, userId: 'u1', userCode: 'U1', phone: '138****1111' } as never);
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  return () => {
    queryClient.setDefaultOptions(defaults);
    clearStorage();
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * happy-dom lays nothing out: the list gets an offsetParent (else antd-mobile's
 * InfiniteScroll takes it for hidden) and its end a position, below the fold
 * until `scrollToEnd` is called. Returns that and the restore function.
 */
function layOutInfiniteScroll() {
  let endTop = 5000;
  const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
  const rect = HTMLElement.prototype.getBoundingClientRect;
  const rectSpy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('adm-infinite-scroll') ? new DOMRect(0, endTop, 375, 40) : rect.call(this);
  });
  return {
    scrollToEnd(from: HTMLElement) {
      endTop = 300;
      for (let node: HTMLElement | null = from; node; node = node.parentElement) fireEvent.scroll(node);
      fireEvent.scroll(window);
    },
    restore() {
      if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
      else delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
      rectSpy.mockRestore();
    },
  };
}

const ACHIEVEMENTS: Record<'day' | 'month', Achievements> = {
  day: {
    period: 'day',
    totals: { orders: 12, premium: 1234.5, netPremium: 1184.5, reversed: 1 },
    buckets: [
      { key: '2026-11-24', label: '11月24日', orders: 3, premium: 300, netPremium: 300, reversed: 0 },
      { key: '2026-11-23', label: '11月23日', orders: 9, premium: 934.5, netPremium: 884.5, reversed: 1 },
    ],
  },
  month: {
    period: 'month',
    totals: { orders: 40, premium: 5678, netPremium: 5578, reversed: 2 },
    buckets: [{ key: '2026-11', label: '2026年11月', orders: 40, premium: 5678, netPremium: 5578, reversed: 2 }],
  },
};

describe('/myAchievement', () => {
  it('shows the totals and the buckets newest first, asks again when the period changes, and opens a bucket', async () => {
    const guard = guardConsoleError();
    const calls = gateway(({ path, query }) =>
      path === promoterAreaCalls.achievements.path ? ['0000', ACHIEVEMENTS[query.period as 'day' | 'month']] : undefined,
    );
    renderRoute('/myAchievement', <MyAchievementScreen />, '/myAchievement');
    const totals = await screen.findByTestId('achievement-totals');
    await waitFor(() => expect(within(totals).getByText('1234.50')).toBeTruthy());
    expect(within(totals).getByText('12')).toBeTruthy();
    expect(within(totals).getByText('1184.50')).toBeTruthy();
    expect(within(totals).getByText('1')).toBeTruthy();
    const buckets = screen.getByTestId('achievement-buckets');
    expect(within(buckets).getAllByRole('button').map((b) => b.textContent?.slice(0, 6))).toEqual(['11月24日', '11月23日']);
    expect(within(buckets).getByText('¥934.50')).toBeTruthy();
    // The entries of the area.
    for (const entry of ['有效保单', '我的客户', '客户续保', '推广奖励']) expect(screen.getByRole('button', { name: new RegExp(entry) })).toBeTruthy();

    fireEvent.click(screen.getByText('按月'));
    await waitFor(() => expect(within(screen.getByTestId('achievement-totals')).getByText('5678.00')).toBeTruthy());
    expect(screen.getByText('2026年11月')).toBeTruthy();
    expect(screen.queryByText('11月24日')).toBeNull();
    expect(calls.filter((c) => c.path === promoterAreaCalls.achievements.path).map((c) => c.query.period)).toEqual(['day', 'month']);

    fireEvent.click(screen.getByText('2026年11月'));
    expect((await screen.findByTestId('location')).textContent).toBe('/achievementDetail?period=month&key=2026-11');
    guard.check();
  });

  it('shows 仅推广人员可访问 on 4003, without retrying, and leads back to 个人中心', async () => {
    const guard = guardConsoleError();
    const calls = gateway(({ path }) => (path === promoterAreaCalls.achievements.path ? ['4003', null] : undefined));
    renderRoute('/myAchievement', <MyAchievementScreen />, '/myAchievement');
    expect(await screen.findByText('仅推广人员可访问')).toBeTruthy();
    expect(screen.queryByTestId('achievement-totals')).toBeNull();
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '返回个人中心' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/myIndex');
    guard.check();
  });
});

describe('/customerList', () => {
  it('loads 15 customers, the next page as the list scrolls, and says 没有更多数据 after the short page', async () => {
    const calls = gateway(({ path, body }) => {
      if (path !== promoterAreaCalls.customers.path) return undefined;
      const page = Number(body?.pageNum);
      const size = page === 1 ? 15 : page === 2 ? 4 : 0;
      // The total says more than there are (customers left between two pages): the short page ends the list anyway.
      return ['0000', { list: Array.from({ length: size }, (_, i) => customer((page - 1) * 15 + i + 1)), total: 30 }];
    });
    const layout = layOutInfiniteScroll();
    try {
      renderInApp(<CustomerListScreen />, { at: '/customerList' });
      await waitFor(() => expect(screen.getAllByTestId('customer-card')).toHaveLength(15));
      expect(screen.getByText('共 30 位客户')).toBeTruthy();
      expect(screen.getByText('138****0015')).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByText('没有更多数据')).toBeNull();
      expect(calls).toHaveLength(1);
      layout.scrollToEnd(screen.getByText('加载中…'));
      await waitFor(() => expect(screen.getByText('没有更多数据')).toBeTruthy(), { timeout: 4000 });
    } finally {
      layout.restore();
    }
    expect(screen.getAllByTestId('customer-card')).toHaveLength(19);
    expect(screen.getByText('客户19*')).toBeTruthy();
    // Source labels.
    expect(screen.getAllByText('链接').length).toBeGreaterThan(0);
    expect(screen.getAllByText('下单').length).toBeGreaterThan(0);
    expect(screen.getAllByText('分配').length).toBeGreaterThan(0);
    expect(calls.map((c) => [c.body?.pageNum, c.body?.pageSize])).toEqual([
      [1, 15],
      [2, 15],
    ]);
  });

  it('searches by keyword and shows 暂无客户 copy for no match, 重试 after a failure', async () => {
    let fail = true;
    const calls = gateway(({ path, body }) => {
      if (path !== promoterAreaCalls.customers.path) return undefined;
      if (fail) return ['5000', null];
      return ['0000', body?.keyword ? { list: [], total: 0 } : { list: [customer(1)], total: 1 }];
    });
    renderInApp(<CustomerListScreen />, { at: '/customerList' });
    // A failure shows after the retries; 重试 loads again.
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(calls).toHaveLength(3);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getAllByTestId('customer-card')).toHaveLength(1));
    expect(screen.getByText('没有更多数据')).toBeTruthy();

    const input = screen.getByPlaceholderText('搜索客户姓名或手机号后4位');
    fireEvent.change(input, { target: { value: '9999' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('未找到相关客户')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ pageNum: 1, pageSize: 15, keyword: '9999' });
  });

  it('shows 暂无客户 for a promoter without customers', async () => {
    gateway(({ path }) => (path === promoterAreaCalls.customers.path ? ['0000', { list: [], total: 0 }] : undefined));
    renderInApp(<CustomerListScreen />, { at: '/customerList' });
    expect(await screen.findByText('暂无客户')).toBeTruthy();
    expect(screen.queryByTestId('customer-card')).toBeNull();
  });

  it('shows 仅推广人员可访问 on 4003', async () => {
    gateway(({ path }) => (path === promoterAreaCalls.customers.path ? ['4003', null] : undefined));
    renderInApp(<CustomerListScreen />, { at: '/customerList' });
    expect(await screen.findByText('仅推广人员可访问')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回个人中心' })).toBeTruthy();
  });
});

describe('/customerDetail', () => {
  const DETAIL = {
    customer: { customerId: 'C7', name: '张*', phone: '138****5678', since: '2026-10-01', source: 'order', policyCount: 2, liveCount: 1, lastOrderAt: '2026-11-01 10:00:00' },
    idNo: '320***********1234',
    sales: [
      sale(1, { productCode: 'OLDPRODUCT01', productName: '旧产品', createdAt: '2025-08-01 10:00:00', status: 'policyOverdue', statusName: '已过期' }),
      sale(2, { productCode: 'NEWPRODUCT01', productName: '新产品', createdAt: '2026-08-01 10:00:00' }),
    ],
  };

  it('shows the masked name, phone and ID number only, the policies with statuses, and 续保提醒 of the chosen policy', async () => {
    const guard = guardConsoleError();
    const detailPath = fillPath(promoterAreaCalls.customerDetail.path, { customerId: 'C7' });
    const calls = gateway(({ path }) => (path === detailPath ? ['0000', DETAIL] : undefined));
    renderRoute('/customerDetail', <CustomerDetailScreen />, '/customerDetail?customerId=C7');
    const profile = await screen.findByTestId('customer-profile');
    expect(within(profile).getByText('张*')).toBeTruthy();
    expect(within(profile).getByText('138****5678')).toBeTruthy();
    expect(within(profile).getByText('320***********1234')).toBeTruthy();
    expect(within(profile).getByText('下单客户')).toBeTruthy();
    // Nothing on screen looks like a whole phone number or ID number.
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/1[3-9]\d{9}/);
    expect(text).not.toMatch(/\d{17}[\dXx]/);
    // The policies, newest first, with their statuses and masked people.
    const cards = screen.getAllByTestId('sale-card');
    expect(cards.map((c) => within(c).getByText(/产品$/).textContent)).toEqual(['新产品', '旧产品']);
    expect(within(cards[0]!).getByText('保障中')).toBeTruthy();
    expect(within(cards[1]!).getByText('已过期')).toBeTruthy();
    expect(within(cards[1]!).getByText('张*明')).toBeTruthy();

    fireEvent.click(within(cards[1]!).getByRole('button', { name: '续保提醒' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/customerDetailPush?customerId=C7&kind=renewal&productCode=OLDPRODUCT01');
    expect(calls).toHaveLength(1);
    guard.check();
  });

  it('推送产品 offers the customer’s products, the latest policy’s first', async () => {
    const detailPath = fillPath(promoterAreaCalls.customerDetail.path, { customerId: 'C7' });
    gateway(({ path }) => (path === detailPath ? ['0000', DETAIL] : undefined));
    renderRoute('/customerDetail', <CustomerDetailScreen />, '/customerDetail?customerId=C7');
    const pushButton = await screen.findByRole('button', { name: '推送产品' });
    await waitFor(() => expect((pushButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pushButton);
    expect(await screen.findByText('选择要推送的产品')).toBeTruthy();
    // The first product offered is the latest policy's.
    const offered = [...document.querySelectorAll<HTMLElement>('.adm-action-sheet-button-item')];
    expect(offered.map((item) => item.textContent)).toEqual(['新产品最近投保', '旧产品', '取消']);
    const latest = offered[0]!;
    expect(within(latest).getByText('新产品')).toBeTruthy();
    fireEvent.click(latest);
    expect((await screen.findByTestId('location')).textContent).toBe('/customerDetailPush?customerId=C7&kind=product&productCode=NEWPRODUCT01');
  });
});

describe('/customerDetail without policies', () => {
  it('shows 暂无保单, offers the catalogue to 推送产品 and no 续保提醒', async () => {
    const detailPath = fillPath(promoterAreaCalls.customerDetail.path, { customerId: 'C9' });
    const item = { path: '/p', subtitle: '', salesArea: '', productCategory2: '', fromPremium: 50, renewalLabel: '再次购买' };
    gateway(({ path }) => {
      if (path === detailPath) return ['0000', { customer: customer(9), idNo: '', sales: [] }];
      if (path === productCalls.productList.path)
        return ['0000', { list: [{ ...item, productCode: 'CATALOGUE01', productName: '目录产品一' }, { ...item, productCode: 'CATALOGUE02', productName: '目录产品二' }] }];
      return undefined;
    });
    renderRoute('/customerDetail', <CustomerDetailScreen />, '/customerDetail?customerId=C9');
    expect(await screen.findByText('暂无保单')).toBeTruthy();
    expect(screen.getByText('未登记')).toBeTruthy();
    expect((screen.getByRole('button', { name: '续保提醒' }) as HTMLButtonElement).disabled).toBe(true);
    const pushButton = screen.getByRole('button', { name: '推送产品' });
    await waitFor(() => expect((pushButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pushButton);
    const second = await screen.findByText('目录产品二');
    expect(screen.getByText('目录产品一')).toBeTruthy();
    // 最近投保 marks a customer's own latest product only.
    expect(screen.queryByText('最近投保')).toBeNull();
    fireEvent.click(second);
    expect((await screen.findByTestId('location')).textContent).toBe('/customerDetailPush?customerId=C9&kind=product&productCode=CATALOGUE02');
  });
});

describe('/customerDetailPush', () => {
  it('makes the renewal reminder with the SMS asked for, shows its title and link, and copies it', async () => {
    const guard = guardConsoleError();
    const link = '/#/xuzhouStudentSafetyDetails?productCode=NEWPRODUCT01&promoCode=ABCD2345';
    const calls = gateway(({ path }) => {
      if (path === fillPath(promoterAreaCalls.customerDetail.path, { customerId: 'C7' }))
        return ['0000', { customer: customer(7), idNo: '', sales: [sale(1, { productCode: 'NEWPRODUCT01', productName: '新产品' })] }];
      if (path === promoterAreaCalls.customerPush.path) return ['0000', { link, title: '新产品 续保提醒', sms: 'sent' }];
      return undefined;
    });
    const writeText = vi.fn(async (_text: string) => undefined);
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    try {
      renderInApp(<CustomerDetailPushScreen />, { at: '/customerDetailPush?customerId=C7&kind=renewal&productCode=NEWPRODUCT01' });
      // The name in its own <bdi>, the phone beside it.
      expect(await screen.findByText((_, el) => el?.tagName === 'DD' && el.textContent === '客户7* 138****0007')).toBeTruthy();
      expect(screen.getByText('新产品')).toBeTruthy();
      // Nothing is sent before the promoter asks.
      expect(calls.filter((c) => c.path === promoterAreaCalls.customerPush.path)).toHaveLength(0);
      fireEvent.click(screen.getByRole('switch'));
      fireEvent.click(screen.getByRole('button', { name: '生成续保提醒' }));
      const result = await screen.findByTestId('push-result');
      expect(within(result).getByText('新产品 续保提醒')).toBeTruthy();
      expect(within(result).getByText(`${window.location.origin}${link}`)).toBeTruthy();
      expect(within(result).getByText('短信已发送至客户手机')).toBeTruthy();
      expect(calls.filter((c) => c.path === promoterAreaCalls.customerPush.path).map((c) => c.body)).toEqual([
        { customerId: 'C7', kind: 'renewal', productCode: 'NEWPRODUCT01', sms: true },
      ]);
      fireEvent.click(within(result).getByRole('button', { name: '复制链接' }));
      expect(await screen.findByText('操作成功')).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${link}`);
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    }
    guard.check();
  });

  it('says so when the SMS could not be sent, and does not claim it was', async () => {
    const guard = guardConsoleError();
    gateway(({ path }) => {
      if (path === fillPath(promoterAreaCalls.customerDetail.path, { customerId: 'C7' }))
        return ['0000', { customer: customer(7), idNo: '', sales: [sale(1, { productCode: 'NEWPRODUCT01', productName: '新产品' })] }];
      if (path === promoterAreaCalls.customerPush.path) return ['0000', { link: '/#/x?productCode=NEWPRODUCT01&promoCode=ABCD2345', title: '新产品 续保提醒', sms: 'failed' }];
      return undefined;
    });
    renderInApp(<CustomerDetailPushScreen />, { at: '/customerDetailPush?customerId=C7&kind=renewal&productCode=NEWPRODUCT01' });
    await screen.findByText('新产品');
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: '生成续保提醒' }));
    const result = await screen.findByTestId('push-result');
    expect(within(result).getByText('短信发送失败，请稍后重试')).toBeTruthy();
    expect(within(result).queryByText('短信已发送至客户手机')).toBeNull();
    expect(within(result).queryByText('今日已通知过该客户，短信未重复发送')).toBeNull();
    guard.check();
  });
});

describe('/rewardDetail', () => {
  const entry = (i: number, over: Partial<RewardEntry> = {}): RewardEntry => ({
    id: `R${i}`,
    applicationFormCode: `AF${i}`,
    productName: '济宁市学生平安保险',
    holderName: '李*',
    premium: 100,
    rate: 0.05,
    amount: 5,
    status: 'confirmed',
    statusName: '已确认',
    createdAt: '2026-11-01 10:00:00',
    updatedAt: '2026-11-02 10:00:00',
    ...over,
  });

  it('shows the amounts by status and the ledger with its rate, and filters by status', async () => {
    const guard = guardConsoleError();
    const calls = gateway(({ path, body }) => {
      if (path !== promoterAreaCalls.rewards.path) return undefined;
      const summary = { pending: 12.5, confirmed: 30, paid: 100, clawedBack: 5 };
      if (body?.status === 'paid') return ['0000', { summary, list: [entry(3, { status: 'paid', statusName: '已发放', rate: 0.125, amount: 12.5 })], total: 1 }];
      return ['0000', { summary, list: [entry(1), entry(2, { status: 'clawedBack', statusName: '已追回' })], total: 2 }];
    });
    renderInApp(<RewardDetailScreen />, { at: '/rewardDetail' });
    const summary = await screen.findByTestId('reward-summary');
    await waitFor(() => expect(within(summary).getByText('12.50')).toBeTruthy());
    const figure = (name: string) => within(summary).getByText(name).nextSibling?.textContent;
    expect([figure('待确认'), figure('已确认'), figure('已发放'), figure('已追回')]).toEqual(['12.50', '30.00', '100.00', '5.00']);
    await waitFor(() => expect(screen.getAllByTestId('reward-entry')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('reward-entry');
    expect(within(first!).getByText('5%')).toBeTruthy();
    expect(within(first!).getByText('李*')).toBeTruthy();
    expect(within(first!).getByText('¥100.00')).toBeTruthy();
    expect(first!.textContent).toContain('+5.00');
    expect(second!.textContent).toContain('-5.00');
    expect(screen.getByText('没有更多数据')).toBeTruthy();
    // One call serves the summary and the 全部 tab.
    expect(calls).toHaveLength(1);

    fireEvent.click(within(document.querySelector('.adm-tabs-header') as HTMLElement).getByText('已发放'));
    await waitFor(() => expect(screen.getAllByTestId('reward-entry')).toHaveLength(1));
    expect(within(screen.getByTestId('reward-entry')).getByText('12.5%')).toBeTruthy();
    expect(calls.map((c) => c.body?.status)).toEqual([undefined, 'paid']);
    guard.check();
  });
});

describe('/renewalList for a promoter', () => {
  const renewal: PromoterRenewal = { ...sale(5), renewalLabel: '去续保', detailRoute: '/newProductDetail', daysLeft: 12, remindedAt: '2026-11-30 09:00:05' };

  it('offers 客户续保 with days left and the manifest’s label, opening the renewal', async () => {
    const calls = gateway(({ path }) => {
      if (path === accountCalls.accountSummary.path)
        return ['0000', { userCode: 'U1', phone: '138****1111', hasPassword: true, realNameStatus: '0', faceStatus: '0', isStaff: false, isPromoter: true, hasSignedDocuments: false }];
      if (path === policyCalls.selectRenewalList.path) return ['0000', { list: [], total: 0 }];
      if (path === promoterAreaCalls.renewals.path) return ['0000', { list: [renewal], total: 1, windowDays: 60 }];
      return undefined;
    });
    renderRoute('/renewalList', <RenewalListScreen />, '/renewalList');
    expect(await screen.findByText('暂无可续保的保单')).toBeTruthy();
    fireEvent.click(await screen.findByRole('tab', { name: '客户续保' }));
    const card = await screen.findByTestId('renewal-card');
    expect(within(card).getByText('剩 12 天')).toBeTruthy();
    expect(within(card).getByText('去续保')).toBeTruthy();
    expect(within(card).getByText('张*')).toBeTruthy();
    // The holder was texted the automatic reminder: the promoter sees when.
    expect(within(card).getByText('已短信提醒（2026-11-30）')).toBeTruthy();
    expect(screen.getByText('未来 60 天内到期的客户保单，共 1 张')).toBeTruthy();
    fireEvent.click(card);
    expect((await screen.findByTestId('location')).textContent).toBe('/renewalDetail?applicationFormCode=AF5');
    expect(calls.filter((c) => c.path === promoterAreaCalls.renewals.path)).toHaveLength(1);
  });

  it('shows a parent no switch', async () => {
    gateway(({ path }) => {
      if (path === accountCalls.accountSummary.path)
        return ['0000', { userCode: 'U1', phone: '138****1111', hasPassword: true, realNameStatus: '0', faceStatus: '0', isStaff: false, isPromoter: false, hasSignedDocuments: false }];
      if (path === policyCalls.selectRenewalList.path) return ['0000', { list: [], total: 0 }];
      return undefined;
    });
    renderInApp(<RenewalListScreen />, { at: '/renewalList' });
    expect(await screen.findByText('暂无可续保的保单')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('tab', { name: '客户续保' })).toBeNull();
  });
});
