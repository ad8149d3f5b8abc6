import type { Db } from '../../db/db.ts';
import { OutboundError, type CallOut } from '../outbound.ts';
import { sharedCredential, type FetchedCredential } from '../shared-credentials.ts';
import type { WeChatJssdkProvider } from './wechat-jssdk-provider.ts';

export interface OfficialAccountSettings {
  /** 公众号 AppID (mp.weixin.qq.com → 设置与开发 → 基本配置). */
  appId: string;
  /** 公众号 AppSecret, same page. */
  secret: string;
  /** https://api.weixin.qq.com; tests point it at a fake. */
  apiBase: string;
}

export const WECHAT_API_BASE = 'https://api.weixin.qq.com';

/** errcodes that mean the access token is no longer good (another fetch replaced it, or it expired early). */
const TOKEN_GONE = new Set([40001, 40014, 42001]);
/** errcode -1: 系统繁忙, try again; 45009: the daily quota of the call is used up (final for today). */
const BUSY = new Set([-1]);

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  ticket?: string;
  expires_in?: number;
}

/**
 * The official account's JSSDK tickets from WeChat's API: the access token
 * from `cgi-bin/token` and the jsapi_ticket from `cgi-bin/ticket/getticket`.
 * Both are fetched once for every instance (shared-credentials.ts), because
 * WeChat invalidates a token when a new one is fetched; a ticket refused
 * because its token went stale renews the token once and asks again.
 */
export class OfficialAccountJssdkProvider implements WeChatJssdkProvider {
  readonly appId: string;

  constructor(
    private readonly settings: OfficialAccountSettings,
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly callOut: CallOut,
  ) {
    this.appId = settings.appId;
  }

  async fetchTicket(db: Db = this.db): Promise<{ ticket: string; expiresInSeconds: number }> {
    let token = await this.accessToken(db);
    try {
      return await this.getTicket(token);
    } catch (error) {
      if (!(error instanceof OutboundError) || !TOKEN_GONE.has(Number(error.vendorCode))) throw error;
      token = await this.accessToken(db, token);
      return this.getTicket(token);
    }
  }

  /** The access token every instance shares; `replace`: the one WeChat just refused. */
  private accessToken(db: Db, replace?: string): Promise<string> {
    return sharedCredential(db, `wechat:${this.appId}:access_token`, this.now, () => this.fetchAccessToken(), replace ? { replace } : {});
  }

  private async fetchAccessToken(): Promise<FetchedCredential> {
    const url = new URL('/cgi-bin/token', this.settings.apiBase);
    url.search = new URLSearchParams({ grant_type: 'client_credential', appid: this.settings.appId, secret: this.settings.secret }).toString();
    // Not retried: every fetch invalidates the token before it, so a retry after a lost answer costs the one in use.
    const answer = await this.get(url, 'cgi-bin/token', false);
    if (!answer.access_token) throw new OutboundError('cgi-bin/token answered no access_token', false);
    return { value: answer.access_token, expiresInSeconds: Number(answer.expires_in ?? 7200) };
  }

  private async getTicket(accessToken: string): Promise<{ ticket: string; expiresInSeconds: number }> {
    const url = new URL('/cgi-bin/ticket/getticket', this.settings.apiBase);
    url.search = new URLSearchParams({ access_token: accessToken, type: 'jsapi' }).toString();
    const answer = await this.get(url, 'ticket/getticket', true);
    if (!answer.ticket) throw new OutboundError('getticket answered no ticket', false);
    return { ticket: answer.ticket, expiresInSeconds: Number(answer.expires_in ?? 7200) };
  }

  private get(url: URL, call: string, idempotent: boolean): Promise<WechatAnswer> {
    return this.callOut({
      vendor: 'wechat-mp',
      call,
      idempotent,
      timeoutMs: 5_000,
      run: async (signal) => {
        const response = await fetch(url, { signal });
        if (response.status >= 500) throw new OutboundError(`HTTP ${response.status}`, true, String(response.status));
        const answer = (await response.json()) as WechatAnswer;
        const code = Number(answer.errcode ?? 0);
        if (code !== 0) throw new OutboundError(`errcode ${code}: ${answer.errmsg ?? ''}`, BUSY.has(code), String(code));
        return answer;
      },
    });
  }
}
