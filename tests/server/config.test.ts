import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, databaseOptions, loadConfig, loadStartConfig } from '../../src/server/config.ts';
import { SandboxRefused } from '../../src/server/providers/registry.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'edu-config-'));
const secrets = { JWT_SECRET: 'a'.repeat(40), PAY_SANDBOX_SECRET: 'b'.repeat(40), PERSON_DATA_KEY: 'p'.repeat(40) };
/** Production as this build can run it: real secrets, sandboxes allowed. */
const production = { ...secrets, NODE_ENV: 'production', ALLOW_SANDBOX: 'true' };

/** The problems loadConfig reports for `env` (fails the test when it starts). */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('configuration from the environment', () => {
  it('defaults to port 8080 on all interfaces, PGlite in DATA_DIR, every sandbox provider and development helpers on', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, dataDir: dir, nodeEnv: 'development', devEndpoints: true, seed: true });
    expect(config.providers).toEqual({
      sms: 'console',
      insurer: 'sandbox',
      identity: 'sandbox',
      geocoder: 'sandbox',
      wechat: 'sandbox',
      esign: 'sandbox',
      storage: 'database',
      mail: 'sandbox',
      paymentChannels: ['sandbox', 'wechat', 'alipay', 'jd'].map((channel) => ({ channel, implementation: 'sandbox' })),
    });
    expect(config.allowSandbox).toBe(false);
  });

  it('generates development secrets and sandbox keys once and keeps them across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.paySandboxSecret).toBe(first.paySandboxSecret);
    expect(first.paySandboxSecret).not.toBe(first.jwtSecret);
    expect(JSON.parse(readFileSync(join(dir, 'dev-secrets.json'), 'utf8'))).toEqual({ jwtSecret: first.jwtSecret, paySandboxSecret: first.paySandboxSecret });
    expect(Object.keys(first.paymentKeys).sort()).toEqual(['alipay', 'jd', 'wechat']);
    expect(second.paymentKeys).toEqual(first.paymentKeys);
  }, 60_000);

  it('at the server start, generates the sandbox keys off the event loop into the same file, once', async () => {
    const dir = dataDir();
    const start = loadStartConfig({ DATA_DIR: dir });
    expect(start.settings.dataDir).toBe(dir);
    // The keys are not ready when loadStartConfig returns: the caller opens its database meanwhile.
    let ready = false;
    const keys = await start.paymentKeys.then((value) => ((ready = true), value));
    expect(ready).toBe(true);
    expect(Object.keys(keys).sort()).toEqual(['alipay', 'jd', 'wechat']);
    expect(JSON.parse(readFileSync(join(dir, 'dev-payment-keys.json'), 'utf8'))).toEqual(keys);
    expect(loadConfig({ DATA_DIR: dir }).paymentKeys).toEqual(keys);
    expect(await loadStartConfig({ DATA_DIR: dir }).paymentKeys).toEqual(keys);
  }, 60_000);

  it('prefers secrets and settings from the environment; an empty variable counts as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '9000',
      ...secrets,
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_URL: 'https://insure.example.com/',
      LOG_LEVEL: 'warn',
      LIFECYCLE_INTERVAL_MS: '0',
      HOST: '',
      PAYMENT_CHANNELS: 'alipay',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      jwtSecret: 'a'.repeat(40),
      paySandboxSecret: 'b'.repeat(40),
      databaseUrl: 'postgres://u@h/db',
      publicUrl: 'https://insure.example.com',
      logLevel: 'warn',
      lifecycleIntervalMs: 0,
    });
    expect(config.providers.paymentChannels).toEqual([{ channel: 'alipay', implementation: 'sandbox' }]);
  });

  it('opens PostgreSQL with a pool of DATABASE_POOL_SIZE connections, 10 when unset', () => {
    const url = 'postgres://app@db.internal:5432/insure';
    expect(databaseOptions(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url }))).toMatchObject({ databaseUrl: url, poolSize: 10 });
    expect(databaseOptions(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url, DATABASE_POOL_SIZE: '4' }))).toMatchObject({ databaseUrl: url, poolSize: 4 });
    expect(problemsOf({ DATABASE_POOL_SIZE: '0' })).toEqual(['DATABASE_POOL_SIZE must be an integer from 1 to 1000 (got "0")']);
    expect(problemsOf({ DATABASE_POOL_SIZE: 'four' })).toEqual(['DATABASE_POOL_SIZE must be an integer from 1 to 1000 (got "four")']);
  });

  it('turns development endpoints and the demo data off in production, and the demo data off in tests', () => {
    expect(loadConfig(production)).toMatchObject({ devEndpoints: false, seed: false, allowSandbox: true, nodeEnv: 'production' });
    expect(loadConfig({ ...secrets, NODE_ENV: 'test' })).toMatchObject({ devEndpoints: true, seed: false });
  });
});

describe('a bad variable stops the start with its name and what it accepts', () => {
  it('names a malformed or out-of-range port', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT must be an integer from 0 (any free port) to 65535 (got "abc")']);
    expect(problemsOf({ PORT: '-1' })).toEqual(['PORT must be an integer from 0 (any free port) to 65535 (got "-1")']);
    expect(problemsOf({ PORT: '8080.5' })).toEqual(['PORT must be an integer from 0 (any free port) to 65535 (got "8080.5")']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: '70000' })).toThrow(/^Invalid configuration:\n {2}PORT must be an integer from 0 \(any free port\) to 65535 \(got "70000"\)$/);
  });

  it('lists every bad variable at once, each with its accepted values', () => {
    expect(problemsOf({ NODE_ENV: 'prod', LOG_LEVEL: 'loud', SMS_PER_IP_PER_HOUR: '-1', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'insure.example.com' })).toEqual([
      'NODE_ENV must be one of development, test, production (got "prod")',
      'DATABASE_URL must be a postgres://user@host:5432/db URL or memory:// (got "mysql://x")',
      'PUBLIC_URL must be an http:// or https:// address such as https://insure.example.com (got "insure.example.com")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'SMS_PER_IP_PER_HOUR must be an integer from 1 to 1000000 (got "-1")',
    ]);
  });

  it('accepts only the registry’s implementations for each provider', () => {
    expect(problemsOf({ SMS_PROVIDER: 'netease' })).toEqual(['SMS_PROVIDER must be one of console, aliyun, tencent (got "netease")']);
    expect(problemsOf({ INSURER_PROVIDER: 'picc' })).toEqual(['INSURER_PROVIDER must be one of sandbox, gateway (got "picc")']);
    expect(problemsOf({ ALLOW_SANDBOX: 'yes' })).toEqual(['ALLOW_SANDBOX must be one of true, false (got "yes")']);
  });

  it('checks PAYMENT_CHANNELS against the channel list', () => {
    const [unknown] = problemsOf({ PAYMENT_CHANNELS: 'wechat,paypal' });
    expect(unknown).toMatch(/^PAYMENT_CHANNELS must be a comma-separated list of channel or channel:implementation from sandbox:sandbox, wechat:sandbox, wechat:v3, alipay:sandbox, alipay:openapi, jd:sandbox; "paypal" is not one$/);
    expect(problemsOf({ PAYMENT_CHANNELS: 'wechat:live' })[0]).toMatch(/"wechat:live" is not one$/);
    expect(problemsOf({ PAYMENT_CHANNELS: 'jd,jd:sandbox' })[0]).toMatch(/each channel once; "jd" is listed twice$/);
    expect(loadConfig({ DATA_DIR: dataDir(), PAYMENT_CHANNELS: 'wechat:sandbox, jd' }).providers.paymentChannels.map((c) => c.channel)).toEqual(['wechat', 'jd']);
  });

  it('refuses INSURER_PROVIDER=gateway without its URL, key id and secret, naming each; never quoting the secret', () => {
    expect(problemsOf({ INSURER_PROVIDER: 'gateway' })).toEqual([
      expect.stringMatching(/^INSURER_GATEWAY_URL must be the https:\/\/ base URL of the insurer gateway.*\(got nothing\)$/),
      expect.stringMatching(/^INSURER_GATEWAY_KEY_ID must be the key id .*\(got nothing\)$/),
      expect.stringMatching(/^INSURER_GATEWAY_SECRET_FILE must be the path of a file holding the shared HMAC secret .*\(got nothing, nor INSURER_GATEWAY_SECRET\)$/),
    ]);
    const secret = 'too-short-secret';
    const problems = problemsOf({ INSURER_PROVIDER: 'gateway', INSURER_GATEWAY_URL: 'http://insurer.example', INSURER_GATEWAY_KEY_ID: 'edu-1', INSURER_GATEWAY_SECRET: secret });
    expect(problems).toEqual([expect.stringMatching(/^INSURER_GATEWAY_URL must be .*\(got "http:\/\/insurer.example"\)$/), expect.stringMatching(/^INSURER_GATEWAY_SECRET must be .*\(got 16 bytes\)$/)]);
    expect(problems.join('\n')).not.toContain(secret);
    const config = loadConfig({ DATA_DIR: dataDir(), INSURER_PROVIDER: 'gateway', INSURER_GATEWAY_URL: 'https://gw.insurer.example/edu/v1/', INSURER_GATEWAY_KEY_ID: 'edu-1', INSURER_GATEWAY_SECRET: 's'.repeat(32) });
    expect(config.providers.insurer).toBe('gateway');
    expect(config.insurerGateway).toEqual({ baseUrl: 'https://gw.insurer.example/edu/v1', keyId: 'edu-1', secret: 's'.repeat(32), timeoutMs: 10_000 });
  });

  it('ESIGN_PROVIDER=tencent needs the 电子签 keys, the 经办人 and the callback key, each named, secrets quoted by their length', () => {
    expect(problemsOf({ ESIGN_PROVIDER: 'tencent' })).toEqual([
      'TENCENT_ESS_SECRET_ID must be set when ESIGN_PROVIDER=tencent (got nothing)',
      'TENCENT_ESS_SECRET_KEY must be set when ESIGN_PROVIDER=tencent (got nothing)',
      'TENCENT_ESS_OPERATOR_ID must be set when ESIGN_PROVIDER=tencent (got nothing)',
      'TENCENT_ESS_CALLBACK_KEY must be set when ESIGN_PROVIDER=tencent (got nothing)',
    ]);
    const keys = { ESIGN_PROVIDER: 'tencent', TENCENT_ESS_SECRET_ID: 'AKID'.padEnd(36, 'x'), TENCENT_ESS_SECRET_KEY: 'k'.repeat(32), TENCENT_ESS_OPERATOR_ID: 'yDRCLUUgygq2xun5UuO4zjEwg0vjoimj' };
    const problems = problemsOf({ ...keys, TENCENT_ESS_CALLBACK_KEY: 'short-key', TENCENT_ESS_ENDPOINT: 'ess.tencentcloudapi.com' });
    expect(problems).toEqual([
      expect.stringMatching(/^TENCENT_ESS_CALLBACK_KEY must be the 回调加密 key .*\(got 9 characters\)$/),
      expect.stringMatching(/^TENCENT_ESS_ENDPOINT must be an http:\/\/ or https:\/\/ origin .*\(got "ess.tencentcloudapi.com"\)$/),
    ]);
    const config = loadConfig({ DATA_DIR: dataDir(), ...keys, TENCENT_ESS_CALLBACK_KEY: 'c'.repeat(32) });
    expect(config.providers.esign).toBe('tencent');
    expect(config.tencentEss).toEqual({
      secretId: keys.TENCENT_ESS_SECRET_ID,
      secretKey: keys.TENCENT_ESS_SECRET_KEY,
      operatorId: keys.TENCENT_ESS_OPERATOR_ID,
      callbackKey: 'c'.repeat(32),
      endpoint: 'https://ess.tencentcloudapi.com',
      fileEndpoint: 'https://file.ess.tencent.cn',
      region: 'ap-guangzhou',
    });
    // A real provider: production takes it without ALLOW_SANDBOX for this kind.
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...secrets, NODE_ENV: 'production', ...keys, TENCENT_ESS_CALLBACK_KEY: 'c'.repeat(32) })).toThrow(/NODE_ENV=production refuses sandbox providers: (?!.*ESIGN_PROVIDER)/);
  });

  it('never prints a secret, only its length', () => {
    const problems = problemsOf({ JWT_SECRET: 'short-secret' });
    expect(problems).toEqual(['JWT_SECRET must be a secret of at least 16 characters (32 in production) (got 12 characters)']);
  });
});

describe('production', () => {
  it('refuses to start without JWT_SECRET, PAY_SANDBOX_SECRET and PERSON_DATA_KEY of at least 32 characters', () => {
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_SANDBOX: 'true' })).toEqual([
      'JWT_SECRET must be set to a secret of at least 32 characters in production (got nothing)',
      'PAY_SANDBOX_SECRET must be set to a secret of at least 32 characters in production (got nothing)',
      'PERSON_DATA_KEY must be set to a secret of at least 32 characters in production (got nothing)',
    ]);
    const short = problemsOf({ ...production, JWT_SECRET: 'j'.repeat(20) });
    expect(short).toEqual(['JWT_SECRET must be set to a secret of at least 32 characters in production (got 20 characters)']);
    expect(short.join()).not.toContain('j'.repeat(20));
  });

  it('refuses sandbox providers unless ALLOW_SANDBOX=true, naming each and how to allow them', () => {
    let refused: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...secrets, NODE_ENV: 'production', PAYMENT_CHANNELS: 'wechat,jd' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(SandboxRefused);
    expect((refused as SandboxRefused).sandboxes).toEqual([
      'SMS_PROVIDER=console',
      'INSURER_PROVIDER=sandbox',
      'IDENTITY_PROVIDER=sandbox',
      'GEOCODER_PROVIDER=sandbox',
      'WECHAT_JSSDK_PROVIDER=sandbox',
      'ESIGN_PROVIDER=sandbox',
      'MAIL_PROVIDER=sandbox',
      'PAYMENT_CHANNELS wechat:sandbox,jd:sandbox',
    ]);
    expect((refused as Error).message).toContain('set ALLOW_SANDBOX=true');
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...secrets, NODE_ENV: 'production', ALLOW_SANDBOX: 'false' })).toThrow(SandboxRefused);
    expect(loadConfig({ DATA_DIR: dataDir(), ...production }).allowSandbox).toBe(true);
  });

  it('keeps sandboxes allowed in development and test without ALLOW_SANDBOX', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' })).not.toThrow();
  });
});
