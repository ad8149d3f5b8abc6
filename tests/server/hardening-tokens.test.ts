/**
 * Tokens (docs/security.md, "Tokens"): required claims, revocation on every
 * authenticated call, and the refresh grace window. Each case is a token that
 * must be refused, or a refresh that must not log the user out.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../src/contract/auth.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { schoolCalls, type SchoolPage } from '../../src/contract/school.ts';
import { ACCESS_TOKEN_TTL_SECONDS, TOKEN_CLOCK_SKEW_SECONDS } from '../../src/server/auth/access-token.ts';
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
  const forge = (claims: Record<string, unknown>, options: { exp?: number; iat?: boolean | number } = {}) => {
    let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('edu-insure').setAudience('edu-insure-web');
    if (typeof claims.sub === 'string') jwt = jwt.setSubject(claims.sub);
    if (options.iat !== false) jwt = jwt.setIssuedAt(typeof options.iat === 'number' ? options.iat : seconds());
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

  it('refuses a token sent without the Bearer prefix, or under another scheme', async () => {
    const session = await login(t.app);
    const send = (authorization: string) => call(t.app, { method: 'POST', url: orderCalls.policyList.path, headers: { authorization }, payload: {} });
    expectOk(await send(`Bearer ${session.token}`));
    expectOk(await send(`bearer ${session.token}`));
    expect((await send(session.token)).body).toEqual({ code: '406', msg: '请先登录', data: null });
    expect((await send(`Token ${session.token}`)).body.code).toBe('406');
    expect((await send(`Bearer${session.token}`)).body.code).toBe('406');
    // Log-out's body field carries the token itself (what the app sends): that still ends the session.
    expectOk(await call(t.app, { method: 'POST', url: authCalls.loginOut.path, payload: { authorization: session.token } }));
    expect((await send(`Bearer ${session.token}`)).body.code).toBe('406');
  });

  it('refuses a correctly signed token whose exp lies further ahead than the lifetime', async () => {
    const session = await login(t.app);
    const claims = decodeJwt(session.token);
    const base = { sub: claims.sub, userCode: claims.userCode, sid: claims.sid, tv: claims.tv };
    const longest = ACCESS_TOKEN_TTL_SECONDS + TOKEN_CLOCK_SKEW_SECONDS;
    // The server's own lifetime, and the skew allowance on top, pass.
    expectOk(await policyList(await forge(base, { exp: seconds() + ACCESS_TOKEN_TTL_SECONDS })));
    expectOk(await policyList(await forge(base, { exp: seconds() + longest })));
    // A day, a year: refused although the signature is right.
    expect((await policyList(await forge(base, { exp: seconds() + longest + 1 }))).body.code).toBe('406');
    expect((await policyList(await forge(base, { exp: seconds() + 365 * 86_400 }))).body.code).toBe('406');
    // An iat moved ahead to make a long exp look like a normal lifetime: exp is still too far from now.
    const ahead = seconds() + 86_400;
    expect((await policyList(await forge(base, { iat: ahead, exp: ahead + 600 }))).body.code).toBe('406');
    // An iat in the past with an exp of now + lifetime: longer than the lifetime after iat.
    expect((await policyList(await forge(base, { iat: seconds() - 3600, exp: seconds() + 600 }))).body.code).toBe('406');
  });
});

describe('pages are never framed', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'edu-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>学平险</title></head><body><div id="root"></div></body></html>');
    t = await makeTestApp({ config: { distDir: dist } });
  });
  afterAll(() => t.close());

  it("sends X-Frame-Options: DENY with the pages, as their CSP's frame-ancestors 'none' says", async () => {
    for (const url of ['/', '/index.html', '/_sandbox/pay/cashier?tradeNo=nothing-here']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect({ url, type: String(response.headers['content-type']).split(';')[0] }).toEqual({ url, type: 'text/html' });
      expect({ url, xfo: response.headers['x-frame-options'] }).toEqual({ url, xfo: 'DENY' });
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });
});
