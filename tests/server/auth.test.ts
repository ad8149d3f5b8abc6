import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '../../src/contract/define-call.ts';
import { backends, call, expectOk, login, makeTestApp, newPhone, type TestApp } from './helpers.ts';
import { authCalls } from '../../src/contract/auth.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { REFRESH_GRACE_MS } from '../../src/server/auth/sessions.ts';

describe.each(backends)('SMS log-in and tokens (%s)', (backend) => {
  let t: TestApp;
  // A settable clock: the SMS rules are about minutes.
  let now = new Date('2025-09-01T02:00:00Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => now });
  });
  afterAll(() => t.close());

  const sendCode = (phone: string) => call(t.app, { method: 'GET', url: `${authCalls.regMsg.path}?phoneNum=${phone}` });
  const latestCode = async (phone: string) =>
    expectOk(await call<{ code: string }>(t.app, { method: 'GET', url: `${authCalls.devSmsLatest.path}?phoneNum=${phone}` })).code;
  const loginWith = (phone: string, code: string) =>
    call<{ token: string; refreshToken: string; userCode: string; phone: string; loginAccount: string; expiresIn: number }>(t.app, {
      method: 'POST',
      url: authCalls.registerAndLogin.path,
      payload: { phoneNum: phone, smsVerificationCode: code },
    });
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
  const policyList = (token: string) => call(t.app, { method: 'POST', url: orderCalls.policyList.path, token, payload: {} });
  const refresh = (refreshToken: string) =>
    call<{ token: string; refreshToken: string }>(t.app, { method: 'POST', url: authCalls.refreshToken.path, payload: { refreshToken } });

  it('sends a 6-digit code and logs in with it, registering the phone on first use', async () => {
    const phone = newPhone();
    expect((await sendCode(phone)).body).toEqual({ code: '0000', msg: '验证码已发送', data: null });
    const code = await latestCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const user = expectOk(await loginWith(phone, code));
    expect(user.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect(user.loginAccount).toBe(user.phone);
    expect(user.expiresIn).toBe(900);
    expect(expectOk(await policyList(user.token))).toEqual({ list: [], total: 0 });

    advance(61_000);
    expectOk(await sendCode(phone));
    const again = expectOk(await loginWith(phone, await latestCode(phone)));
    expect(again.userCode).toBe(user.userCode);
  });

  it('refuses a phone number the spec rejects with its message', async () => {
    const { body } = await sendCode('12800138000');
    expect(body).toEqual({ code: '4001', msg: '请填写正确的手机号!', data: null });
  });

  it('allows one send per 60 seconds per phone', async () => {
    const phone = newPhone();
    expectOk(await sendCode(phone));
    advance(59_000);
    expect((await sendCode(phone)).body).toEqual({ code: '4029', msg: '发送过于频繁，请稍后再试', data: null });
    advance(1_000);
    expectOk(await sendCode(phone));
  });

  it('uses a code only once', async () => {
    const phone = newPhone();
    expectOk(await sendCode(phone));
    const code = await latestCode(phone);
    expectOk(await loginWith(phone, code));
    expect((await loginWith(phone, code)).body.code).toBe('4010');
  });

  it('expires a code after 5 minutes', async () => {
    const phone = newPhone();
    expectOk(await sendCode(phone));
    const code = await latestCode(phone);
    advance(5 * 60_000);
    expect((await loginWith(phone, code)).body).toEqual({ code: '4010', msg: '验证码已失效，请重新获取', data: null });
  });

  it('burns a code after 5 wrong tries, even for the right code afterwards', async () => {
    const phone = newPhone();
    expectOk(await sendCode(phone));
    const code = await latestCode(phone);
    for (let i = 0; i < 4; i++) {
      expect((await loginWith(phone, wrong(code))).body).toEqual({ code: '4010', msg: `验证码错误，还可尝试${4 - i}次`, data: null });
    }
    expect((await loginWith(phone, wrong(code))).body).toEqual({ code: '4010', msg: '验证码错误次数过多，已失效，请重新获取', data: null });
    expect((await loginWith(phone, code)).body).toEqual({ code: '4010', msg: '验证码已失效，请重新获取', data: null });
  });

  it('binds a code to its phone', async () => {
    const phone = newPhone();
    const other = newPhone();
    expectOk(await sendCode(phone));
    expect((await loginWith(other, await latestCode(phone))).body.code).toBe('4010');
  });

  it('answers a send the same way for registered and unknown phones', async () => {
    const known = await login(t.app);
    advance(61_000);
    const a = await sendCode(known.phone);
    const b = await sendCode(newPhone());
    expect(a.body).toEqual(b.body);
    expect(a.status).toBe(b.status);
  });

  it('rotates refresh tokens and sends the new access token in a header', async () => {
    const session = await login(t.app);
    const result = await refresh(session.refreshToken);
    const pair = expectOk(result);
    expect(pair.refreshToken).not.toBe(session.refreshToken);
    expect(result.response.headers[ACCESS_TOKEN_HEADER]).toBe(pair.token);
    expectOk(await policyList(pair.token));
    const next = expectOk(await refresh(pair.refreshToken));
    expectOk(await policyList(next.token));
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const session = await login(t.app);
    const rotated = expectOk(await refresh(session.refreshToken));
    // The old token again after the grace window: someone copied it. Both the thief's and the owner's chains die.
    advance(REFRESH_GRACE_MS + 1);
    expect((await refresh(session.refreshToken)).body).toEqual({ code: '406', msg: '登录已过期，请重新登录', data: null });
    expect((await refresh(rotated.refreshToken)).body.code).toBe('406');
    // Another log-in of the same user is another family and keeps working.
    advance(61_000);
    const fresh = await login(t.app, session.phone);
    expectOk(await refresh(fresh.refreshToken));
  });

  it('refuses unknown refresh tokens', async () => {
    expect((await refresh('x'.repeat(43))).body.code).toBe('406');
  });

  it('refuses missing, malformed, foreign and expired access tokens with 406', async () => {
    const session = await login(t.app);
    expect((await policyList('')).body).toEqual({ code: '406', msg: '请先登录', data: null });
    expect((await policyList('not-a-jwt')).body.code).toBe('406');
    const forged = `${session.token.slice(0, -4)}AAAA`;
    expect((await policyList(forged)).body.code).toBe('406');
    // A raw token without "Bearer" is refused.
    const raw = await call(t.app, { method: 'POST', url: orderCalls.policyList.path, headers: { authorization: session.token }, payload: {} });
    expect(raw.body.code).toBe('406');
    advance(15 * 60_000 + 1_000);
    expect((await policyList(session.token)).body.code).toBe('406');
  });
});

describe('development endpoints', () => {
  it('does not exist in production', async () => {
    const t = await makeTestApp({ config: { devEndpoints: false, nodeEnv: 'production', allowSandbox: true } });
    try {
      const phone = newPhone();
      expectOk(await call(t.app, { method: 'GET', url: `${authCalls.regMsg.path}?phoneNum=${phone}` }));
      const { status, body } = await call(t.app, { method: 'GET', url: `${authCalls.devSmsLatest.path}?phoneNum=${phone}` });
      expect(status).toBe(404);
      expect(body.code).toBe('4004');
      // Nor the captcha read-back: the image exists, its text is not served.
      const image = await t.app.inject({ method: 'GET', url: `/_gw${authCalls.captcha.path}` });
      expect(image.headers['content-type']).toBe('image/png');
      const id = String(image.headers.imgcode);
      expect((await call(t.app, { method: 'GET', url: `${authCalls.devCaptchaLatest.path}?id=${encodeURIComponent(id)}` })).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
