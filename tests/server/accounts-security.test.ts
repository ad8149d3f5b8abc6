/**
 * One test per security rule of the accounts (docs/accounts.md; SMS codes, send limits, image
 * captcha, passwords with scrypt, failed log-ins per account, same answers
 * for registered and unknown phones, phone change), on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_HEADER } from '../../src/contract/accounts.ts';
import { MSG_PASSWORD } from '../../src/engine/rules/messages.ts';
import { PRODUCTION_SCRYPT, loadConfig } from '../../src/server/config.ts';
import { smsCodes, users } from '../../src/server/db/schema.ts';
import { hashPassword, parseHashCost, verifyPassword } from '../../src/server/auth/passwords.ts';
import { backends, call, expectOk, login, makeTestApp, newPhone, type TestApp } from './helpers.ts';
import { authCalls } from '../../src/contract/auth.ts';

const PASSWORD = 'Abc12345!';

describe.each(backends)('account security rules (%s)', (backend) => {
  let t: TestApp;
  let now = new Date('2025-09-01T02:00:00Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let ipCounter = 1;
  /** A fresh client address per test, so the per-address limit of one test does not touch another. */
  const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => now, config: { smsPerIpPerHour: 20 } });
  });
  afterAll(() => t.close());

  const get = <T = unknown>(url: string, extra: { ip?: string; token?: string; headers?: Record<string, string> } = {}) =>
    call<T>(t.app, { method: 'GET', url, remoteAddress: extra.ip ?? freshIp(), token: extra.token, headers: extra.headers });
  const post = <T = unknown>(url: string, payload: object, extra: { ip?: string; token?: string; headers?: Record<string, string> } = {}) =>
    call<T>(t.app, { method: 'POST', url, payload, remoteAddress: extra.ip ?? freshIp(), token: extra.token, headers: extra.headers });
  const smsOf = (phone: string) => t.handles.smsOutbox?.latestMessage(phone)?.text;
  const codeOf = async (phone: string) =>
    expectOk(await get<{ code: string }>(`${authCalls.devSmsLatest.path}?phoneNum=${phone}`)).code;
  const sendRegister = (phone: string, type = 'register', extra: { ip?: string; token?: string } = {}) =>
    get(`${authCalls.registerRegMsg.path}?phoneNum=${phone}&type=${type}`, extra);
  async function register(phone = newPhone(), password = PASSWORD) {
    expectOk(await sendRegister(phone));
    const user = expectOk(
      await post<{ token: string; refreshToken: string; userCode: string }>(authCalls.appRegister.path, {
        phoneNum: phone,
        passWord: password,
        smsVerificationCode: await codeOf(phone),
        userSourceType: 22,
        channelNo: 'edu',
      }),
    );
    advance(61_000);
    return { ...user, phone };
  }
  const passwordLogin = (phone: string, password: string, captcha?: { id: string; text: string }) =>
    post<{ token: string; userCode: string }>(
      authCalls.passwordLogin.path,
      { loginAccount: phone, passWord: password, ...(captcha ? { imageVerificationCode: captcha.text } : {}) },
      captcha ? { headers: { [CAPTCHA_HEADER]: captcha.id } } : {},
    );
  async function newCaptcha() {
    const response = await t.app.inject({ method: 'GET', url: `/_gw${authCalls.captcha.path}?time=${Date.now()}` });
    const id = String(response.headers[CAPTCHA_HEADER]);
    const text = expectOk(await get<{ text: string }>(`${authCalls.devCaptchaLatest.path}?id=${encodeURIComponent(id)}`)).text;
    return { id, text, response };
  }

  // ---------------------------------------------------------------- SMS codes

  it('stores SMS codes hashed, never as the 6 digits sent', async () => {
    const phone = newPhone();
    expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${phone}`));
    const code = await codeOf(phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
  });

  it('binds a code to its purpose: a log-in code does not reset a password', async () => {
    const { phone } = await register();
    expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${phone}`));
    const code = await codeOf(phone);
    const reset = await post(authCalls.pwdFind.path, { phoneNum: phone, smsVerificationCode: code, newPwd: 'New12345!', secondPwd: 'New12345!' });
    expect(reset.body).toEqual({ code: '4010', msg: '验证码已失效，请重新获取', data: null });
  });

  it('allows one send per 60 s per phone across purposes', async () => {
    const { phone } = await register();
    expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${phone}`));
    advance(30_000);
    expect((await sendRegister(phone, 'reset')).body).toEqual({ code: '4029', msg: '发送过于频繁，请稍后再试', data: null });
    advance(30_000);
    expectOk(await sendRegister(phone, 'reset'));
  });

  it('spaces sends to one phone exponentially, with the captcha from the 4th, instead of a daily cap', async () => {
    const phone = newPhone();
    const send = (captcha?: { id: string; text: string }) =>
      get(`${authCalls.regMsg.path}?phoneNum=${phone}${captcha ? `&imageVerificationCode=${captcha.text}` : ''}`, captcha ? { headers: { [CAPTCHA_HEADER]: captcha.id } } : {});
    for (let i = 0; i < 3; i++) {
      expectOk(await send());
      advance(61_000);
    }
    // The 4th waits 2 minutes after the 3rd (1 minute has passed), then needs the image captcha.
    expect((await send()).body).toEqual({ code: '4029', msg: '发送过于频繁，请稍后再试', data: null });
    advance(60_000);
    expect((await send()).body.code).toBe('4012');
    expectOk(await send(await newCaptcha()));
    // Then 4, 8, 16, 32 minutes, and never more than an hour: no send is refused for the rest of the day.
    for (const minutes of [4, 8, 16, 32, 60, 60, 60]) {
      advance(minutes * 60_000 - 1_000);
      expect((await send(await newCaptcha())).body.code).toBe('4029');
      advance(1_000);
      expectOk(await send(await newCaptcha()));
    }
  });

  it('lets the owner in after an attacker sent to the phone every minute, and the log-in resets the phone’s count', async () => {
    const owner = await register();
    const attacker = freshIp();
    // Ten sends a minute apart (captchas solved): the burst is slowed to 5 sends in 10 minutes.
    let sent = 0;
    for (let i = 0; i < 10; i++) {
      const captcha = await newCaptcha();
      const result = await get(`${authCalls.regMsg.path}?phoneNum=${owner.phone}&imageVerificationCode=${captcha.text}`, { ip: attacker, headers: { [CAPTCHA_HEADER]: captcha.id } });
      if (result.body.code === '0000') sent++;
      advance(60_000);
    }
    expect(sent).toBe(5);
    // The owner waits out the spacing (at most an hour, never a day), solves the captcha and logs in.
    advance(60 * 60_000);
    const captcha = await newCaptcha();
    expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${owner.phone}&imageVerificationCode=${captcha.text}`, { headers: { [CAPTCHA_HEADER]: captcha.id } }));
    expectOk(await post(authCalls.registerAndLogin.path, { phoneNum: owner.phone, smsVerificationCode: await codeOf(owner.phone) }));
    // Reset: the next code comes after the plain minute, without a captcha.
    advance(61_000);
    expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${owner.phone}`));
  });

  it('allows 20 sends per hour per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${newPhone()}`, { ip }));
    expect((await get(`${authCalls.regMsg.path}?phoneNum=${newPhone()}`, { ip })).body.code).toBe('4029');
    // Another address is not affected; the first is again after an hour.
    expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${newPhone()}`));
    advance(3600_000);
    expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${newPhone()}`, { ip }));
  });

  it('keeps the limits under concurrent sends for one phone', async () => {
    const phone = newPhone();
    const results = await Promise.all(Array.from({ length: 6 }, () => get(`${authCalls.regMsg.path}?phoneNum=${phone}`)));
    expect(results.filter((r) => r.body.code === '0000')).toHaveLength(1);
    expect(results.filter((r) => r.body.code === '4029')).toHaveLength(5);
  });

  // ---------------------------------------------------------------- captcha

  it('serves the image captcha as PNG bytes with its id in the imgcode header, and checks it', async () => {
    const { id, text, response } = await newCaptcha();
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(response.rawPayload.includes(Buffer.from(text))).toBe(false);
    expect(id.length).toBeGreaterThanOrEqual(16);
    const wrong = text === '0000' ? '1111' : '0000';
    expect((await get(`${authCalls.vrifyKaptcha.path}?signcode=${wrong}`, { headers: { [CAPTCHA_HEADER]: id } })).body.code).toBe('4013');
    expectOk(await get(`${authCalls.vrifyKaptcha.path}?signcode=${text}`, { headers: { [CAPTCHA_HEADER]: id } }));
  });

  it('requires the image captcha after 3 failed log-ins, and uses each captcha once', async () => {
    const { phone } = await register();
    expect((await passwordLogin(phone, 'Wrong123!')).body).toEqual({ code: '4001', msg: '账号或密码错误', data: null });
    expect((await passwordLogin(phone, 'Wrong123!')).body.code).toBe('4001');
    expect((await passwordLogin(phone, 'Wrong123!')).body).toEqual({ code: '4012', msg: '账号或密码错误，请输入图形验证码', data: null });
    // The right password alone is not enough now, nor for sending a code to the phone.
    expect((await passwordLogin(phone, PASSWORD)).body).toEqual({ code: '4012', msg: '请输入图形验证码', data: null });
    expect((await get(`${authCalls.regMsg.path}?phoneNum=${phone}`)).body.code).toBe('4012');
    const captcha = await newCaptcha();
    expect((await passwordLogin(phone, PASSWORD, { ...captcha, text: captcha.text === '0000' ? '1111' : '0000' })).body.code).toBe('4013');
    expectOk(await passwordLogin(phone, PASSWORD, captcha));
    // Success clears the count; the used captcha cannot be presented again.
    expect((await passwordLogin(phone, 'Wrong123!', captcha)).body.code).toBe('4001');
  });

  // ---------------------------------------------------------------- passwords

  it('refuses passwords outside the spec rule with its message', async () => {
    const phone = newPhone();
    expectOk(await sendRegister(phone));
    const code = await codeOf(phone);
    for (const bad of ['abc12345', 'Abcdefg!', '12345678!', 'Ab1!', 'Abcdefgh12345678!']) {
      const result = await post(authCalls.appRegister.path, { phoneNum: phone, passWord: bad, smsVerificationCode: code });
      expect(result.body).toEqual({ code: '4001', msg: MSG_PASSWORD, data: null });
    }
  });

  it('stores passwords as scrypt hashes with the configured cost', async () => {
    const { phone } = await register();
    const [row] = await t.database.db.select().from(users).where(eq(users.phone, phone));
    expect(row?.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    expect(parseHashCost(row?.passwordHash ?? '')).toEqual(t.config.passwordScrypt);
  });

  // ---------------------------------------------------------------- failed log-ins

  it('locks password log-in of an account after 10 failures for 30 minutes, leaving other accounts and SMS log-in alone', async () => {
    const { phone } = await register();
    const other = await register();
    for (let i = 0; i < 10; i++) {
      const captcha = i >= 3 ? await newCaptcha() : undefined;
      expect(['4001', '4012']).toContain((await passwordLogin(phone, 'Wrong123!', captcha)).body.code);
    }
    const captcha = await newCaptcha();
    expect((await passwordLogin(phone, PASSWORD, captcha)).body).toEqual({
      code: '4029',
      msg: '登录失败次数过多，请30分钟后再试或使用验证码登录',
      data: null,
    });
    expectOk(await passwordLogin(other.phone, PASSWORD));
    const viaSms = await newCaptcha();
    expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${phone}&imageVerificationCode=${viaSms.text}`, { headers: { [CAPTCHA_HEADER]: viaSms.id } }));
    expectOk(await post(authCalls.registerAndLogin.path, { phoneNum: phone, smsVerificationCode: await codeOf(phone) }));
    advance(30 * 60_000);
    expectOk(await passwordLogin(phone, PASSWORD));
  });

  // ---------------------------------------------------------------- same answers

  it('answers the same for registered and unknown phones: log-in codes, registration, reset and password log-in', async () => {
    const known = await register();
    const unknown = newPhone();
    for (const url of [authCalls.regMsg.path, authCalls.baiRegMsg.path]) {
      const a = await get(`${url}?phoneNum=${known.phone}`);
      const b = await get(`${url}?phoneNum=${unknown}`);
      expect(a.body).toEqual(b.body);
      advance(61_000);
    }
    for (const type of ['register', 'reset']) {
      // Past the 3rd send of each phone: the spacing and the captcha step apply to both alike.
      expect((await sendRegister(known.phone, type)).body).toEqual((await sendRegister(unknown, type)).body);
      advance(4 * 60_000);
      const [ca, cb] = [await newCaptcha(), await newCaptcha()];
      const send = (phone: string, c: { id: string; text: string }) =>
        get(`${authCalls.registerRegMsg.path}?phoneNum=${phone}&type=${type}&imageVerificationCode=${c.text}`, { headers: { [CAPTCHA_HEADER]: c.id } });
      const a = await send(known.phone, ca);
      const b = await send(unknown, cb);
      expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
      expect(a.body.code).toBe('0000');
    }
    // Only the owner of the phone reads why no code came.
    expect(smsOf(unknown)).toContain('尚未注册');
    const a = await passwordLogin(known.phone, 'Wrong123!');
    const b = await passwordLogin(unknown, 'Wrong123!');
    expect(a.body).toEqual(b.body);
  });

  // ---------------------------------------------------------------- phone change

  it('changes the phone only with the session and a code sent to the new phone', async () => {
    const user = await register();
    const target = newPhone();
    const taken = await register();
    const change = (code: string, token?: string) =>
      post(
        authCalls.changePhone.path,
        { newPhoneNum: target, oldPhoneNum: `${user.phone.slice(0, 3)}****${user.phone.slice(7)}`, smsVerificationCode: code, userCode: user.userCode },
        { token },
      );
    // No session: neither the send nor the change.
    expect((await sendRegister(target, 'changePhone')).body.code).toBe('406');
    expect((await change('123456')).body.code).toBe('406');
    // A code to the old phone does not move the account.
    expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${user.phone}`));
    expect((await change(await codeOf(user.phone), user.token)).body.code).toBe('4010');
    expectOk(await sendRegister(target, 'changePhone', { token: user.token }));
    const code = await codeOf(target);
    // Someone else's session cannot use it either.
    const intruder = await login(t.app);
    const foreign = await post(
      authCalls.changePhone.path,
      { newPhoneNum: target, oldPhoneNum: intruder.phone, smsVerificationCode: code, userCode: user.userCode },
      { token: intruder.token },
    );
    expect(foreign.body.code).toBe('4003');
    expect(expectOk(await change(code, user.token))).toEqual({
      phone: `${target.slice(0, 3)}****${target.slice(7)}`,
      loginAccount: `${target.slice(0, 3)}****${target.slice(7)}`,
      userName: `${target.slice(0, 3)}****${target.slice(7)}`,
    });
    expectOk(await passwordLogin(target, PASSWORD));
    expect((await passwordLogin(user.phone, PASSWORD)).body.code).toBe('4001');
    // A phone that has an account gets a notice instead of a code, and the answer is the same.
    advance(61_000);
    const toTaken = await sendRegister(taken.phone, 'changePhone', { token: user.token });
    expect(toTaken.body).toEqual({ code: '0000', msg: '验证码已发送', data: null });
    expect(smsOf(taken.phone)).toContain('已绑定其他账号');
  });
});

describe('password hashing cost', () => {
  it('is scrypt N=2^17, r=8, p=1 in every deployment, whatever the environment', () => {
    expect(PRODUCTION_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX: 'true', JWT_SECRET: 'x'.repeat(32), PAY_SANDBOX_SECRET: 'y'.repeat(32), PERSON_DATA_KEY: 'p'.repeat(32) }).passwordScrypt).toEqual(
      PRODUCTION_SCRYPT,
    );
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), PAY_SANDBOX_SECRET: 'y'.repeat(32) }).passwordScrypt).toEqual(
      PRODUCTION_SCRYPT,
    );
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX: 'true', JWT_SECRET: 'x'.repeat(32), PAY_SANDBOX_SECRET: 'y'.repeat(32), PERSON_DATA_KEY: 'p'.repeat(32) }).smsPerIpPerHour).toBe(20);
  });

  it('hashes and verifies at the production cost (128 MiB of memory: maxmem is raised)', async () => {
    const hash = await hashPassword(PASSWORD, PRODUCTION_SCRYPT);
    expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword('Abc12345?', hash)).toBe(false);
  }, 20_000);
});
