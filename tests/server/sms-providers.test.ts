import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../src/contract/auth.ts';
import { MSG_SMS_FAILED, SmsRefused } from '../../src/server/providers/sms/sms-provider.ts';
import { call, makeTestApp, newPhone, type TestApp } from './helpers.ts';
import { ConsoleSmsProvider } from '../../src/server/providers/sms/console-sms-provider.ts';
import { SmsOutbox } from '../../src/server/providers/sms/sms-outbox.ts';
import { renderSms, SMS_TEMPLATE_IDS, SMS_TEMPLATES } from '../../src/server/providers/sms/sms-templates.ts';

describe('console SMS provider', () => {
  it('prints the masked phone, the template and, in development, the code', async () => {
    const lines: string[] = [];
    await new ConsoleSmsProvider((line) => lines.push(line)).send('13812345678', 'loginCode', { code: '042917' });
    expect(lines).toEqual(['[sms] 138****5678 loginCode code 042917']);
  });

  it('withholds the code when codes are not to be revealed (production on the sandbox)', async () => {
    const lines: string[] = [];
    await new ConsoleSmsProvider((line) => lines.push(line), false).send('13812345678', 'resetCode', { code: '042917' });
    expect(lines).toEqual(['[sms] 138****5678 resetCode code withheld']);
    expect(lines.join('')).not.toContain('042917');
  });
});

describe('SMS templates', () => {
  it('name every parameter their wording uses, and render with the signature', () => {
    for (const id of SMS_TEMPLATE_IDS) {
      const used = [...SMS_TEMPLATES[id].text.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]);
      expect(used.sort(), id).toEqual([...SMS_TEMPLATES[id].params].sort());
    }
    expect(renderSms('loginCode', { code: '123456' })).toBe('【学平险】您的验证码是123456，5分钟内有效，请勿泄露给他人。');
  });
});

describe('SMS outbox (development)', () => {
  it('reads back the last code sent to each phone and passes every message on', async () => {
    const forwarded: string[] = [];
    const outbox = new SmsOutbox({ send: async (phone) => void forwarded.push(phone) });
    await outbox.send('13800000001', 'loginCode', { code: '111111' });
    await outbox.send('13800000001', 'resetCode', { code: '222222' });
    await outbox.send('13800000002', 'phoneChangeCode', { code: '333333' });
    await outbox.send('13800000004', 'alreadyRegistered', {});
    expect(outbox.latestCode('13800000001')).toBe('222222');
    expect(outbox.latestCode('13800000002')).toBe('333333');
    expect(outbox.latestCode('13800000003')).toBeUndefined();
    expect(outbox.latestCode('13800000004')).toBeUndefined();
    expect(outbox.latestMessage('13800000004')?.text).toBe('【学平险】您的手机号已注册，可直接使用验证码或密码登录。如非本人操作，请忽略。');
    expect(forwarded).toEqual(['13800000001', '13800000001', '13800000002', '13800000004']);
  });

  it('forgets the oldest phones beyond 1000', async () => {
    const outbox = new SmsOutbox();
    for (let i = 0; i <= 1000; i++) await outbox.send(`1380000${String(i).padStart(4, '0')}`, 'loginCode', { code: String(i).padStart(6, '0') });
    expect(outbox.latestCode('13800000000')).toBeUndefined();
    expect(outbox.latestCode('13800001000')).toBe('001000');
  });
});

describe('a message the vendor does not send', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ sms: { send: async () => { throw new SmsRefused('blacklisted', 'isv.BLACK_KEY_CONTROL_LIMIT'); } } });
  });
  afterAll(() => t.close());

  it('is told to the user as 短信发送失败，请稍后重试, never as sent', async () => {
    const answer = await call(t.app, { method: 'GET', url: `${authCalls.regMsg.path}?phoneNum=${newPhone()}` });
    expect(answer.status).toBe(200);
    expect({ code: answer.body.code, msg: answer.body.msg }).toEqual({ code: '5003', msg: MSG_SMS_FAILED });
  });
});
