import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from '../../src/server/auth/access-token.ts';

const user = { userId: 'u-1', userCode: 'C0001', sessionId: '00000000-0000-4000-8000-000000000001', tokenVersion: 3 };
const SECRET = 'a-test-secret-of-at-least-thirty-two-bytes';

describe('access tokens: a token checked once is not checked by WebCrypto again', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers a known token from its first check, and refuses it from the second its expiry passes', async () => {
    let clock = new Date('2026-11-28T08:00:00Z');
    const tokens = createAccessTokens(SECRET, () => clock);
    const token = await tokens.sign(user);
    const subtleVerify = vi.spyOn(crypto.subtle, 'verify');
    expect(await tokens.verify(token)).toEqual(user);
    expect(subtleVerify).toHaveBeenCalledTimes(1);
    clock = new Date(clock.getTime() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    expect(await tokens.verify(token)).toEqual(user);
    expect(subtleVerify).toHaveBeenCalledTimes(1);
    // jose's rule: expired when exp <= now, in whole seconds.
    clock = new Date(clock.getTime() + 1000);
    expect(await tokens.verify(token)).toBeNull();
    // Log-out still reads which session an expired token belonged to.
    expect(await tokens.verify(token, { ignoreExpiry: true })).toEqual(user);
    expect(subtleVerify).toHaveBeenCalledTimes(1);
  });

  it('an expired token first read for log-out is still refused as a credential', async () => {
    let clock = new Date('2026-11-28T08:00:00Z');
    const tokens = createAccessTokens(SECRET, () => clock);
    const token = await tokens.sign(user);
    clock = new Date(clock.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(await tokens.verify(token, { ignoreExpiry: true })).toEqual(user);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('a token differing from a known one by one character is checked, and refused', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual(user);
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const flipped = signature[3] === 'A' ? 'B' : 'A';
    const forged = `${token.slice(0, token.lastIndexOf('.') + 1)}${signature.slice(0, 3)}${flipped}${signature.slice(4)}`;
    expect(await tokens.verify(forged)).toBeNull();
    // Another server's key: the same claims, a signature it did not make.
    const foreign = await createAccessTokens(`${SECRET}-other`).sign(user);
    expect(await tokens.verify(foreign)).toBeNull();
  });
});
