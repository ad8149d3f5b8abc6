import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ProductCode } from './common.ts';
import { defineCall } from './define-call.ts';
import { BIZ_TYPES, COMMENT_NODES } from '../engine/ratings/ratings.ts';

/**
 * Product ratings (comment-svc, spec §3 and §7). Statistics and the comment
 * list are public (`_bai`); submitting and the rated status need log-in.
 */

const Node = Type.Union(COMMENT_NODES.map((node) => Type.Literal(node)), { description: '00 policy service, 01 claim service' });
const BizTypeSchema = Type.Union(BIZ_TYPES.map((type) => Type.Literal(type)), {
  description: '00 order, 01 policy, 02 case',
});

/** POST comment-svc/api/v1/_bai/statistics/product */
export const RatingStatsBody = Type.Object(
  { productCode: ProductCode, commentNode: Type.Optional(Node) },
  { additionalProperties: false },
);
export type RatingStatsBody = Static<typeof RatingStatsBody>;
export const RatingStats = Type.Object({
  score: Type.Number({ description: 'Mean score 0..5, one decimal; 0 without ratings' }),
  commentNum: Type.Integer({ minimum: 0 }),
});
export type RatingStats = Static<typeof RatingStats>;

/** POST comment-svc/api/v1/_bai/comments/product: one page of visible ratings, newest first. */
export const RatingListBody = Type.Object(
  {
    status: Type.Optional(Type.Literal(1, { description: '1: visible ratings only (the only value served)' })),
    productCode: ProductCode,
    pn: Type.Integer({ minimum: 1, maximum: 100_000 }),
    ps: Type.Integer({ minimum: 1, maximum: 50 }),
    commentNode: Node,
  },
  { additionalProperties: false },
);
export type RatingListBody = Static<typeof RatingListBody>;

/** Rating record (spec §3); the login account is masked. */
export const RatingRecord = Type.Object({
  id: Type.Integer(),
  createTime: Type.String({ description: 'YYYY-MM-DD HH:mm, Beijing time' }),
  loginAccount: Type.String({ description: 'Masked phone' }),
  commentStatistics: Type.Array(Type.Object({ commentNode: Type.String(), score: Type.Number() })),
  tags: Type.Array(Type.String()),
  text: Type.String(),
});
export type RatingRecord = Static<typeof RatingRecord>;
export const RatingList = Type.Object({ list: Type.Array(RatingRecord), total: Type.Integer({ minimum: 0 }) });
export type RatingList = Static<typeof RatingList>;

/** GET comment-svc/api/v1/indicators/product?productCode&commentNode: the rating template. */
export const RatingTemplateQuery = Type.Object({ productCode: ProductCode, commentNode: Node }, { additionalProperties: false });
export const RatingTemplateItem = Type.Object({ name: Type.String(), code: Type.String(), score: Type.Number(), num: Type.Integer() });
export const RatingTemplateSection = Type.Object({
  commentType: Type.String(),
  list: Type.Array(RatingTemplateItem),
  text: Type.String(),
});
export const RatingTemplate = Type.Object({ list: Type.Array(RatingTemplateSection), total: Type.Integer() });
export type RatingTemplate = Static<typeof RatingTemplate>;

/** POST comment-svc/api/v1/comment/submit: an array of submissions (one per node). */
export const RatingSubmissionItem = Type.Object(
  {
    productCode: Type.Optional(Type.String({ maxLength: 16 })),
    productName: Type.Optional(Type.String({ maxLength: 60 })),
    userCode: Type.Optional(Type.String({ maxLength: 40 })),
    userName: Type.Optional(Type.String({ maxLength: 40 })),
    loginAccount: Type.Optional(Type.String({ maxLength: 40 })),
    bizNo: Type.Optional(Type.String({ maxLength: 40 })),
    bizType: Type.Optional(Type.String({ maxLength: 2 })),
    commentNode: Type.String({ maxLength: 2 }),
    commentList: Type.Array(
      Type.Object(
        {
          commentType: Type.String({ maxLength: 2 }),
          list: Type.Optional(
            Type.Array(
              Type.Object(
                { code: Type.String({ maxLength: 10 }), name: Type.Optional(Type.String({ maxLength: 20 })), score: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })) },
                { additionalProperties: false },
              ),
              { maxItems: 20 },
            ),
          ),
          text: Type.Optional(Type.String({ maxLength: 400 })),
        },
        { additionalProperties: false },
      ),
      { maxItems: 5 },
    ),
  },
  { additionalProperties: false },
);
export const RatingSubmitBody = Type.Array(RatingSubmissionItem, { minItems: 1, maxItems: 2 });
export type RatingSubmitBody = Static<typeof RatingSubmitBody>;

/** POST comment-svc/api/v1/comment/status/{node}/{bizType}: which of these businesses the caller has rated. */
export const RatingStatusParams = Type.Object({ node: Node, bizType: BizTypeSchema }, { additionalProperties: false });
export const RatingStatusQuery = Type.Object(
  { channelNo: Type.Optional(Type.String({ maxLength: 10 })), sysCode: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);
export const RatingStatusBody = Type.Object(
  { bizNos: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 100 }) },
  { additionalProperties: false },
);
export type RatingStatusBody = Static<typeof RatingStatusBody>;
export const RatingStatus = Type.Object({ rated: Type.Array(Type.String()) });

/** The comment-svc calls (spec §7). */
export const ratingCalls = {
  stats: defineCall({
    method: 'POST',
    path: '/comment-svc/api/v1/_bai/statistics/product',
    summary: 'Mean score and number of ratings of a product (alias codes share their manifest’s)',
    auth: 'public',
    body: RatingStatsBody,
    data: RatingStats,
  }),
  list: defineCall({
    method: 'POST',
    path: '/comment-svc/api/v1/_bai/comments/product',
    summary: 'One page of visible ratings of a product, newest first',
    auth: 'public',
    body: RatingListBody,
    data: RatingList,
  }),
  template: defineCall({
    method: 'GET',
    path: '/comment-svc/api/v1/indicators/product',
    summary: 'The rating template of a node: star items, tags, text',
    auth: 'public',
    query: RatingTemplateQuery,
    data: RatingTemplate,
  }),
  submit: defineCall({
    method: 'POST',
    path: '/comment-svc/api/v1/comment/submit',
    summary: 'Rates the caller’s own paid order or policy, once per business and node',
    auth: 'user',
    body: RatingSubmitBody,
    data: Type.Null(),
  }),
  status: defineCall({
    method: 'POST',
    path: '/comment-svc/api/v1/comment/status/:node/:bizType',
    summary: 'Which of these businesses the caller has rated at a node',
    auth: 'user',
    params: RatingStatusParams,
    query: RatingStatusQuery,
    body: RatingStatusBody,
    data: RatingStatus,
  }),
};
