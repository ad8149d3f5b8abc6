import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { loggerOptions, maskPersonalData } from '../../src/server/http/log-options.ts';
import { call, login, makeTestApp, submitOrder, type TestApp, validApplication, XUZHOU } from './helpers.ts';
import { authCalls } from '../../src/contract/auth.ts';

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
    // A database failure nobody expected, with personal data among the query parameters.
    t.app.get('/_gw/__test/db-failure', async () => {
      const row = { userCode: 'U-LOG-TEST', phone: '13912345678' };
      await t.database.db.insert(users).values(row);
      await t.database.db.insert(users).values({ ...row, userCode: '张三丰 徐州市第一中学' });
    });
  });
  afterAll(() => t.close());

  it('masks phone and ID numbers in free text', () => {
    expect(maskPersonalData('/x?phoneNum=13800138000&id=11010519491231002X')).toBe('/x?phoneNum=138****8000&id=110***********002X');
    // Codes that merely contain digits are left alone.
    expect(maskPersonalData('/o?orderCode=ED202509011234567890')).toBe('/o?orderCode=ED202509011234567890');
  });

  it('logs failed queries without their parameters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/_gw/__test/db-failure' });
    expect(response.json()).toMatchObject({ code: '5000' });
    const log = lines.join('');
    expect(log).toContain('users_phone_unique'); // the cause is still there to debug
    expect(log).not.toContain('13912345678');
    expect(log).not.toContain('张三丰');
    expect(log).not.toContain('徐州市第一中学');
  });

  it('never writes phones, ID numbers, names, schools or tokens to the log', async () => {
    const session = await login(t.app);
    const form = validApplication(XUZHOU);
    await submitOrder(t.app, session.token, form);
    await call(t.app, { method: 'GET', url: `${authCalls.devSmsLatest.path}?phoneNum=${session.phone}`, token: session.token });
    const log = lines.join('');
    expect(log).toContain('request completed'); // the log is really captured
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
