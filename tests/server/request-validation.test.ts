import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, call, login, makeTestApp, type TestApp, validApplication, XUZHOU } from './helpers.ts';
import { authCalls } from '../../src/contract/auth.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { productCalls } from '../../src/contract/product-calls.ts';

describe.each(backends)('request validation (%s)', (backend) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await makeTestApp({ backend });
    // A route that fails unexpectedly, to check that 5xx details stay on the server.
    t.app.get('/_gw/__test/boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    token = (await login(t.app)).token;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, contentType = 'application/json') =>
    call(t.app, { method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('answers malformed JSON with 400 and code 4000', async () => {
    const { status, body } = await post(authCalls.registerAndLogin.path, '{"phoneNum": "138');
    expect(status).toBe(400);
    expect(body).toEqual({ code: '4000', msg: '请求参数错误: 请求体不是合法的 JSON', data: null });
  });

  it('names the missing field', async () => {
    const { status, body } = await post(authCalls.registerAndLogin.path, JSON.stringify({ phoneNum: '13800138000' }));
    expect(status).toBe(400);
    expect(body.code).toBe('4000');
    expect(body.msg).toBe("请求参数错误: body must have required property 'smsVerificationCode'");
  });

  it('names the field with the wrong type instead of coercing it', async () => {
    const { status, body } = await post(authCalls.registerAndLogin.path, JSON.stringify({ phoneNum: 13800138000, smsVerificationCode: '123456' }));
    expect(status).toBe(400);
    expect(body.msg).toBe('请求参数错误: body/phoneNum must be string');
  });

  it('names a field that does not match its pattern', async () => {
    const { status, body } = await post(authCalls.registerAndLogin.path, JSON.stringify({ phoneNum: '1380013800a', smsVerificationCode: '123456' }));
    expect(status).toBe(400);
    expect(body.msg).toMatch(/^请求参数错误: body\/phoneNum must match pattern/);
  });

  it('refuses extra fields rather than dropping them silently', async () => {
    const { status, body } = await post(
      authCalls.registerAndLogin.path,
      JSON.stringify({ phoneNum: '13800138000', smsVerificationCode: '123456', admin: true }),
    );
    expect(status).toBe(400);
    expect(body.msg).toBe("请求参数错误: body must NOT have additional properties 'admin'");
  });

  it('validates nested order forms down to the field', async () => {
    const form = { ...validApplication(XUZHOU), insureds: [{ ...validApplication(XUZHOU).insureds[0], nickname: 'x' }] };
    const { status, body } = await call(t.app, {
      method: 'POST',
      url: orderCalls.submitOrder.path,
      token,
      headers: { 'x-resub-token': 'whatever' },
      payload: { idempotentSerialNo: 'SN0000000001', applicationForms: [form] },
    });
    expect(status).toBe(400);
    expect(body.msg).toBe("请求参数错误: body/applicationForms/0/insureds/0 must NOT have additional properties 'nickname'");
  });

  it('validates query strings, coercing only text to numbers', async () => {
    const missing = await call(t.app, { method: 'GET', url: authCalls.regMsg.path });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("请求参数错误: querystring must have required property 'phoneNum'");
    const extra = await call(t.app, { method: 'GET', url: `${productCalls.productDisplay.path}?productCode=${XUZHOU}&x=1` });
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe('4000');
  });

  it('validates path parameters', async () => {
    const { status, body } = await call(t.app, { method: 'GET', url: '/prod-svc/api/v1/attr/not-a-code/edu' });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/^请求参数错误: params\/code must match pattern/);
  });

  it('answers an unsupported content type with 400, not 415 or 500', async () => {
    const { status, body } = await post(authCalls.registerAndLogin.path, 'phoneNum=13800138000', 'application/x-www-form-urlencoded');
    expect(status).toBe(400);
    expect(body.code).toBe('4000');
  });

  it('answers an empty JSON body with 400', async () => {
    const { status, body } = await post(authCalls.registerAndLogin.path, '');
    expect(status).toBe(400);
    expect(body.code).toBe('4000');
  });

  it('answers a body over the limit with 400', async () => {
    const { status, body } = await post(authCalls.registerAndLogin.path, JSON.stringify({ phoneNum: 'x'.repeat(300 * 1024) }));
    expect(status).toBe(400);
    expect(body).toEqual({ code: '4000', msg: '请求参数错误: 请求体过大', data: null });
  });

  it('answers JSON prototype poisoning with 400', async () => {
    const { status, body } = await post(authCalls.registerAndLogin.path, '{"__proto__": {"admin": true}}');
    expect(status).toBe(400);
    expect(body.code).toBe('4000');
  });

  it('answers an unknown /_gw route with 404 and code 4004', async () => {
    const { status, body } = await call(t.app, { method: 'GET', url: '/no-such-svc/api/thing' });
    expect(status).toBe(404);
    expect(body).toEqual({ code: '4004', msg: '接口不存在', data: null });
  });

  it('hides the details of unexpected failures', async () => {
    const { status, body } = await call(t.app, { method: 'GET', url: '/_gw/__test/boom' });
    expect(status).toBe(500);
    expect(body).toEqual({ code: '5000', msg: '系统繁忙，请稍后重试', data: null });
  });

  it('asks for log-in (HTTP 200, code 406) before looking at the body of a protected route', async () => {
    for (const payload of ['{not json', JSON.stringify({ pageSize: 'x' })]) {
      const { status, body } = await post(orderCalls.policyList.path, payload);
      expect(status).toBe(200);
      expect(body).toEqual({ code: '406', msg: '请先登录', data: null });
    }
    const bad = await call(t.app, { method: 'POST', url: orderCalls.policyList.path, token, payload: { pageSize: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请求参数错误: body/pageSize must be integer');
  });
});
