/**
 * NODE_ENV=production as the server reads it (loadConfig): sandboxes refused
 * unless ALLOW_SANDBOX=true; even then no /__dev endpoint and no demo data;
 * a sandbox's pages exist only when that sandbox is configured.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WECHAT_OAUTH_URL } from '../../src/contract/payment.ts';
import { buildApp } from '../../src/server/app.ts';
import { processPaymentKeys } from '../support/bench-support.ts';
import { loadConfig, type AppConfig } from '../../src/server/config.ts';
import type { Db, DbHandle } from '../../src/server/db/db.ts';
import { users } from '../../src/server/db/schema.ts';
import { configuredSandboxes, defaultProviderChoice, SandboxRefused } from '../../src/server/providers/registry.ts';
import { DEMO_PHONE } from '../../src/server/seed/seed-demo.ts';
import { call, login, openTestDb, submitOrder, testConfig, validApplication, XUZHOU } from './helpers.ts';
import { authCalls } from '../../src/contract/auth.ts';
import { productCalls } from '../../src/contract/product-calls.ts';
import { policyCalls } from '../../src/contract/policy.ts';
import { paymentCalls } from '../../src/contract/payment.ts';

/** The configuration a production server reads from `env` (sandbox keys prepared, so that no RSA key is generated). */
function productionConfig(env: Record<string, string> = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'edu-production-'));
  writeFileSync(join(dataDir, 'dev-payment-keys.json'), JSON.stringify(processPaymentKeys()));
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'production-jwt-secret-0123456789abcdef',
    PAY_SANDBOX_SECRET: 'production-pay-secret-0123456789abcdef',
    PERSON_DATA_KEY: 'production-person-data-key-0123456789',
    DATA_DIR: dataDir,
    DIST_DIR: resolve('tests/server/no-dist'),
    ...env,
  });
  // Cheap password hashes: this suite is not about them.
  return { ...config, passwordScrypt: { N: 2 ** 10, r: 8, p: 1 } };
}

const DEV_ENDPOINTS = [`${authCalls.devSmsLatest.path}?phoneNum=13800138000`, `${authCalls.devCaptchaLatest.path}?id=x`, productCalls.devCatalogue.path];

describe('production refuses sandbox providers unless allowed', () => {
  it('stops building the app, before it touches the database, and names every sandbox and ALLOW_SANDBOX', async () => {
    const allowed = productionConfig({ ALLOW_SANDBOX: 'true' });
    const untouchable = new Proxy({}, { get: () => { throw new Error('the database was used'); } }) as Db;
    const refused = buildApp({ db: untouchable, config: { ...allowed, allowSandbox: false }, logger: false });
    await expect(refused).rejects.toThrow(SandboxRefused);
    await expect(refused).rejects.toThrow(
      /refuses sandbox providers: SMS_PROVIDER=console; INSURER_PROVIDER=sandbox; IDENTITY_PROVIDER=sandbox; GEOCODER_PROVIDER=sandbox; WECHAT_JSSDK_PROVIDER=sandbox; ESIGN_PROVIDER=sandbox; MAIL_PROVIDER=sandbox; PAYMENT_CHANNELS sandbox:sandbox,wechat:sandbox,alipay:sandbox,jd:sandbox\. .*ALLOW_SANDBOX=true/,
    );
  });
});

describe('production on the real money path', () => {
  it('no longer names the payment channels or the insurer once they are real; names every service still a sandbox', () => {
    const real = { ...defaultProviderChoice(), insurer: 'gateway', paymentChannels: [{ channel: 'wechat', implementation: 'v3' }, { channel: 'alipay', implementation: 'openapi' }] };
    const sandboxes = configuredSandboxes(real);
    expect(sandboxes.join('; ')).not.toMatch(/PAYMENT_CHANNELS|INSURER_PROVIDER/);
    expect(sandboxes).toContain('IDENTITY_PROVIDER=sandbox');
    // With one sandbox channel left among them, the channels are named again.
    expect(configuredSandboxes({ ...real, paymentChannels: [...real.paymentChannels, { channel: 'jd', implementation: 'sandbox' }] })).toContain('PAYMENT_CHANNELS jd:sandbox');
  });
});

describe('production with ALLOW_SANDBOX=true', () => {
  let database: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await openTestDb('pglite');
    // Even asked to seed, production loads no demo data.
    app = await buildApp({ db: database.db, config: productionConfig({ ALLOW_SANDBOX: 'true' }), logger: false, seed: true, seedSchools: true });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('starts, with no /__dev endpoint', async () => {
    for (const url of DEV_ENDPOINTS) {
      const { status, body } = await call(app, { method: 'GET', url });
      expect({ url, status, code: body.code }).toEqual({ url, status: 404, code: '4004' });
    }
    const fail = await call(app, { method: 'POST', url: policyCalls.devInsurerFail.path, payload: { applicationFormCode: 'X' } });
    expect(fail.status).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/_gw/__dev/sms/latest' })).statusCode).toBe(404);
  });

  it('has no demo user', async () => {
    expect(await database.db.select().from(users).where(eq(users.phone, DEMO_PHONE))).toEqual([]);
  });

  it('serves the pages of the sandboxes it was allowed to run', async () => {
    for (const url of ['/_sandbox/pay/cashier?tradeNo=none', '/_sandbox/wechat/cashier?tradeNo=none', '/_sandbox/jd/cashier?tradeNo=none']) {
      const page = await app.inject({ method: 'GET', url });
      // The cashier page exists: it says the trade is unknown, in HTML.
      expect({ url, status: page.statusCode, type: page.headers['content-type'] }).toEqual({ url, status: 404, type: 'text/html; charset=utf-8' });
    }
  });
});

describe('sandbox pages exist only for configured sandboxes', () => {
  let database: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await openTestDb('pglite');
    const config = testConfig({ providers: { ...testConfig().providers, paymentChannels: [{ channel: 'alipay', implementation: 'sandbox' }] } });
    app = await buildApp({ db: database.db, config, logger: false, sms: { send: async () => undefined } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('mounts no cashier or OAuth page of an unconfigured channel', async () => {
    for (const url of ['/_sandbox/pay/cashier?tradeNo=none', '/_sandbox/wechat/cashier?tradeNo=none', '/_sandbox/jd/cashier?tradeNo=none', WECHAT_OAUTH_URL]) {
      const page = await app.inject({ method: 'GET', url });
      // The app's own not-found answer, not a cashier page.
      expect({ url, status: page.statusCode, type: page.headers['content-type'] }).toEqual({ url, status: 404, type: 'application/json; charset=utf-8' });
    }
    expect((await app.inject({ method: 'GET', url: '/_sandbox/alipay/cashier?tradeNo=none' })).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('refuses a pay call for an unconfigured channel with a business error, not a 500', async () => {
    const session = await login(app);
    const order = await submitOrder(app, session.token, validApplication(XUZHOU));
    const generic = await call(app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}`, token: session.token });
    expect({ status: generic.status, code: generic.body.code, msg: generic.body.msg }).toEqual({ status: 200, code: '4001', msg: '支付渠道不可用' });
    const jd = await call(app, { method: 'POST', url: paymentCalls.payOrderJd.path, token: session.token, payload: { orderCode: order.orderCode } });
    expect({ status: jd.status, code: jd.body.code }).toEqual({ status: 200, code: '4001' });
  });
});
