/**
 * SMS codes come from the operating system's CSPRNG (crypto.randomInt over
 * the whole 000000-999999 range), not from Math.random: the code sent is
 * exactly what crypto.randomInt returned.
 */
import * as crypto from 'node:crypto';
type CryptoModule = typeof crypto;
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, expectOk, makeTestApp, newPhone, type TestApp } from './helpers.ts';
import { authCalls } from '../../src/contract/auth.ts';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<CryptoModule>();
  return { ...actual, randomInt: vi.fn(actual.randomInt) };
});

describe('SMS code source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('is crypto.randomInt(0, 1000000), zero-padded to 6 digits', async () => {
    const phone = newPhone();
    const randomInt = vi.mocked(crypto.randomInt);
    const actual = (await vi.importActual<CryptoModule>('node:crypto')).randomInt;
    const random = vi.spyOn(Math, 'random');
    randomInt.mockClear();
    randomInt.mockImplementation(((min: number, max: number) => (min === 0 && max === 1_000_000 ? 42 : actual(min, max))) as typeof crypto.randomInt);
    expectOk(await call(t.app, { method: 'GET', url: `${authCalls.regMsg.path}?phoneNum=${phone}` }));
    expect(expectOk(await call<{ code: string }>(t.app, { method: 'GET', url: `${authCalls.devSmsLatest.path}?phoneNum=${phone}` })).code).toBe('000042');
    expect(randomInt).toHaveBeenCalledWith(0, 1_000_000);
    expect(random).not.toHaveBeenCalled();
    randomInt.mockImplementation(actual as typeof crypto.randomInt);
  });
});
