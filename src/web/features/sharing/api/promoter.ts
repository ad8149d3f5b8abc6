import { promoterCalls, type PromoterCard, type WeChatShareConfig } from '../../../../contract/promoter.ts';
import { call, type CallOptions } from '../../../shared/api/client.ts';

type Silent = Pick<CallOptions, 'silent'>;

/** The promoter channel calls the share popup and the WeChat share configuration make. */
export const promoterApi = {
  /** The caller's promoter card: codes, name, role label, licence number, company (log-in). */
  myCard: (o?: Silent): Promise<PromoterCard> => call(promoterCalls.myCard, {}, { thing: '推广信息', ...o }),
  /** A WeChat JSSDK signature over `shareUrl`, the page address without its #hash. Silent: the caller toasts its own message. */
  weChatShare: (shareUrl: string): Promise<WeChatShareConfig> => call(promoterCalls.weChatShare, { query: { shareUrl } }, { silent: true }),
};
