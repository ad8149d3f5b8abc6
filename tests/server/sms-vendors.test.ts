/**
 * SMS_PROVIDER=aliyun and tencent: the vendors' SDKs against fakes that check
 * the request signatures as the platforms document them and answer in their
 * bodies, with their refusals mapped to clear outcomes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authCalls } from '../../src/contract/auth.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
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

  describe('through the log-in', () => {
    let t: TestApp;
    beforeAll(async () => {
      const { settings } = readSmsSettings(vendor, fake.env());
      // sms: undefined: the configured provider, not the helpers' silent one.
      t = await makeTestApp({ config: { providers: { ...testConfig().providers, sms: vendor }, sms: settings }, sms: undefined });
    });
    afterAll(() => t.close());

    it('texts the code through the platform and logs in with it', async () => {
      const phone = newPhone();
      expect((await call(t.app, { method: 'GET', url: `${authCalls.regMsg.path}?phoneNum=${phone}` })).body).toMatchObject({ code: '0000', msg: '验证码已发送' });
      const code = fake.latestCode(phone);
      expect(code).toMatch(/^\d{6}$/);
      expect(fake.messages.at(-1)?.text).toBe(`【学平险】您的验证码是${code}，5分钟内有效，请勿泄露给他人。`);
      const user = expectOk(await call<{ token: string }>(t.app, { method: 'POST', url: authCalls.registerAndLogin.path, payload: { phoneNum: phone, smsVerificationCode: code } }));
      expect(user.token).toBeTruthy();
    });

    it('tells a blacklisted phone 短信发送失败，请稍后重试, not 验证码已发送', async () => {
      const phone = newPhone();
      fake.blacklist.add(phone);
      const answer = await call(t.app, { method: 'GET', url: `${authCalls.regMsg.path}?phoneNum=${phone}` });
      expect({ code: answer.body.code, msg: answer.body.msg }).toEqual({ code: '5003', msg: MSG_SMS_FAILED });
    });
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
