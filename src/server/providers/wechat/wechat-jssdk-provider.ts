import { createHash, randomBytes } from 'node:crypto';

/**
 * Where the WeChat JSSDK configuration comes from (spec §7 weChatShare): the
 * official account's appId and its `jsapi_ticket`. WeChat's own service hands
 * out a ticket valid for 7200 s from an access token; the caller caches it.
 */
export interface WeChatJssdkProvider {
  readonly appId: string;
  /** A fresh jsapi_ticket and how long it stays valid, in seconds. */
  fetchTicket(): Promise<{ ticket: string; expiresInSeconds: number }>;
}

/**
 * The JSSDK signature exactly as WeChat computes it: sha1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (keys in that order, lower
 * case, values raw), where url is the page address without its #hash.
 */
export function jssdkSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const plain = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url}`;
  return createHash('sha1').update(plain).digest('hex');
}

/**
 * Sandbox: a made-up official account whose tickets are random and last
 * 7200 s like WeChat's. Counts its fetches so a test can see the cache work.
 */
export class SandboxWeChatJssdkProvider implements WeChatJssdkProvider {
  readonly appId = 'wx5a4d0c0ffee5a4d0';
  fetches = 0;

  async fetchTicket(): Promise<{ ticket: string; expiresInSeconds: number }> {
    this.fetches += 1;
    return { ticket: `sandbox_${randomBytes(24).toString('base64url')}`, expiresInSeconds: 7200 };
  }
}

/** Caches the ticket until 5 minutes before it expires, and shares one fetch between concurrent callers. */
export class JsapiTicketCache {
  private cached: { ticket: string; until: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly provider: WeChatJssdkProvider,
    private readonly now: () => Date,
  ) {}

  async ticket(): Promise<string> {
    const at = this.now().getTime();
    if (this.cached && this.cached.until > at) return this.cached.ticket;
    this.pending ??= this.provider
      .fetchTicket()
      .then(({ ticket, expiresInSeconds }) => {
        this.cached = { ticket, until: at + Math.max(0, expiresInSeconds - 300) * 1000 };
        return ticket;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}
