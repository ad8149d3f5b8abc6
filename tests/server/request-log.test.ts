import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultRequestLogSample, loadConfig } from '../../src/server/config.ts';
import { loggerOptions } from '../../src/server/http/log-options.ts';
import { makeTestApp, type TestApp } from './helpers.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url: string };
  res?: { statusCode: number };
}

/** An app whose log lines (pino JSON, level info) are captured. */
async function appWithLog(config: { requestLogSample: number; slowRequestMs: number }): Promise<{ t: TestApp; lines: Line[] }> {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const t = await makeTestApp({ logger: { ...loggerOptions('info'), stream }, config });
  t.app.get('/_gw/__test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return { code: '0000', msg: 'success', data: null };
  });
  t.app.get('/_gw/__test/boom', async () => {
    throw new Error('boom');
  });
  // A route of its own plugin scope, outside /_gw: the line is the app's, not a hook of some scope's routes.
  await t.app.register(async (scope) => {
    scope.get('/__test/scoped-boom', async () => {
      throw new Error('boom');
    });
  });
  return { t, lines };
}

const requestLines = (lines: Line[]) => lines.filter((line) => line.msg === 'request completed' || line.msg === 'slow request');
const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('request logs', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('sampled at 0: ordinary requests leave no line, server errors and slow requests always do', { timeout: 120_000 }, async () => {
    const app = await appWithLog({ requestLogSample: 0, slowRequestMs: 50 });
    t = app.t;
    for (let i = 0; i < 5; i++) await get(t, '/_gw/edu-svc/product/version/getAllValidProductCode/edu?phoneNum=13800138000');
    await get(t, '/_gw/__test/boom');
    await get(t, '/__test/scoped-boom');
    await get(t, '/_gw/__test/slow');
    const lines = requestLines(app.lines);
    // No info line; an ordinary request slowed by a busy machine would be a (right) warn line, so only levels are asserted.
    expect(lines.filter((line) => line.level < 40)).toEqual([]);
    expect(lines.filter((line) => line.req?.url === '/_gw/__test/boom').map((line) => [line.msg, line.level, line.res?.statusCode])).toEqual([
      ['request completed', 50, 500],
    ]);
    // The error handler's line and the request line carry the same request id (request.log is the request's own logger).
    const boom = lines.find((line) => line.req?.url === '/_gw/__test/boom');
    const failed = app.lines.filter((line) => line.msg === 'request failed');
    expect(boom?.reqId).toEqual(expect.any(String));
    expect(failed.map((line) => line.reqId)).toContain(boom?.reqId);
    expect(new Set(app.lines.filter((line) => line.reqId !== undefined).map((line) => line.reqId)).size).toBeGreaterThan(1);
    expect(lines.filter((line) => line.req?.url === '/__test/scoped-boom').map((line) => [line.msg, line.level, line.res?.statusCode])).toEqual([
      ['request completed', 50, 500],
    ]);
    expect(lines.filter((line) => line.req?.url === '/_gw/__test/slow').map((line) => [line.msg, line.level])).toEqual([['slow request', 40]]);
  });

  it('sampled at 1: one info line per request, its URL masked', { timeout: 120_000 }, async () => {
    const app = await appWithLog({ requestLogSample: 1, slowRequestMs: 10_000 });
    t = app.t;
    await get(t, '/_gw/edu-svc/product/version/getAllValidProductCode/edu?phoneNum=13800138000');
    await get(t, '/_gw/edu-svc/product/version/getAllValidProductCode/edu');
    const lines = requestLines(app.lines);
    expect(lines.map((line) => [line.level, line.req?.url])).toEqual([
      [30, '/_gw/edu-svc/product/version/getAllValidProductCode/edu?phoneNum=138****8000'],
      [30, '/_gw/edu-svc/product/version/getAllValidProductCode/edu'],
    ]);
    // Fastify's own "incoming request" lines are off.
    expect(app.lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('production samples one ordinary request in a hundred unless LOG_REQUEST_SAMPLE says otherwise', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PAY_SANDBOX_SECRET: 'y'.repeat(32), PERSON_DATA_KEY: 'p'.repeat(32), ALLOW_SANDBOX: 'true', DATA_DIR: '/tmp/request-log-test' };
    expect(loadConfig(production).requestLogSample).toBe(0.01);
    expect(loadConfig({ ...production, LOG_REQUEST_SAMPLE: '0.5', LOG_SLOW_MS: '200' })).toMatchObject({ requestLogSample: 0.5, slowRequestMs: 200 });
    expect(defaultRequestLogSample('development')).toBe(1);
    expect(() => loadConfig({ ...production, LOG_REQUEST_SAMPLE: '2' })).toThrow(/LOG_REQUEST_SAMPLE must be a fraction/);
  });
});
