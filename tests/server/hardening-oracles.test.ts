/**
 * No account oracle. After asking for a registration or reset code, checking
 * a guessed code (appVerification), registering (appRegister) and resetting
 * (pwdfind) answer alike for registered and unregistered phones (a notice
 * phone has no code row, which must still read "wrong", not "expired"). The
 * repeat-insurance check answers only for an insured of the caller's own
 * application, bound to its serial, and limited per user, so it cannot be
 * asked about any ID number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../src/contract/auth.ts';
import { MSG_NOT_OWN_INSURED } from '../../src/server/orders/repeat-insurance.ts';
import { MSG_SERIAL_OTHER_BODY } from '../../src/server/orders/request-hash.ts';
import { backends, call, expectOk, getSerial, login, makeTestApp, newPhone, postOrder, repeatCheck, type TestApp, validApplication, XUZHOU } from './helpers.ts';

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
    const ask = (session: { token: string }) => repeatCheck(t.app, session.token, validApplication(XUZHOU, {}, new Date(at)), { remoteAddress: `10.9.1.${ip++ % 250}` });
    for (let i = 0; i < 30; i++) expectOk(await ask(user));
    expect((await ask(user)).body).toMatchObject({ code: '4029' });
    // Another user has a budget of their own.
    expectOk(await ask(await login(t.app)));
  });

  it('answers the repeat check only for an insured of the caller’s own current application', async () => {
    const alice = await login(t.app);
    const bob = await login(t.app);
    const form = validApplication(XUZHOU, {}, new Date(at));
    const stranger = validApplication(XUZHOU, {}, new Date(at)).insureds[0]!.licenceNo;
    // A number that is not on the application sent with it.
    expect((await repeatCheck(t.app, alice.token, form, { cardId: stranger })).body).toEqual({ code: '4001', msg: MSG_NOT_OWN_INSURED, data: null });
    // Another user's serial.
    const bobSerial = await getSerial(t.app, bob.token);
    expect((await repeatCheck(t.app, alice.token, form, { serial: bobSerial })).body.code).toBe('4003');
    // One serial, one application: asking with another application under it is refused …
    const serial = await getSerial(t.app, alice.token);
    expectOk(await repeatCheck(t.app, alice.token, form, { serial }));
    const other = validApplication(XUZHOU, {}, new Date(at));
    expect((await repeatCheck(t.app, alice.token, other, { serial })).body).toEqual({ code: '4001', msg: MSG_SERIAL_OTHER_BODY, data: null });
    // … and so is ordering another application with it; the checked one orders.
    expect((await postOrder(t.app, alice.token, { serial, form: other })).body).toEqual({ code: '4001', msg: MSG_SERIAL_OTHER_BODY, data: null });
    expectOk(await postOrder(t.app, alice.token, { serial, form }));
    // An application the order would refuse is no application: the check says why, not whether.
    const invalid = validApplication(XUZHOU, { policyHolder: { ...form.policyHolder, name: '王' } }, new Date(at));
    expect((await repeatCheck(t.app, alice.token, invalid)).body).toMatchObject({ code: '4001', msg: '请输入2-20位中文名或汉字和字母任意组合!' });
  });

  it('answers a phone change send identically for a phone with an account and one without', async () => {
    const owner = await login(t.app);
    at += 61_000;
    const taken = (await login(t.app)).phone;
    at += 61_000;
    const answers = [];
    for (const phone of [taken, newPhone()]) {
      answers.push((await send('GET', `${authCalls.registerRegMsg.path}?phoneNum=${phone}&type=changePhone`, undefined, owner.token)).body);
      at += 61_000;
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ code: '0000' });
  });
});
