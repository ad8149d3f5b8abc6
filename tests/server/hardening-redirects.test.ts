/**
 * Pages the server hosts redirect only to same-origin relative paths (or
 * PUBLIC_URL), parsed as a browser parses them: `/\evil.example` passes a
 * plain prefix check, and a browser reads it as `//evil.example`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WECHAT_APP_ID } from '../../src/contract/payment.ts';
import { isSameOriginTarget } from '../../src/server/lib/safe-redirect.ts';
import { makeTestApp, type TestApp } from './helpers.ts';

const HOSTILE = ['/\\evil.example', '/\\/evil.example', '//evil.example', '///evil.example', 'https://evil.example', '/\t/evil.example', '\n//evil.example', 'javascript:alert(1)', 'https://app.example.com@evil.example/', ''];

describe('same-origin redirect targets', () => {
  it('accepts relative paths of this site and addresses under PUBLIC_URL', () => {
    for (const ok of ['/#/payoff?orderCode=X', '/paySuccess', '/a/b?c=%2F%2Fevil']) expect({ ok, allowed: isSameOriginTarget(ok, undefined) }).toEqual({ ok, allowed: true });
    expect(isSameOriginTarget('https://app.example.com/#/payoff', 'https://app.example.com')).toBe(true);
  });

  it('refuses every way out of the origin', () => {
    for (const target of [...HOSTILE, 'https://app.example.com.evil.example/']) {
      expect({ target, allowed: isSameOriginTarget(target, 'https://app.example.com') }).toEqual({ target, allowed: false });
    }
  });
});

describe('the sandbox OAuth page', () => {
  let t: TestApp;
  beforeAll(async () => void (t = await makeTestApp()), 120_000);
  afterAll(() => t.close());

  it('refuses to show or follow a redirect_uri that leaves the site', async () => {
    for (const target of HOSTILE) {
      const page = await t.app.inject({ method: 'GET', url: `/oauth/wechat/authorize?appid=${WECHAT_APP_ID}&redirect_uri=${encodeURIComponent(target)}` });
      expect({ target, status: page.statusCode }).toEqual({ target, status: 400 });
      const post = await t.app.inject({
        method: 'POST',
        url: '/oauth/wechat/authorize',
        payload: `redirect_uri=${encodeURIComponent(target)}&decision=allow`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect({ target, status: post.statusCode, location: post.headers.location }).toEqual({ target, status: 400, location: undefined });
    }
  });
});
