import { ratingCalls, type RatingSubmitBody } from '../../../contract/ratings.ts';
import { RATING_PAGE_SIZE, type BizType, type CommentNode } from '../../../engine/ratings/ratings.ts';
import { CHANNEL_NO, SYS_CODE } from '../../../engine/rules/enums.ts';
import { call, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

export { RATING_PAGE_SIZE } from '../../../engine/ratings/ratings.ts';

/** The comment-svc calls of the web app (spec §7). */
export const ratingApi = {
  stats: (productCode: string, o?: Silent) => call(ratingCalls.stats, { body: { productCode } }, { thing: '评价统计', ...o }),
  list: (input: { productCode: string; commentNode: CommentNode; pn: number; ps?: number }, o?: Silent) =>
    call(
      ratingCalls.list,
      { body: { status: 1, productCode: input.productCode, pn: input.pn, ps: input.ps ?? RATING_PAGE_SIZE, commentNode: input.commentNode } },
      { thing: '数据', ...o },
    ),
  template: (productCode: string, commentNode: CommentNode, o?: Silent) =>
    call(ratingCalls.template, { query: { productCode, commentNode } }, { thing: '评价模板', ...o }),
  /** Which of these businesses the caller has rated at `node`. */
  status: (node: CommentNode, bizType: BizType, bizNos: string[], o?: Silent) =>
    call(ratingCalls.status, { params: { node, bizType }, query: { channelNo: CHANNEL_NO, sysCode: SYS_CODE }, body: { bizNos } }, { thing: '评价状态', ...o }),
  /** Failures come back to the popup, which shows the server's message as a warning. */
  submit: (body: RatingSubmitBody) => call(ratingCalls.submit, { body }, { silent: true, thing: '评价' }),
};
