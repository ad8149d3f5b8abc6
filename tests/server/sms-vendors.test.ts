/**
 * SMS_PROVIDER=aliyun and tencent: the vendors' SDKs against fakes that check
 * the request signatures as the platforms document them and answer in their
 * bodies, with their refusals mapped to clear outcomes; then one contract
 * suite through the app (log-in code, reset code, reminder, refusal) run
 * against the console sandbox and both vendors.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authCalls } from '../../src/contract/auth.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { users } from '../../src/server/db/schema.ts';
import { createCallOut } from '../../src/server/providers/outbound.ts';
import { AliyunSmsProvider } from '../../src/server/providers/sms/aliyun-sms-provider.ts';
import { MSG_SMS_FAILED, SmsRefused, type SmsProvider } from '../../src/server/providers/sms/sms-provider.ts';
import { readSmsSettings, type SmsVendor } from '../../src/server/providers/sms/sms-settings.ts';
import { TencentSmsProvider } from '../../src/server/providers/sms/tencent-sms-provider.ts';
import { acs3Signature, startAliyunSmsFake, startTencentSmsFake, type SmsVendorFake } from '../fakes/sms-vendor-fakes.ts';
import { call, expectOk, makeTestApp, newPhone, testConfig, type TestApp } from './helpers.ts';

const silent = { info: () => undefined, warn: () => undefined };

describe('the Aliyun V3 signature (ACS3-HMAC-SHA256)', () => {
  it('gives the signature of Aliyun’s published example', () => {
    // 阿里云 “V3版本请求体&签名机制”: RunInstances on ecs.cn-shanghai with the documented headers and query.
    const headers = {
      host: 'ecs.cn-shanghai.aliyuncs.com',
      'x-acs-action': 'RunInstances',
      'x-acs-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-acs-date': '2023-10-26T09:01:01Z',
      'x-acs-signature-nonce': 'd410180a5abf7fe235dd9b74aca91fc0',
      'x-acs-version': '2014-05-26',
    };
    const signature = acs3Signature({
      method: 'POST',
      path: '/',
      query: { ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd', RegionId: 'cn-shanghai' },
      headers,
      signedHeaders: Object.keys(headers).sort(),
      secret: 'YourAccessKeySecret',
    });
    expect(signature).toBe('e521358f7776c97df52e6b2891a8bc73026794a071b50c3323388c4e0df64804');
  });
});

const VENDORS: Array<{ vendor: SmsVendor; start: () => Promise<SmsVendorFake>; blacklisted: string; limited: string; failed: string }> = [
  { vendor: 'aliyun', start: () => startAliyunSmsFake(), blacklisted: 'isv.BLACK_KEY_CONTROL_LIMIT', limited: 'isv.BUSINESS_LIMIT_CONTROL', failed: 'isp.SYSTEM_ERROR' },
  { vendor: 'tencent', start: () => startTencentSmsFake(), blacklisted: 'FailedOperation.PhoneNumberInBlacklist', limited: 'LimitExceeded.PhoneNumberThirtySecondLimit', failed: 'InternalError.Timeout' },
];

describe.each(VENDORS)('SMS_PROVIDER=$vendor', ({ vendor, start, blacklisted, limited, failed }) => {
  let fake: SmsVendorFake;
  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests = 0;
    fake.failNext = [];
  });

  const provider = (override: Record<string, string> = {}): SmsProvider => {
    const { settings, problems } = readSmsSettings(vendor, { ...fake.env(), ...override });
    expect(problems).toEqual([]);
    const callOut = createCallOut({ log: silent, initialDelayMs: 1 });
    return vendor === 'aliyun' ? new AliyunSmsProvider(settings!, callOut) : new TencentSmsProvider(settings!, callOut);
  };

  it('sends a template with its parameters under the registered signature, signed as the platform checks', async () => {
    const phone = newPhone();
    await provider().send(phone, 'renewalReminder', { product: '学平险', link: 'https://insure.example.com/#/s/abc' });
    expect(fake.messages.at(-1)).toMatchObject({ phone, template: 'renewalReminder', text: '【学平险】您的学平险即将到期，点击续保：https://insure.example.com/#/s/abc' });
    await provider().send(newPhone(), 'notRegistered', {});
    expect(fake.messages.at(-1)?.template).toBe('notRegistered');
  });

  it('is refused with a wrong key secret, and the refusal is not retried', async () => {
    const secret: Record<string, string> = { [vendor === 'aliyun' ? 'ALIYUN_SMS_ACCESS_KEY_SECRET' : 'TENCENT_SMS_SECRET_KEY']: 'WrongSecretWrongSecret0000000000' };
    await expect(provider(secret).send(newPhone(), 'loginCode', { code: '123456' })).rejects.toMatchObject({ name: 'SmsRefused', refusal: 'account' });
    expect(fake.requests).toBe(1);
  });

  it('maps the platform’s refusals to clear outcomes: blacklist, template, frequency', async () => {
    const phone = newPhone();
    fake.blacklist.add(phone);
    await expect(provider().send(phone, 'loginCode', { code: '123456' })).rejects.toEqual(new SmsRefused('blacklisted', blacklisted));
    const wrongTemplate = vendor === 'aliyun' ? 'loginCode=SMS_999999' : 'loginCode=9999999';
    const codes = fake.env().SMS_TEMPLATE_CODES!.replace(/loginCode=[^,]+/, wrongTemplate);
    await expect(provider({ SMS_TEMPLATE_CODES: codes }).send(newPhone(), 'loginCode', { code: '123456' })).rejects.toMatchObject({ refusal: 'template' });
    const busy = newPhone();
    await provider().send(busy, 'loginCode', { code: '123456' });
    await expect(provider().send(busy, 'loginCode', { code: '654321' })).rejects.toEqual(new SmsRefused('rateLimited', limited));
  });

  it('does not send twice when the platform fails: a failed send is transient and not retried', async () => {
    fake.failNext = [{ code: failed }];
    await expect(provider().send(newPhone(), 'loginCode', { code: '123456' })).rejects.toMatchObject({ name: 'OutboundError', retryable: true });
    fake.failNext = [{ http: 503 }];
    await expect(provider().send(newPhone(), 'loginCode', { code: '123456' })).rejects.toMatchObject({ name: 'OutboundError' });
    expect(fake.requests).toBe(2);
  });
});

/**
 * The contract every SMS provider keeps through the app, run against the
 * console provider (the sandbox, read back from the development outbox) and
 * against each real adapter through its vendor fake (read back from what the
 * fake accepted): a log-in code, a password-reset code, a renewal reminder
 * with its link and, for the real vendors, a refusal told to the user as
 * 短信发送失败，请稍后重试.
 */
interface SmsUnderTest {
  name: 'console' | SmsVendor;
  /** What the phone received last: its template, parameters and text. */
  lastTo(phone: string): { template: string; params: Record<string, string>; text: string } | undefined;
  /** Makes the vendor refuse this phone (undefined: the sandbox never refuses). */
  refuse?(phone: string): void;
  close(): Promise<void>;
}

const UNDER_TEST: Array<{ name: SmsUnderTest['name']; start: () => Promise<{ sms: Partial<TestApp['config']>; bind: (t: TestApp) => SmsUnderTest }> }> = [
  {
    name: 'console',
    start: async () => ({
      sms: { providers: { ...testConfig().providers, sms: 'console' } },
      bind: (t) => ({
        name: 'console',
        lastTo: (phone) => {
          const message = t.handles.smsOutbox!.latestMessage(phone);
          return message && { template: message.template, params: { ...message.params }, text: message.text };
        },
        close: async () => undefined,
      }),
    }),
  },
  ...VENDORS.map(({ vendor, start }) => ({
    name: vendor,
    start: async () => {
      const fake = await start();
      const { settings } = readSmsSettings(vendor, fake.env());
      return {
        sms: { providers: { ...testConfig().providers, sms: vendor }, sms: settings },
        bind: (): SmsUnderTest => ({
          name: vendor,
          lastTo: (phone) => {
            const message = [...fake.messages].reverse().find((m) => m.phone === phone);
            return message && { template: message.template, params: { ...message.params }, text: message.text };
          },
          refuse: (phone) => fake.blacklist.add(phone),
          close: () => fake.close(),
        }),
      };
    },
  })),
];

describe.each(UNDER_TEST)('the SMS contract through the app: SMS_PROVIDER=$name', ({ start }) => {
  let t: TestApp;
  let sms: SmsUnderTest;
  beforeAll(async () => {
    const started = await start();
    // sms: undefined: the configured provider, not the helpers' silent one.
    t = await makeTestApp({ config: started.sms, sms: undefined });
    sms = started.bind(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  it('texts the log-in code and logs in with it', async () => {
    const phone = newPhone();
    expect((await call(t.app, { method: 'GET', url: `${authCalls.regMsg.path}?phoneNum=${phone}` })).body).toMatchObject({ code: '0000', msg: '验证码已发送' });
    const message = sms.lastTo(phone);
    expect(message?.template).toBe('loginCode');
    const code = message!.params.code!;
    expect(code).toMatch(/^\d{6}$/);
    expect(message?.text).toBe(`【学平险】您的验证码是${code}，5分钟内有效，请勿泄露给他人。`);
    const user = expectOk(await call<{ token: string }>(t.app, { method: 'POST', url: authCalls.registerAndLogin.path, payload: { phoneNum: phone, smsVerificationCode: code } }));
    expect(user.token).toBeTruthy();
  });

  it('texts the password-reset code (register/regMsg type=reset), which resets the password through pwdfind', async () => {
    // An account made without a text: a phone is texted at most once a minute, by the app and by the vendors.
    const phone = newPhone();
    await t.database.db.insert(users).values({ userCode: `U${phone}`, phone });
    expectOk(await call(t.app, { method: 'GET', url: `${authCalls.registerRegMsg.path}?phoneNum=${phone}&type=reset` }));
    const message = sms.lastTo(phone);
    expect(message?.template).toBe('resetCode');
    const code = message!.params.code!;
    expect(message?.text).toBe(`【学平险】您正在找回密码，验证码是${code}，5分钟内有效，请勿泄露给他人。`);
    expectOk(await call(t.app, { method: 'POST', url: authCalls.pwdFind.path, payload: { phoneNum: phone, smsVerificationCode: code, newPwd: 'Reset123!', secondPwd: 'Reset123!' } }));
    const logged = expectOk(await call<{ token: string }>(t.app, { method: 'POST', url: authCalls.passwordLogin.path, payload: { loginAccount: phone, passWord: 'Reset123!' } }));
    expect(logged.token).toBeTruthy();
  });

  it('texts a renewal reminder with its link as the registered wording', async () => {
    const phone = newPhone();
    await (t.handles.smsOutbox ?? t.handles.providers.sms).send(phone, 'renewalReminder', { product: '学平险', link: 'https://insure.example.com/#/s/abc' });
    expect(sms.lastTo(phone)).toMatchObject({ template: 'renewalReminder', text: '【学平险】您的学平险即将到期，点击续保：https://insure.example.com/#/s/abc' });
  });

  it('tells a phone the vendor refuses 短信发送失败，请稍后重试, not 验证码已发送 (real vendors; the sandbox refuses none)', async () => {
    if (!sms.refuse) return;
    const phone = newPhone();
    sms.refuse(phone);
    const answer = await call(t.app, { method: 'GET', url: `${authCalls.regMsg.path}?phoneNum=${phone}` });
    expect({ code: answer.body.code, msg: answer.body.msg }).toEqual({ code: '5003', msg: MSG_SMS_FAILED });
    expect(sms.lastTo(phone)).toBeUndefined();
  });
});

describe('SMS vendor settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/edu-sms-settings-test' };

  it('stop the start naming each missing variable, and every template left without a code', () => {
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'aliyun' })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, SMS_PROVIDER: 'tencent', SMS_SIGN_NAME: '学平险', SMS_TEMPLATE_CODES: 'loginCode=1100000' });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('TENCENT_SMS_SECRET_ID must be set when SMS_PROVIDER=tencent');
      expect(problems).toContain('TENCENT_SMS_SDK_APP_ID must be set');
      expect(problems).toContain('SMS_TEMPLATE_CODES must give a template code for every message (missing resetCode');
    }
  });

  it('refuse a template code in another vendor’s form, and quote a secret by its length only', () => {
    const { problems } = readSmsSettings('aliyun', { SMS_SIGN_NAME: '学平险', SMS_TEMPLATE_CODES: 'loginCode=1100000', ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tAbc', ALIYUN_SMS_ACCESS_KEY_SECRET: 'x' });
    expect(problems).toContain('SMS_TEMPLATE_CODES must give loginCode a aliyun template code such as SMS_154950909 (got "1100000")');
    try {
      loadConfig({ ...base, SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_SECRET: 'short-secret!' });
      expect.unreachable();
    } catch (error) {
      const text = (error as ConfigError).problems.join('\n');
      expect(text).toContain('ALIYUN_SMS_ACCESS_KEY_SECRET must be');
      expect(text).toContain('(got 13 characters)');
      expect(text).not.toContain('short-secret!');
    }
  });
});
