import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';

/**
 * Where the WeChat JSSDK configuration comes from (spec §7 weChatShare): the
 * official account's appId and its `jsapi_ticket`. WeChat's own service hands
 * out a ticket valid for 7200 s from an access token; the caller keeps it in
 * the database for every instance (shared-credentials.ts).
 */
export interface WeChatJssdkProvider {
  readonly appId: string;
  /**
   * A fresh jsapi_ticket and how long it stays valid, in seconds. `db` is the
   * transaction that holds the ticket's lock: the provider's own credential
   * look-ups (the access token) go through it.
   */
  fetchTicket(db: Db): Promise<{ ticket: string; expiresInSeconds: number }>;
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
