import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/contract/paths.ts';
import { loggerOptions, maskPersonalData } from '../../src/server/http/log-options.ts';
import { call, login, makeTestApp, submitOrder, type TestApp, validApplication, XUZHOU } from './helpers.ts';

describe('personal data in logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await makeTestApp({ logger: { ...loggerOptions('info'), stream } });
  });
  afterAll(() => t.close());

  it('masks phone and ID numbers in free text', () => {
    expect(maskPersonalData('/x?phoneNum=13800138000&id=11010519491231002X')).toBe('/x?phoneNum=138****8000&id=110***********002X');
    // Codes that merely contain digits are left alone.
    expect(maskPersonalData('/o?orderCode=ED202509011234567890')).toBe('/o?orderCode=ED202509011234567890');
  });

  it('never writes phones, ID numbers, names, schools or tokens to the log', async () => {
    const session = await login(t.app);
    const form = validApplication(XUZHOU);
    await submitOrder(t.app, session.token, form);
    await call(t.app, { method: 'GET', url: `${paths.devSmsLatest}?phoneNum=${session.phone}`, token: session.token });
    const log = lines.join('');
    expect(log).toContain('incoming request'); // the log is really captured
    const child = form.insureds[0]!;
    for (const secret of [
      session.phone,
      session.token,
      form.policyHolder.licenceNo,
      form.policyHolder.name,
      child.licenceNo,
      child.name,
      child.schoolName!,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
