// @vitest-environment happy-dom
/**
 * What users depend on from the query cache: the rating list pages in 15 at a
 * time and stops after a short page; a failed load shows its error state
 * (after the retries) and 重试 loads again; a business refusal is not retried;
 * and after cancelling an order its detail is fetched again and shows the new
 * status. Rendered as the app does, against a stubbed fetch.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GW } from '../../../src/contract/define-call.ts';
import { ratingCalls } from '../../../src/contract/ratings.ts';
import { queryClient } from '../../../src/web/shared/api/query-client.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import EstimateListScreen from '../../../src/web/features/ratings/screens/estimate-list/estimate-list-screen.tsx';
import { clearStorage, saveUser } from '../../../src/web/shared/state/session.ts';
import { declareReactActEnvironment, renderInApp } from './harness.tsx';

declareReactActEnvironment();

interface Call {
  path: string;
  body: Record<string, unknown> | undefined;
}

/** A /_gw answering with `answer(path, body)`: [code, data]. Every call is kept. */
function gateway(answer: (path: string, body: Record<string, unknown> | undefined) => [string, unknown]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const path = url.pathname.slice(GW.length);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ path, body });
    const [code, data] = answer(path, body);
    return new Response(JSON.stringify({ code, msg: code === '0000' ? '' : `refused ${path}`, data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function ratings(page: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: page * 100 + i,
    createTime: '2026-11-01 10:00:00',
    loginAccount: '138****0000',
    commentStatistics: [{ commentNode: '00', score: 5 }],
    tags: [],
    text: `评价${page}-${i}`,
  }));
}

/** Page sizes the fake server has for the product: two full pages and a short third. */
const PAGE_SIZES = [15, 15, 3];

/** The retries are real (two of them) but not their back-off delay, so the suite stays fast. */
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

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === ratingCalls.list.path);

describe('/estimateList', () => {
  it('loads page 1, then the next pages as the list scrolls, and stops after a page shorter than 15', async () => {
    const calls = gateway((path, body) => {
      if (path !== ratingCalls.list.path) return ['5000', null];
      const pn = Number(body?.pn);
      return ['0000', { list: ratings(pn, PAGE_SIZES[pn - 1] ?? 0), total: 33 }];
    });
    // happy-dom lays nothing out: the list gets an offsetParent (else InfiniteScroll takes it for hidden) and its
    // end a position, below the fold until the visitor scrolls.
    let endTop = 5000;
    const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
    const rect = HTMLElement.prototype.getBoundingClientRect;
    const rectSpy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('adm-infinite-scroll') ? new DOMRect(0, endTop, 375, 40) : rect.call(this);
    });
    try {
      renderInApp(<EstimateListScreen />, { at: '/estimateList?productCode=P1' });
      await waitFor(() => expect(screen.getByText('评价1-14')).toBeTruthy());
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(listCalls(calls)).toHaveLength(1);
      // The visitor scrolls to the end of the list: the next pages come, until the short one.
      endTop = 300;
      for (let node = screen.getByText('获取数据...').parentElement; node; node = node.parentElement) fireEvent.scroll(node);
      fireEvent.scroll(window);
      await waitFor(() => expect(screen.getByText('评价2-0')).toBeTruthy());
      await waitFor(() => expect(screen.getByText('没有更多数据...')).toBeTruthy(), { timeout: 4000 });
    } finally {
      if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
      else delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
      rectSpy.mockRestore();
    }
    expect(screen.getAllByTestId('rating-item')).toHaveLength(33);
    expect(screen.getByText('评价3-2')).toBeTruthy();
    expect(listCalls(calls).map((c) => [c.body?.pn, c.body?.ps, c.body?.productCode, c.body?.commentNode])).toEqual([
      [1, 15, 'P1', '00'],
      [2, 15, 'P1', '00'],
      [3, 15, 'P1', '00'],
    ]);
  });

  it('shows 获取数据失败... after the retries of a failed first page, and 重试 loads it again', async () => {
    let failing = true;
    const calls = gateway((path, body) => {
      if (path !== ratingCalls.list.path || failing) return ['5000', null];
      return ['0000', { list: ratings(Number(body?.pn), 3), total: 3 }];
    });
    renderInApp(<EstimateListScreen />, { at: '/estimateList?productCode=P2' });
    await waitFor(() => expect(screen.getByText('获取数据失败...')).toBeTruthy());
    // The first try and two retries.
    expect(listCalls(calls)).toHaveLength(3);
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByText('评价1-0')).toBeTruthy());
    expect(screen.queryByText('获取数据失败...')).toBeNull();
    expect(listCalls(calls)).toHaveLength(4);
    await waitFor(() => expect(screen.getByText('没有更多数据...')).toBeTruthy());
  });

  it('does not retry a business refusal (4xxx): the error shows after one call', async () => {
    const calls = gateway(() => ['4004', null]);
    renderInApp(<EstimateListScreen />, { at: '/estimateList?productCode=P3' });
    await waitFor(() => expect(screen.getByText('获取数据失败...')).toBeTruthy());
    expect(listCalls(calls)).toHaveLength(1);
  });
});
