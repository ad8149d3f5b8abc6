import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '../../../contract/envelope.ts';
import type { WeChatShareConfig } from '../../../contract/promoter.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ApiError, rejected } from '../../http/envelope.ts';
import { sharedCredential } from '../../providers/shared-credentials.ts';
import { jssdkSignature } from '../../providers/wechat/wechat-jssdk-provider.ts';

/** The WeChat JSSDK configuration that lets a page at `shareUrl` be shared, signed with the official account's ticket. */
export async function wechatShareConfig(deps: AppDeps, shareUrl: string, log: FastifyBaseLogger): Promise<WeChatShareConfig> {
  const url = shareUrl.split('#')[0] ?? '';
  if (!/^https?:\/\/[^\s]+$/.test(url)) throw rejected('分享地址无效');
  // One jsapi_ticket for every instance, in the database: a second fetch would invalidate the first.
  const ticketName = `wechat:${deps.wechat.appId}:jsapi_ticket`;
  const fetchTicket = async (tx: typeof deps.db) => {
    const { ticket, expiresInSeconds } = await deps.wechat.fetchTicket(tx);
    return { value: ticket, expiresInSeconds };
  };
  let ticket: string;
  try {
    ticket = await sharedCredential(deps.db, ticketName, deps.now, fetchTicket);
  } catch (error) {
    log.warn({ err: error }, 'jsapi_ticket fetch failed');
    throw new ApiError(ErrorCode.Busy, '获取微信分享授权失败');
  }
  const timestamp = Math.floor(deps.now().getTime() / 1000);
  const nonceStr = randomBytes(12).toString('hex');
  return { appId: deps.wechat.appId, timestamp, nonceStr, signature: jssdkSignature({ ticket, nonceStr, timestamp, url }) };
}
