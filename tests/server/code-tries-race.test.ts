/**
 * Code tries are counted atomically: eight concurrent guesses at one SMS
 * code, one image captcha or one account's password check at most the
 * configured number of tries, and the right answer sent as the eighth
 * concurrent request never gets in (30 trials each), on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_HEADER } from '../../src/contract/accounts.ts';
import { authCalls } from '../../src/contract/auth.ts';
import { CAPTCHA_AFTER_FAILURES } from '../../src/server/auth/limits.ts';
import { CAPTCHA_MAX_ATTEMPTS } from '../../src/server/auth/captcha.ts';
import { SMS_MAX_ATTEMPTS } from '../../src/server/auth/sms-codes.ts';
import { backends, call, expectOk, newPhone, type TestApp, makeTestApp } from './helpers.ts';

const TRIALS = 30;
const GUESSES = 8;
const PASSWORD = 'Abc12345!';

describe.each(backends)('code tries under concurrency (%s)', (backend) => {
  let t: TestApp;
  let now = new Date('2025-09-01T02:00:00Z');
  let ipCounter = 1;
  const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  beforeAll(async () => {
    t = await makeTestApp({ backend, now: () => now });
  });
  afterAll(() => t.close());

  const get = <T = unknown>(url: string, headers: Record<string, string> = {}) => call<T>(t.app, { method: 'GET', url, remoteAddress: freshIp(), headers });
  const post = <T = unknown>(url: string, payload: object, headers: Record<string, string> = {}) =>
    call<T>(t.app, { method: 'POST', url, payload, remoteAddress: freshIp(), headers });
  const codeOf = async (phone: string) => expectOk(await get<{ code: string }>(`${authCalls.devSmsLatest.path}?phoneNum=${phone}`)).code;
  /** Seven wrong answers and the right one last, all sent before any answer. */
  const guesses = (right: string, wrong: (i: number) => string) => [...Array.from({ length: GUESSES - 1 }, (_, i) => wrong(i)), right];

  it(`checks at most ${SMS_MAX_ATTEMPTS} of ${GUESSES} concurrent guesses at one SMS code; the right code sent eighth never logs in`, async () => {
    let logIns = 0;
    let mostChecked = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const phone = newPhone();
      expectOk(await get(`${authCalls.regMsg.path}?phoneNum=${phone}`));
      const code = await codeOf(phone);
      const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(
        guesses(code, wrong).map((smsVerificationCode) => post(authCalls.registerAndLogin.path, { phoneNum: phone, smsVerificationCode })),
      );
      logIns += answers.filter((a) => a.body.code === '0000').length;
      // A checked guess is answered as right, wrong (还可尝试 n 次) or burning the code; the others find it spent.
      const checked = answers.filter((a) => a.body.code === '0000' || /还可尝试|错误次数过多/.test(a.body.msg)).length;
      mostChecked = Math.max(mostChecked, checked);
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    }
    console.info(`[${backend}] SMS code: ${logIns} log-ins in ${TRIALS} trials, at most ${mostChecked} guesses checked`);
    expect(logIns).toBe(0);
    expect(mostChecked).toBeGreaterThan(0);
    expect(mostChecked).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
  });

  it(`counts at most ${CAPTCHA_MAX_ATTEMPTS} of ${GUESSES} concurrent answers to one image captcha; the right answer sent eighth never passes`, async () => {
    let passes = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const image = await t.app.inject({ method: 'GET', url: `/_gw${authCalls.captcha.path}?time=${trial}` });
      const id = String(image.headers[CAPTCHA_HEADER]);
      const text = expectOk(await get<{ text: string }>(`${authCalls.devCaptchaLatest.path}?id=${encodeURIComponent(id)}`)).text;
      const answers = await Promise.all(
        guesses(text, (i) => `zz${i}`).map((signcode) => get(`${authCalls.vrifyKaptcha.path}?signcode=${encodeURIComponent(signcode)}`, { [CAPTCHA_HEADER]: id })),
      );
      passes += answers.filter((a) => a.body.code === '0000').length;
    }
    console.info(`[${backend}] image captcha: ${passes} passes in ${TRIALS} trials`);
    expect(passes).toBe(0);
  });

  it(`checks at most ${CAPTCHA_AFTER_FAILURES} of ${GUESSES} concurrent password guesses without a captcha; the right password sent eighth never logs in`, async () => {
    let logIns = 0;
    let mostChecked = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const phone = newPhone();
      expectOk(await get(`${authCalls.registerRegMsg.path}?phoneNum=${phone}&type=register`));
      expectOk(await post(authCalls.appRegister.path, { phoneNum: phone, passWord: PASSWORD, smsVerificationCode: await codeOf(phone), userSourceType: 22, channelNo: 'edu' }));
      const answers = await Promise.all(guesses(PASSWORD, (i) => `Wrong${i}xyz!`).map((passWord) => post(authCalls.passwordLogin.path, { loginAccount: phone, passWord })));
      logIns += answers.filter((a) => a.body.code === '0000').length;
      // A checked password is answered as right or 账号或密码错误; the others are asked for the image captcha first.
      const checked = answers.filter((a) => a.body.code === '0000' || a.body.msg.startsWith('账号或密码错误')).length;
      mostChecked = Math.max(mostChecked, checked);
      now = new Date(now.getTime() + 61_000);
    }
    console.info(`[${backend}] password: ${logIns} log-ins in ${TRIALS} trials, at most ${mostChecked} guesses checked`);
    expect(logIns).toBe(0);
    expect(mostChecked).toBeGreaterThan(0);
    expect(mostChecked).toBeLessThanOrEqual(CAPTCHA_AFTER_FAILURES);
  });
});
