import '../state/memory-storage.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, HTTP_401_MESSAGE, registerApiUi, TIMEOUT_MESSAGE } from '../../../src/web/shared/api/client.ts';
import { api } from '../../../src/web/shared/api/endpoints.ts';
import { ratingCalls } from '../../../src/contract/ratings.ts';
import * as Type from '@sinclair/typebox';
import { defineCall } from '../../../src/contract/define-call.ts';
import { orderCalls } from '../../../src/contract/order.ts';
import { productCalls } from '../../../src/contract/product-calls.ts';

/** A call the tests answer as they like. */
const probe = defineCall({ method: 'GET', path: '/x', summary: 'test probe', auth: 'public', data: Type.Unknown() });
import { getUser, saveUser } from '../../../src/web/shared/state/session.ts';
import { signedInUser as user } from './signed-in-user.ts';

/** Answers every fetch with one HTTP status and JSON body, and records the requests. */
function answer(status: number, body: unknown) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return requests;
}

const ui = { toast: vi.fn(), goLogin: vi.fn(), goHome: vi.fn() };

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  registerApiUi(ui);
  saveUser(user);
});
afterEach(() => vi.unstubAllGlobals());

describe('the /_gw client (spec §7, §8)', () => {
  it('builds the request from the call declaration: path params filled and escaped, query, body', async () => {
    const requests = answer(200, { code: '0000', msg: 'ok', data: { rated: ['P1'] } });
    const data = await call(ratingCalls.status, { params: { node: '00', bizType: '01' }, query: { channelNo: 'a b' }, body: { bizNos: ['P1'] } });
    expect(data.rated).toEqual(['P1']);
    expect(requests[0]!.url).toBe('/_gw/comment-svc/api/v1/comment/status/00/01?channelNo=a+b');
    expect(requests[0]!.init!.method).toBe('POST');
    expect(JSON.parse(String(requests[0]!.init!.body))).toEqual({ bizNos: ['P1'] });
  });

  it('sends the token, user id and system code, and unwraps data on 0000', async () => {
    const requests = answer(200, { code: '0000', msg: 'ok', data: { totalPremium: 100 } });
    await expect(call(productCalls.calPremiums, { body: [] as never })).resolves.toEqual({ totalPremium: 100 });
    const headers = requests[0]!.init!.headers as Record<string, string>;
    expect(requests[0]!.url).toBe('/_gw/prod-svc/calpremiums');
    expect(headers).toMatchObject({ authorization: 'Bearer access', userid: '42', syscode: 'sys_edu_wxb_wx' });
  });

  it('counts 200 as success in the order flow only', async () => {
    answer(200, { code: '200', msg: 'ok', data: { body: { order: { amount: 1, code: 'ED1' }, applicationForms: [] } } });
    await expect(api.submitOrder({ idempotentSerialNo: 's'.repeat(8), applicationForms: [] as never }, 't')).resolves.toMatchObject({
      body: { order: { code: 'ED1' } },
    });
    await expect(call(orderCalls.serial, {}, { silent: true })).rejects.toMatchObject({ code: '200' });
  });

  it('shows the server message in a red toast and rejects on other codes', async () => {
    answer(200, { code: '4001', msg: '请选择保障方案', data: null });
    await expect(call(probe, {})).rejects.toBeInstanceOf(ApiError);
    expect(ui.toast).toHaveBeenCalledWith('请选择保障方案');
  });

  it("defaults the message to 'Failed to get {thing}'", async () => {
    answer(200, { code: '4001', msg: '', data: null });
    await expect(call(probe, {}, { thing: '保费' })).rejects.toMatchObject({ message: 'Failed to get 保费' });
  });

  it('code 406 goes to log-in; code 401 clears storage and goes home', async () => {
    answer(200, { code: '406', msg: '请先登录', data: null });
    await expect(call(probe, {})).rejects.toMatchObject({ code: '406' });
    expect(ui.goLogin).toHaveBeenCalledOnce();
    expect(getUser()).not.toBeNull();

    answer(200, { code: '401', msg: '账号已失效', data: null });
    await expect(call(probe, {})).rejects.toMatchObject({ code: '401' });
    expect(ui.goHome).toHaveBeenCalledOnce();
    expect(getUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('HTTP 401 clears storage, goes to log-in and says 网络异常,请重新登录!', async () => {
    answer(401, {});
    await expect(call(probe, {}, { silent: true })).rejects.toMatchObject({ message: HTTP_401_MESSAGE });
    expect(ui.goLogin).toHaveBeenCalledOnce();
    expect(ui.toast).toHaveBeenCalledWith(HTTP_401_MESSAGE);
    expect(getUser()).toBeNull();
  });

  it('HTTP 404 and 406 clear storage', async () => {
    answer(404, { code: '4004', msg: '接口不存在', data: null });
    await expect(call(probe, {}, { silent: true })).rejects.toMatchObject({ code: '4004' });
    expect(getUser()).toBeNull();
    saveUser(user);
    answer(406, { code: '4000', msg: 'x', data: null });
    await expect(call(probe, {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(getUser()).toBeNull();
  });

  it('a timeout shows 网络请求超时，请检查网络连接后重试 for 3 s', async () => {
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    await expect(call(probe, {}, { timeoutMs: 20 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(ui.toast).toHaveBeenCalledWith(TIMEOUT_MESSAGE, 3000);
  });

  it('refreshes the access token first when under 600 s remain', async () => {
    saveUser({ ...user, expiresIn: 300 });
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(url);
      const body = url.endsWith('/auth-svc/refresh_token')
        ? { code: '0000', msg: '', data: { token: 'body-token', refreshToken: 'n'.repeat(32), expiresIn: 900 } }
        : { code: '0000', msg: '', data: null };
      const headers: Record<string, string> = url.endsWith('/auth-svc/refresh_token') ? { access_token: 'header-token' } : {};
      return new Response(JSON.stringify(body), { status: 200, headers });
    });
    await call(probe, {});
    expect(requests).toEqual(['/_gw/auth-svc/refresh_token', '/_gw/x']);
    expect(getUser()).toMatchObject({ token: 'header-token', refreshToken: 'n'.repeat(32) });
  });
});
