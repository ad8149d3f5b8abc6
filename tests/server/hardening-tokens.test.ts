/**
 * Issue 16 §5: required claims, revocation on every authenticated call, and
 * the refresh grace window. Each case here passed a token it should not have
 * (or logged a user out) on the code before this issue.
 */
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../src/contract/auth.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { schoolCalls, type SchoolPage } from '../../src/contract/school.ts';
import { REFRESH_GRACE_MS } from '../../src/server/auth/sessions.ts';
import { backends, call, expectOk, login, makeTestApp, type TestApp } from './helpers.ts';

describe.each(backends)('tokens (%s)', (backend) => {
  let t: TestApp;
  // Milliseconds of the test's clock: the grace window is seconds long.
  let at = Date.parse('2025-09-01T02:00:00Z');
  const seconds = () => Math.floor(at / 1000);
  beforeAll(async () => void (t = await makeTestApp({ backend, now: () => new Date(at) })));
  afterAll(() => t.close());

  const policyList = (token: string) => call(t.app, { method: 'POST', url: orderCalls.policyList.path, token, payload: {} });
  const refresh = (refreshToken: string, userAgent = 'tab') =>
    call<{ token: string; refreshToken: string }>(t.app, {
      method: 'POST',
      url: authCalls.refreshToken.path,
      payload: { refreshToken },
      headers: { 'user-agent': userAgent },
    });
  const key = () => new TextEncoder().encode(t.config.jwtSecret);
  /** A token signed with the server's own key, with the claims a forger chooses. */
  const forge = (claims: Record<string, unknown>, options: { exp?: number; iat?: boolean } = {}) => {
    let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('edu-insure').setAudience('edu-insure-web');
    if (typeof claims.sub === 'string') jwt = jwt.setSubject(claims.sub);
    if (options.iat !== false) jwt = jwt.setIssuedAt(seconds());
    if (options.exp !== undefined) jwt = jwt.setExpirationTime(options.exp);
    return jwt.sign(key());
  };

  it('refuses a token without exp or iat, even signed with the right key', async () => {
    const session = await login(t.app);
    const claims = decodeJwt(session.token);
    const base = { sub: claims.sub, userCode: claims.userCode, sid: claims.sid, tv: claims.tv };
    expectOk(await policyList(await forge(base, { exp: seconds() + 600 })));
    expect((await policyList(await forge(base))).body.code).toBe('406');
    expect((await policyList(await forge(base, { exp: seconds() + 600, iat: false }))).body.code).toBe('406');
  });

  it('refuses a token whose userCode is not its subject\'s', async () => {
    const alice = await login(t.app);
    const bob = await login(t.app);
    const claims = decodeJwt(alice.token);
    const exp = seconds() + 600;
    const forged = await forge({ sub: claims.sub, userCode: bob.userCode, sid: claims.sid, tv: claims.tv }, { exp });
    expect((await policyList(forged)).body.code).toBe('406');
  });

  it('a logged-out token no longer reads its owner\'s added schools', async () => {
    const session = await login(t.app);
    const body = { schoolName: '沛县 晨星学校', schoolKind: 'edu_07', areaCode: '320322' };
    expectOk(await call(t.app, { method: 'POST', url: schoolCalls.addSchool.path, payload: body, token: session.token }));
    const search = (token: string) =>
      call<SchoolPage>(t.app, { method: 'GET', url: `${schoolCalls.search.path}?areaCode=320322&name=${encodeURIComponent('晨星')}`, token });
    expect(expectOk(await search(session.token)).total).toBe(1);
    expectOk(await call(t.app, { method: 'POST', url: authCalls.loginOut.path, token: session.token, payload: {} }));
    expect(expectOk(await search(session.token)).total).toBe(0);
  });

  it('two tabs refreshing with the same token at the same moment both get the same new pair', async () => {
    const session = await login(t.app);
    const [a, b] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    const pairA = expectOk(a);
    const pairB = expectOk(b);
    expect(pairB.refreshToken).toBe(pairA.refreshToken);
    expectOk(await policyList(pairB.token));
    // The session lives on: the new refresh token rotates normally.
    expectOk(await policyList(expectOk(await refresh(pairA.refreshToken)).token));
  });

  it('a retry within the grace window gets the same pair; after it, or from another client, the family is revoked', async () => {
    const session = await login(t.app);
    const first = expectOk(await refresh(session.refreshToken));
    at += REFRESH_GRACE_MS - 1000;
    expect(expectOk(await refresh(session.refreshToken))).toEqual(first);
    // Another client presenting the rotated token is a copy: everything of the family dies.
    expect((await refresh(session.refreshToken, 'thief')).body.code).toBe('406');
    expect((await refresh(first.refreshToken)).body.code).toBe('406');
    expect((await policyList(first.token)).body.code).toBe('406');

    const later = await login(t.app);
    expectOk(await refresh(later.refreshToken));
    at += REFRESH_GRACE_MS + 1;
    expect((await refresh(later.refreshToken)).body.code).toBe('406');
  });
});
