/**
 * Issue 16 §3: no account oracle. After asking for a registration or reset
 * code, checking a guessed code (appVerification), registering (appRegister)
 * and resetting (pwdfind) answered differently for registered and
 * unregistered phones (a notice phone had no code row: "expired" instead of
 * "wrong"). And the repeat-insurance check answered any ID number without a limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../src/contract/auth.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { backends, call, expectOk, login, makeTestApp, newPhone, type TestApp, XUZHOU } from './helpers.ts';

describe.each(backends)('no oracles (%s)', (backend) => {
  let t: TestApp;
  let ip = 1;
  let at = Date.parse('2025-09-01T02:00:00Z');
  beforeAll(async () => void (t = await makeTestApp({ backend, now: () => new Date(at) })), 120_000);
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
    call(t.app, { method, url, ...(payload ? { payload } : {}), remoteAddress: `10.9.0.${ip++ % 250}`, token });
  /** What an attacker sees for a phone: every answer of the sequence, in order. */
  async function probe(phone: string, type: 'register' | 'reset') {
    const answers = [];
    answers.push((await send('GET', `${authCalls.registerRegMsg.path}?phoneNum=${phone}&type=${type}`)).body);
    answers.push((await send('GET', `${authCalls.appVerification.path}?phoneNum=${phone}&smsVerificationCode=000000&type=${type}`)).body);
    if (type === 'register') {
      answers.push((await send('POST', authCalls.appRegister.path, { phoneNum: phone, passWord: 'Secret123!', smsVerificationCode: '000001' })).body);
    } else {
      answers.push((await send('POST', authCalls.pwdFind.path, { phoneNum: phone, smsVerificationCode: '000001', newPwd: 'New12345!', secondPwd: 'New12345!' })).body);
    }
    return answers;
  }

  for (const type of ['register', 'reset'] as const) {
    it(`answers a ${type} sequence identically for registered and unregistered phones`, async () => {
      const registered = (await login(t.app)).phone;
      // Past the log-in code's resend interval.
      at += 61_000;
      const registeredAnswers = await probe(registered, type);
      const freshAnswers = await probe(newPhone(), type);
      expect(registeredAnswers).toEqual(freshAnswers);
      // And the wrong code really was checked as a code (not "expired"), for both.
      expect(freshAnswers[1]).toMatchObject({ code: '4010' });
      expect(freshAnswers[1]?.msg).toMatch(/^验证码错误/);
    });
  }

  it('limits the repeat-insurance check per user', async () => {
    const user = await login(t.app);
    const ask = (cardId: string) => send('POST', orderCalls.repeatInsurance.path, { cardId, cardType: '0', productCode: XUZHOU }, user.token);
    for (let i = 0; i < 30; i++) expectOk(await ask(`11010120100101${String(1000 + i)}`));
    expect((await ask('110101201001012345')).body).toMatchObject({ code: '4029' });
    // Another user has a budget of their own.
    expectOk(await send('POST', orderCalls.repeatInsurance.path, { cardId: '110101201001012345', cardType: '0', productCode: XUZHOU }, (await login(t.app)).token));
  });
});
