/**
 * PAYMENT_CHANNELS=alipay:openapi: the ALIPAY_* settings are checked at
 * start; a missing or malformed one stops the server with a line naming the
 * variable and what it expects, and never quotes a key.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { SandboxRefused } from '../../src/server/providers/registry.ts';
import type { AlipaySettings } from '../../src/server/providers/payment/alipay-settings.ts';
import { startAlipayFake, type AlipayFake } from '../fakes/alipay-openapi-fake.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'edu-alipay-config-'));
const base = { PAYMENT_CHANNELS: 'alipay:openapi', PUBLIC_URL: 'https://insure.example.com' };

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('ALIPAY_* settings', () => {
  let fake: AlipayFake;
  beforeAll(async () => {
    fake = await startAlipayFake();
  });
  afterAll(() => fake.close());

  it('are read when valid: PKCS#1 key converted, public-key mode, the fake gateway, the seller', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ...base, ...fake.env() });
    const settings = config.paymentSettings?.alipay as AlipaySettings;
    expect(settings).toMatchObject({ appId: fake.appId, gateway: fake.gateway, sellerId: fake.sellerId, keys: { mode: 'public-key' } });
    expect(settings.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(config.providers.paymentChannels).toContainEqual({ channel: 'alipay', implementation: 'openapi' });
  });

  it('accept the bare base64 private key of the key tool and default the gateway to Alipay\u2019s', () => {
    const dir = dataDir();
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const file = join(dir, 'key.txt');
    writeFileSync(file, key);
    const { ALIPAY_GATEWAY: _gateway, ...env } = fake.env();
    const settings = loadConfig({ DATA_DIR: dir, ...base, ...env, ALIPAY_PRIVATE_KEY_FILE: file }).paymentSettings?.alipay as AlipaySettings;
    expect(settings.gateway).toBe('https://openapi.alipay.com/gateway.do');
  });

  it('name each missing variable and what it expects', () => {
    expect(problemsOf(base)).toEqual([
      'ALIPAY_APP_ID must be the 16-digit APPID of the application on the Alipay open platform (got nothing)',
      'ALIPAY_PRIVATE_KEY_FILE must be the path of the application private key (PEM PKCS#1 or PKCS#8, or the bare base64 the key tool writes) (got nothing)',
      'ALIPAY_PUBLIC_KEY_FILE must be the path of the Alipay public key (PEM or bare base64), for public-key mode (got nothing)',
    ]);
    expect(problemsOf({ ...fake.env(), PAYMENT_CHANNELS: 'alipay:openapi' })).toEqual([expect.stringMatching(/^PUBLIC_URL must be set with PAYMENT_CHANNELS alipay:openapi/)]);
  });

  it('refuse malformed values without quoting a key', () => {
    const dir = dataDir();
    const secretText = readFileSync(fake.env().ALIPAY_PRIVATE_KEY_FILE!, 'utf8').slice(40, 120);
    const broken = join(dir, 'broken.pem');
    writeFileSync(broken, `-----BEGIN RSA PRIVATE KEY-----\n${secretText}\n-----END RSA PRIVATE KEY-----\n`);
    const problems = problemsOf({
      ...base,
      ...fake.env(),
      ALIPAY_APP_ID: '2021-42',
      ALIPAY_PRIVATE_KEY_FILE: broken,
      ALIPAY_PUBLIC_KEY_FILE: join(dir, 'missing.pem'),
      ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do',
      ALIPAY_SELLER_ID: '12345',
    });
    expect(problems).toEqual([
      'ALIPAY_APP_ID must be the 16-digit APPID of the application on the Alipay open platform (got "2021-42")',
      `ALIPAY_PRIVATE_KEY_FILE must be the path of the application private key (PEM PKCS#1 or PKCS#8, or the bare base64 the key tool writes) (${JSON.stringify(broken)} holds no readable private key)`,
      `ALIPAY_PUBLIC_KEY_FILE must be the path of the Alipay public key (PEM or bare base64), for public-key mode (${JSON.stringify(join(dir, 'missing.pem'))}: ENOENT)`,
      'ALIPAY_GATEWAY must be an https:// gateway URL (default https://openapi.alipay.com/gateway.do; http:// only for a loopback address) (got "http://openapi.alipay.com/gateway.do")',
      'ALIPAY_SELLER_ID must be the 16-digit merchant PID starting with 2088 (got "12345")',
    ]);
    expect(problems.join('\n')).not.toContain(secretText.slice(0, 20));
  });

  it('refuse both key modes at once, and a certificate mode missing a file', () => {
    const env: Record<string, string> = { ...base, ...fake.env() };
    expect(problemsOf({ ...env, ALIPAY_APP_CERT_FILE: env.ALIPAY_PUBLIC_KEY_FILE })).toEqual([
      'ALIPAY_PUBLIC_KEY_FILE and the ALIPAY_*_CERT_FILE variables must not be set together (public-key mode or certificate mode, not both)',
    ]);
    const { ALIPAY_PUBLIC_KEY_FILE: _key, ...certEnv } = env;
    expect(problemsOf({ ...certEnv, ALIPAY_APP_CERT_FILE: _key })).toEqual([
      expect.stringMatching(/^ALIPAY_APP_CERT_FILE must be .* holds no readable PEM certificate\)$/),
      'ALIPAY_ROOT_CERT_FILE must be the path of the Alipay root certificate (alipayRootCert.crt), for certificate mode (got nothing)',
      'ALIPAY_PUBLIC_CERT_FILE must be the path of the Alipay public-key certificate (alipayCertPublicKey_RSA2.crt), for certificate mode (got nothing)',
    ]);
  });

  it('count as a real channel: production does not name alipay among its sandboxes', () => {
    const env = { DATA_DIR: dataDir(), NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(40), PAY_SANDBOX_SECRET: 'b'.repeat(40), PERSON_DATA_KEY: 'p'.repeat(40), ...base, ...fake.env() };
    let refusal: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      refusal = error;
    }
    // The other services are still sandboxes; the payment channel is not one of them.
    expect(refusal).toBeInstanceOf(SandboxRefused);
    expect((refusal as SandboxRefused).sandboxes.join(';')).not.toContain('PAYMENT_CHANNELS');
    expect(() => loadConfig({ ...env, PAYMENT_CHANNELS: 'alipay' })).toThrow('PAYMENT_CHANNELS alipay:sandbox');
  });
});
