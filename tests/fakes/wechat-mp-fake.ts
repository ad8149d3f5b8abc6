/**
 * A fake of the WeChat official account API for tests (never mounted by the
 * app): `cgi-bin/token` checks the AppID and AppSecret and, as WeChat does,
 * invalidates the previous token when it issues a new one;
 * `cgi-bin/ticket/getticket` answers only the current token;
 * `sns/oauth2/access_token` exchanges an OAuth code (snsapi_base) for its
 * openid once, as WeChat does ({@link WechatMpFake.issueOAuthCode} stands in
 * for the user allowing the page). Errors are
 * WeChat's `{errcode, errmsg}` bodies.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WechatMpFake {
  apiBase: string;
  tokenFetches: number;
  ticketFetches: number;
  /** Makes the current token invalid, as a fetch by someone else would. */
  revokeToken(): void;
  /** The next answers are `{errcode:-1, errmsg:'system error'}`. */
  busyNext: number;
  /** A code for `openid`, as open.weixin.qq.com gives the page it returns to. */
  issueOAuthCode(openid: string): string;
  close(): Promise<void>;
}

export async function startWechatMpFake(appId: string, secret: string): Promise<WechatMpFake> {
  let currentToken = '';
  const oauthCodes = new Map<string, string>();
  const state = { tokenFetches: 0, ticketFetches: 0, busyNext: 0 };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (body: object) => {
      response.writeHead(200, { 'content-type': 'application/json; encoding=utf-8', connection: 'close' });
      response.end(JSON.stringify(body));
    };
    if (state.busyNext > 0) {
      state.busyNext -= 1;
      return send({ errcode: -1, errmsg: 'system error' });
    }
    if (url.pathname === '/cgi-bin/token') {
      state.tokenFetches += 1;
      if (url.searchParams.get('grant_type') !== 'client_credential') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      if (url.searchParams.get('appid') !== appId) return send({ errcode: 40013, errmsg: 'invalid appid' });
      if (url.searchParams.get('secret') !== secret) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      currentToken = `tok_${randomBytes(16).toString('hex')}`;
      return send({ access_token: currentToken, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      state.ticketFetches += 1;
      if (!currentToken || url.searchParams.get('access_token') !== currentToken) return send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      if (url.searchParams.get('type') !== 'jsapi') return send({ errcode: 40097, errmsg: 'invalid args' });
      return send({ errcode: 0, errmsg: 'ok', ticket: `tkt_${randomBytes(24).toString('base64url')}`, expires_in: 7200 });
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (url.searchParams.get('grant_type') !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      if (url.searchParams.get('appid') !== appId) return send({ errcode: 40013, errmsg: 'invalid appid' });
      if (url.searchParams.get('secret') !== secret) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      const code = url.searchParams.get('code') ?? '';
      const openid = oauthCodes.get(code);
      if (openid === undefined) return send({ errcode: 40029, errmsg: 'invalid code' });
      oauthCodes.delete(code);
      return send({ access_token: `sns_${randomBytes(16).toString('hex')}`, expires_in: 7200, refresh_token: `rf_${randomBytes(8).toString('hex')}`, openid, scope: 'snsapi_base' });
    }
    send({ errcode: 404, errmsg: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    apiBase: `http://127.0.0.1:${port}`,
    issueOAuthCode: (openid: string) => {
      const code = randomBytes(16).toString('hex');
      oauthCodes.set(code, openid);
      return code;
    },
    revokeToken: () => {
      currentToken = `revoked_${randomBytes(4).toString('hex')}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
