import type { FastifyInstance } from 'fastify';
import { ratingCalls, type RatingRecord } from '../../contract/ratings.ts';
import { RATEABLE_STATUSES } from '../../contract/policy-lifecycle.ts';
import {
  BIZ_TYPE,
  checkRatingSubmission,
  COMMENT_NODE,
  COMMENT_TYPE_STARS,
  COMMENT_TYPE_TAGS,
  COMMENT_TYPE_TEXT,
  RATING_TEMPLATES,
  ratingScoreTenths,
  type CommentNode,
} from '../../engine/ratings/ratings.ts';
import { maskPhone } from '../../engine/rules/masking.ts';
import { formatShanghai } from '../../engine/time/shanghai-time.ts';
import type { AppDeps } from '../app-deps.ts';
import { findManifest } from '../catalogue/manifest-store.ts';
import type { comments } from '../db/schema.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { findOwnBusiness, insertRating, listRatings, phoneOfUser, ratedBizNos, ratingStats } from './ratings-repo.ts';

const tagNames: ReadonlyMap<string, string> = new Map(
  Object.values(RATING_TEMPLATES).flatMap((sections) => sections.flatMap((s) => s.list.map((item) => [item.code, item.name] as const))),
);


export const RATING_REFUSALS = {
  noBusiness: '未找到可评价的订单或保单',
  notPaid: '该订单尚未支付，暂不能评价',
  productMismatch: '评价的产品与订单不一致',
  duplicate: '您已评价过，感谢您的反馈',
  claimOnly: '理赔服务评价需在理赔结案后进行',
} as const;

function toRecord(row: typeof comments.$inferSelect): RatingRecord {
  const tags = Array.isArray(row.tags) ? (row.tags as unknown[]).filter((t): t is string => typeof t === 'string') : [];
  return {
    id: row.id,
    createTime: formatShanghai(row.createdAt).slice(0, 16),
    loginAccount: maskPhone(row.loginAccount),
    commentStatistics: [{ commentNode: row.commentNode, score: row.scoreTenths / 10 }],
    tags,
    text: row.text,
  };
}

/**
 * comment-svc (spec §7): statistics and the rating list are public and keyed
 * by the product's main code (alias codes share their manifest's ratings); a
 * rating is submitted by the holder of a paid order or policy, once per node.
 */
export function registerRatingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, manifests } = deps;
  const route = routesOf(app, deps);

  route(ratingCalls.stats, async (request) => {
    const manifest = findManifest(manifests, request.body.productCode);
    return ok(await ratingStats(db, manifest.productCode, request.body.commentNode));
  });

  route(ratingCalls.list, async (request) => {
    const { productCode, pn, ps, commentNode } = request.body;
    const manifest = findManifest(manifests, productCode);
    const { rows, total } = await listRatings(db, { productCode: manifest.productCode, node: commentNode, limit: ps, offset: (pn - 1) * ps });
    return ok({ list: rows.map(toRecord), total });
  });

  route(ratingCalls.template, async (request) => {
    findManifest(manifests, request.query.productCode);
    const list = RATING_TEMPLATES[request.query.commentNode as CommentNode].map((s) => ({ ...s, list: s.list.map((i) => ({ ...i })) }));
    return ok({ list, total: list.length });
  });

  route(ratingCalls.submit, async (request) => {
    const user = currentUser(request);
    const loginAccount = (await phoneOfUser(db, user.userId)) ?? '';
    // Check every item before writing any: a submission is taken whole or not at all.
    const rows: Parameters<typeof insertRating>[1][] = [];
    for (const submission of request.body) {
      const problem = checkRatingSubmission(submission);
      if (problem) throw rejected(problem);
      const bizType = submission.bizType as string;
      const bizNo = submission.bizNo as string;
      if (submission.commentNode === COMMENT_NODE.claim || bizType === BIZ_TYPE.case) throw rejected(RATING_REFUSALS.claimOnly);
      const business = await findOwnBusiness(db, { userId: user.userId, bizType, bizNo });
      if (!business) throw rejected(RATING_REFUSALS.noBusiness);
      if (!RATEABLE_STATUSES.includes(business.status)) throw rejected(RATING_REFUSALS.notPaid);
      const manifest = manifests.byProductCode(submission.productCode as string);
      const orderManifest = manifests.byProductCode(business.productCode);
      if (!manifest || !orderManifest || manifest.productCode !== orderManifest.productCode) throw rejected(RATING_REFUSALS.productMismatch);
      const section = (type: string) => submission.commentList.find((s) => s.commentType === type);
      rows.push({
        productCode: orderManifest.productCode,
        userId: user.userId,
        loginAccount,
        bizNo,
        bizType,
        commentNode: submission.commentNode,
        scoreTenths: ratingScoreTenths(submission),
        items: (section(COMMENT_TYPE_STARS)?.list ?? []).map(({ code, score }) => ({ code, score })),
        // Tag names come from the template (checked above), never from the client.
        tags: (section(COMMENT_TYPE_TAGS)?.list ?? []).map((item) => tagNames.get(item.code) ?? item.code),
        text: (section(COMMENT_TYPE_TEXT)?.text ?? '').trim(),
        createdAt: deps.now(),
      });
    }
    await db.transaction(async (tx) => {
      for (const row of rows) {
        // A rating already given for this business and node refuses the whole submission (rolled back).
        if (!(await insertRating(tx as unknown as typeof db, row))) throw rejected(RATING_REFUSALS.duplicate);
      }
    });
    return ok(null, '评价成功');
  });

  route(ratingCalls.status, async (request) =>
    ok({
      rated: await ratedBizNos(db, {
        userId: currentUser(request).userId,
        node: request.params.node,
        bizType: request.params.bizType,
        bizNos: request.body.bizNos,
      }),
    }),
  );
}
