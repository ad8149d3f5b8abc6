/**
 * Client addresses behind a reverse proxy: every request comes from the
 * proxy's address, so without TRUST_PROXY all users would share one
 * per-address SMS quota. With TRUST_PROXY the client address comes from
 * X-Forwarded-For — and only then.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../src/contract/auth.ts';
import { loadConfig, parseTrustProxy } from '../../src/server/config.ts';
import { makeTestApp, newPhone, type TestApp } from './helpers.ts';

describe('TRUST_PROXY', () => {
  const apps: TestApp[] = [];
  afterAll(async () => Promise.all(apps.map((a) => a.close())));

  /** Three users behind one proxy each ask for a code; the per-address limit is 2 an hour. */
  async function sendsBehindProxy(trustProxy: string | undefined) {
    const t = await makeTestApp({ config: { smsPerIpPerHour: 2, ...(trustProxy ? { trustProxy: parseTrustProxy(trustProxy) } : {}) } });
    apps.push(t);
    const codes = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/_gw${authCalls.regMsg.path}?phoneNum=${newPhone()}`,
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': client },
      });
      codes.push(response.json<{ code: string }>().code);
    }
    return codes;
  }

  it('without it, the header is ignored: one address, one quota (a client cannot forge its address)', async () => {
    expect(await sendsBehindProxy(undefined)).toEqual(['0000', '0000', '4029']);
  });

  it('with it, each client behind the proxy has its own quota', async () => {
    expect(await sendsBehindProxy('10.0.0.0/8')).toEqual(['0000', '0000', '0000']);
    expect(await sendsBehindProxy('1')).toEqual(['0000', '0000', '0000']);
  });

  it('is read from the environment and refuses nonsense', () => {
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true', DATA_DIR: '/tmp/edu-trust' } as NodeJS.ProcessEnv).trustProxy).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/edu-trust' } as NodeJS.ProcessEnv).trustProxy).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'yes please', DATA_DIR: '/tmp/edu-trust' } as NodeJS.ProcessEnv)).toThrow(/TRUST_PROXY/);
  });
});
