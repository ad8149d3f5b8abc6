import { describe, expect, it } from 'vitest';
import { ConsoleSmsProvider } from '../../src/server/providers/sms/console-sms-provider.ts';
import { SmsOutbox } from '../../src/server/providers/sms/sms-outbox.ts';

describe('console SMS provider', () => {
  it('prints the masked phone and the code, never the full number', async () => {
    const lines: string[] = [];
    await new ConsoleSmsProvider((line) => lines.push(line)).send('13812345678', '【学平险】您的验证码是042917，5分钟内有效，请勿泄露给他人。');
    expect(lines).toEqual(['[sms] 138****5678 code 042917']);
  });
});

describe('SMS outbox (development)', () => {
  it('reads back the last code sent to each phone and passes every message on', async () => {
    const forwarded: string[] = [];
    const outbox = new SmsOutbox({ send: async (phone) => void forwarded.push(phone) });
    await outbox.send('13800000001', '验证码111111');
    await outbox.send('13800000001', '验证码222222');
    await outbox.send('13800000002', '验证码333333');
    expect(outbox.latestCode('13800000001')).toBe('222222');
    expect(outbox.latestCode('13800000002')).toBe('333333');
    expect(outbox.latestCode('13800000003')).toBeUndefined();
    expect(forwarded).toEqual(['13800000001', '13800000001', '13800000002']);
  });

  it('forgets the oldest phones beyond 1000', async () => {
    const outbox = new SmsOutbox();
    for (let i = 0; i <= 1000; i++) await outbox.send(`1380000${String(i).padStart(4, '0')}`, `验证码${String(i).padStart(6, '0')}`);
    expect(outbox.latestCode('13800000000')).toBeUndefined();
    expect(outbox.latestCode('13800001000')).toBe('001000');
  });
});
