// @vitest-environment happy-dom
/**
 * The information-page screen, the protocol-reading screen and the school
 * field of the insure form, rendered in happy-dom against a stubbed gateway:
 * what they show, what they gate, and that they log no error.
 */
import { StrictMode, type ReactElement } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../src/web/shared/api/query-client.ts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GW } from '../../../src/contract/define-call.ts';
import type { ContentPage } from '../../../src/contract/content.ts';
import type { NotificationItem } from '../../../src/contract/product.ts';
import { schoolCalls, type SchoolPage } from '../../../src/contract/school.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import InfoPageScreen from '../../../src/web/features/content/screens/info-page/info-page-screen.tsx';
import ProtocolReadingScreen from '../../../src/web/features/insure/screens/protocol-reading/protocol-reading-screen.tsx';
import { declareReactActEnvironment, guardConsoleError, InsureFormHost, MANIFESTS } from './harness.tsx';
import { productCalls } from '../../../src/contract/product-calls.ts';

declareReactActEnvironment();

function envelope(data: unknown, code = '0000'): Response {
  return new Response(JSON.stringify({ code, msg: code === '0000' ? '' : 'x', data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

const PAGE: ContentPage = {
  slug: 'registerKnow',
  title: '注册须知',
  updated: '2025-09-01',
  requiresLogin: false,
  blocks: [
    { kind: 'p', text: '欢迎您注册<b>本平台</b>。' },
    { kind: 'h2', text: '一、注册条件' },
    { kind: 'li', text: '您应为完全民事行为能力人。' },
    { kind: 'li', text: '一个手机号只能注册一个账号。' },
  ],
};

const clause = (order: number, name: string, notificationType: number): NotificationItem => ({
  name,
  resourceName: name,
  order,
  displayNo: order,
  type: 'html',
  content: `<p>${name}正文</p>`,
  valueMark: 'insuranceRules',
  notificationType,
  productCode: '19PR799624',
});
const CLAUSES = [clause(1, '安心无忧投保告知书', 1), clause(2, '投保须知', 2), clause(3, '学生住院医疗保险条款', 3), clause(4, '续保说明', 1)];

let calls: string[] = [];
let consoleError: ReturnType<typeof guardConsoleError>;

function stubGateway(answer: (path: string, url: URL) => Response) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const path = url.pathname.slice(GW.length);
      calls.push(path + url.search);
      return answer(path, url);
    }),
  );
}

function renderAt(path: string, route: string, ui: ReactElement) {
  return render(
    <StrictMode>
      <Provider store={createStore()}>
        <QueryClientProvider client={queryClient}><MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={<div>elsewhere</div>} />
          </Routes>
        </MemoryRouter></QueryClientProvider>
      </Provider>
    </StrictMode>,
  );
}

beforeAll(() => setUpAntdMobileForReact19());
beforeEach(() => {
  localStorage.clear();
  consoleError = guardConsoleError();
});
afterEach(() => {
  try {
    consoleError.check();
  } finally {
    vi.unstubAllGlobals();
  }
});

describe('information page screen', () => {
  it('renders the document of its route as text: headings, paragraphs, one list', async () => {
    stubGateway((path) => (path === '/edu-svc/content/_bai/page/registerKnow' ? envelope(PAGE) : envelope(null, '4004')));
    renderAt('/registerKnow', '/registerKnow', <InfoPageScreen />);
    const article = await screen.findByTestId('info-page');
    expect(within(article).getByRole('heading', { level: 1 }).textContent).toBe('注册须知');
    expect(within(article).getByRole('heading', { level: 2 }).textContent).toBe('一、注册条件');
    expect(within(article).getAllByRole('list')).toHaveLength(1);
    expect(within(article).getAllByRole('listitem')).toHaveLength(2);
    // Markup in a document stays text.
    expect(article.querySelector('b')).toBeNull();
    expect(article.textContent).toContain('<b>本平台</b>');
  });

  it('says so when the page does not exist', async () => {
    stubGateway(() => envelope(null, '4004'));
    renderAt('/registerKnow', '/registerKnow', <InfoPageScreen />);
    expect((await screen.findAllByText('页面不存在')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('info-page')).toBeNull();
  });
});

describe('protocol reading screen', () => {
  // The catalogue says which product /calmCareNotify is bound to (its manifest's noticeRoute).
  const CATALOGUE = { list: [{ productCode: '19PR799624', productName: '安心无忧', path: '/calmCarefreeDetails', subtitle: '', salesArea: '', productCategory2: '', fromPremium: 0, renewalLabel: '去续保', noticeRoute: '/calmCareNotify' }] };
  beforeEach(() =>
    stubGateway((path) => (path === productCalls.notificationInfo.path ? envelope(CLAUSES) : path === productCalls.productList.path ? envelope(CATALOGUE) : envelope(null, '5000'))),
  );

  it('lists the clauses in the two groups and keeps 继续投保 blocked until every one is read, across a remount', async () => {
    const view = renderAt('/calmCareNotify', '/calmCareNotify', <ProtocolReadingScreen />);
    const go = await screen.findByRole('button', { name: '我已阅读，继续投保' });
    expect(calls).toContain(`${productCalls.notificationInfo.path}?productCode=19PR799624`);
    const notices = screen.getByRole('region', { name: '投保须知及保险条款' });
    const others = screen.getByRole('region', { name: '其他告知及授权' });
    expect(within(notices).getAllByRole('button').map((b) => b.textContent)).toEqual(['《投保须知》未读', '《学生住院医疗保险条款》未读']);
    expect(within(others).getAllByRole('button').map((b) => b.textContent)).toEqual(['《安心无忧投保告知书》未读', '《续保说明》未读']);
    expect(go).toHaveProperty('disabled', true);

    fireEvent.click(within(notices).getByRole('button', { name: /投保须知/ }));
    const dialog = await screen.findByRole('dialog', { name: '投保须知' });
    expect(dialog.textContent).toContain('投保须知正文');
    expect(screen.getByTestId('read-progress').textContent).toBe('已阅读 1/4');
    fireEvent.click(within(dialog).getByRole('button', { name: '下一份' }));
    await screen.findByRole('dialog', { name: '安心无忧投保告知书' });
    expect(screen.getByTestId('read-progress').textContent).toBe('已阅读 2/4');
    expect(go).toHaveProperty('disabled', true);

    // A reload (remount) keeps what was read.
    view.unmount();
    renderAt('/calmCareNotify', '/calmCareNotify', <ProtocolReadingScreen />);
    await waitFor(() => expect(screen.getByTestId('read-progress').textContent).toBe('已阅读 2/4'));
    expect(screen.getByRole('button', { name: '我已阅读，继续投保' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: '去阅读' }));
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(screen.getByTestId('read-progress').textContent).toBe('已阅读 4/4'));
    const enabled = screen.getByRole('button', { name: '我已阅读，继续投保' });
    expect(enabled).toHaveProperty('disabled', false);
    fireEvent.click(enabled);
    await screen.findByText('elsewhere');
  });

  it('on /checkProtocol also needs the agreement box', async () => {
    renderAt('/checkProtocol?productCode=19PR799624', '/checkProtocol', <ProtocolReadingScreen />);
    const go = await screen.findByRole('button', { name: '同意并继续' });
    fireEvent.click(screen.getByRole('button', { name: '去阅读' }));
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }));
    // 全部已读 reads all and ticks the box.
    await waitFor(() => expect(go).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByLabelText('我已阅读并同意以上全部内容'));
    await waitFor(() => expect(go).toHaveProperty('disabled', true));
  });
});

describe('school field of the insure form', () => {
  const manifestOf = (id: string) => MANIFESTS.find((m) => m.manifest.id === id)!.manifest;
  const found: SchoolPage = {
    list: [
      { id: 1, schoolName: '沛县实验小学', schoolKind: 'edu_07', schoolKindName: '小学', schoolNature: '01', provinceCode: '320000', cityCode: '320300', countyCode: '320322', address: '徐州市沛县人民路18号', phone: '051******1234', verified: true, hasColleges: false },
      { id: 2, schoolName: '沛县星辰双语学校', schoolKind: 'edu_07', schoolKindName: '小学', schoolNature: null, provinceCode: '320000', cityCode: '320300', countyCode: '320322', address: null, phone: null, verified: false, hasColleges: false },
    ],
    total: 2,
    pageNum: 1,
    pageSize: 6,
  };

  function renderForm(id: string) {
    const manifest = manifestOf(id);
    const onDraftChange = vi.fn();
    render(
      <StrictMode>
        <Provider store={createStore()}>
          <QueryClientProvider client={queryClient}><MemoryRouter>
            <InsureFormHost manifest={manifest} onDraftChange={onDraftChange} />
          </MemoryRouter></QueryClientProvider>
        </Provider>
      </StrictMode>,
    );
    return { onDraftChange, field: () => document.getElementById('root_insureds_0_schoolName')! };
  }

  it('mode 01 suggests directory schools of the product city (own ones marked 待审核) and offers to add one', async () => {
    stubGateway((path) => (path === schoolCalls.search.path ? envelope(found) : envelope(null, '5000')));
    const { field, onDraftChange } = renderForm('xuzhou-student-accident-2025');
    const input = field() as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '沛县' } });
    const list = await screen.findByRole('listbox', { name: '学校列表' }, { timeout: 2000 });
    expect(calls.some((c) => c.startsWith(`${schoolCalls.search.path}?areaCode=320300&name=`))).toBe(true);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['沛县实验小学徐州市沛县人民路18号', '沛县星辰双语学校待审核']);
    // Not an exact match yet: the parent may add it.
    expect(screen.getByRole('button', { name: '找不到学校？添加「沛县」' })).toBeTruthy();
    fireEvent.click(options[0]!);
    await waitFor(() => expect(onDraftChange.mock.calls.at(-1)?.[0].insureds[0].schoolName).toBe('沛县实验小学'));
    expect((field() as HTMLInputElement).value).toBe('沛县实验小学');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 200));
    });
  });

  it('the college field suggests the colleges of the university chosen for the same insured', async () => {
    stubGateway((path, url) => {
      if (path === schoolCalls.search.path && url.searchParams.get('name') === '中国矿业大学') {
        return envelope({ ...found, list: [{ ...found.list[0]!, id: 7, schoolName: '中国矿业大学', schoolKind: 'edu_32', hasColleges: true }] });
      }
      if (path === schoolCalls.search.path) return envelope({ ...found, list: [], total: 0 });
      if (path === schoolCalls.colleges.path && url.searchParams.get('schoolId') === '7') {
        return envelope({ schoolId: 7, schoolName: '中国矿业大学', list: ['矿业工程学院', '安全工程学院'] });
      }
      return envelope(null, '5000');
    });
    const { field } = renderForm('xuzhou-college-student');
    fireEvent.change(field(), { target: { value: '中国矿业大学' } });
    const college = document.getElementById('root_insureds_0_collegeName') as HTMLInputElement;
    await waitFor(() => expect(calls).toContain(`${schoolCalls.colleges.path}?schoolId=7`));
    fireEvent.focus(college);
    const list = await screen.findByRole('listbox', { name: '学院列表' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['矿业工程学院', '安全工程学院']);
    fireEvent.click(within(list).getByRole('option', { name: '安全工程学院' }));
    await waitFor(() => expect(college.value).toBe('安全工程学院'));
  });

  it('mode 02 is a picker over the product list and mode 03 plain text: no search, nothing to add', async () => {
    stubGateway(() => envelope(null, '5000'));
    const chooseOnly = renderForm('xuzhou-wuyou-2024');
    expect(chooseOnly.field().tagName).toBe('BUTTON');
    cleanup();
    const customOnly = renderForm('zhlh-linyi-student');
    const input = customOnly.field() as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '临沂市兰山区实验小学' } });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 400));
    });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /找不到学校/ })).toBeNull();
    // No school call (the form's region picker may load its provinces).
    expect(calls.filter((path) => path.includes('schoolinfo'))).toEqual([]);
  });
});
