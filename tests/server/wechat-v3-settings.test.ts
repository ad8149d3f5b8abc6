/**
 * The WECHATPAY_* checks at start: a usable environment gives the settings
 * (public-key or certificate mode); a missing or malformed variable is one
 * line naming it, and a secret is never quoted back.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { readWechatPaySettings } from '../../src/server/providers/payment/wechat-v3-settings.ts';
import { startWechatPayFake, type WechatPayFake } from '../fakes/wechat-pay-v3-fake.ts';

const MP = { WECHAT_MP_APPID: 'wxfa4efa4efa4efa4e', WECHAT_MP_SECRET: 'fa4efa4efa4efa4efa4efa4efa4efa4e' };

describe('WECHATPAY_* settings', () => {
  let fake: WechatPayFake;
  beforeAll(async () => {
    fake = await startWechatPayFake();
  });
  afterAll(async () => fake?.close());

  it('reads public-key mode, and certificate mode when no WeChat Pay public key is named', () => {
    const { settings, problems } = readWechatPaySettings({ ...fake.env(), ...MP });
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({ mchId: fake.mchId, appId: MP.WECHAT_MP_APPID, verification: { mode: 'public-key' }, base: fake.origin, timeoutMs: 5000 });
    const { WECHATPAY_PUBLIC_KEY_FILE: _file, WECHATPAY_PUBLIC_KEY_ID: _id, ...certificateEnv } = fake.env();
    expect(readWechatPaySettings({ ...certificateEnv, ...MP }).settings?.verification).toEqual({ mode: 'certificate' });
  });

  it('names each missing or malformed variable, the API v3 key by its length only', () => {
    const secret = 'short-secret-api-v3-key';
    const { problems } = readWechatPaySettings({
      ...fake.env(),
      WECHATPAY_MCHID: 'abc',
      WECHATPAY_API_V3_KEY_FILE: '',
      WECHATPAY_API_V3_KEY: secret,
      WECHATPAY_PUBLIC_KEY_ID: 'KEY1',
      WECHATPAY_PRIVATE_KEY_FILE: '/nonexistent/apiclient_key.pem',
      WECHATPAY_BASE: 'http://api.mch.weixin.qq.com',
      WECHATPAY_TIMEOUT_MS: '10',
    });
    const joined = problems.join('\n');
    for (const name of ['WECHATPAY_MCHID', 'WECHATPAY_API_V3_KEY', 'WECHATPAY_PUBLIC_KEY_ID', 'WECHATPAY_PRIVATE_KEY_FILE', 'WECHATPAY_BASE', 'WECHATPAY_TIMEOUT_MS', 'WECHAT_MP_SECRET']) {
      expect(joined).toContain(name);
    }
    expect(joined).toContain('got 23 bytes');
    expect(joined).not.toContain(secret);
  });

  it('refuses a file that holds no key without quoting it', () => {
    const file = `${fake.env().WECHATPAY_PRIVATE_KEY_FILE}.broken`;
    writeFileSync(file, 'MIIsecretish-not-a-key');
    const { problems } = readWechatPaySettings({ ...fake.env(), ...MP, WECHATPAY_PRIVATE_KEY_FILE: file });
    expect(problems).toEqual([`WECHATPAY_PRIVATE_KEY_FILE must be the path of the merchant API private key apiclient_key.pem (RSA, PEM) (${JSON.stringify(file)} holds no readable private key)`]);
  });

  it('stops the server at start with PAYMENT_CHANNELS wechat:v3 and a missing variable, naming it (and PUBLIC_URL)', () => {
    const { WECHATPAY_MCHID: _mchid, ...env } = fake.env();
    expect(() => loadConfig({ ...env, ...MP, PAYMENT_CHANNELS: 'sandbox,wechat:v3' })).toThrow(/WECHATPAY_MCHID must be[\s\S]*PUBLIC_URL must be set with PAYMENT_CHANNELS wechat:v3/);
    const config = loadConfig({ ...fake.env(), ...MP, PAYMENT_CHANNELS: 'sandbox,wechat:v3', PUBLIC_URL: 'https://insure.example.com' });
    expect((config.paymentSettings?.wechat as { mchId?: string } | undefined)?.mchId).toBe(fake.mchId);
  });
});
