/**
 * Product ratings (spec §3 Rating template / submission / record, §5 rating
 * rules, §9 999+): the rating templates, the submission checks with the
 * spec's messages, scores and the display of counts. Pure: the server checks
 * submissions with it and the web app shows counts with it.
 */

/** Rating node (spec §3): 00 the policy / insurance service, 01 the claim service. */
export const COMMENT_NODE = { policy: '00', claim: '01' } as const;
export const COMMENT_NODES = [COMMENT_NODE.policy, COMMENT_NODE.claim] as const;
export type CommentNode = (typeof COMMENT_NODES)[number];
export const COMMENT_NODE_NAMES: Readonly<Record<CommentNode, string>> = { [COMMENT_NODE.policy]: '投保服务', [COMMENT_NODE.claim]: '理赔服务' };

/** Business type (spec §3): 00 order, 01 policy, 02 case (a claim). */
export const BIZ_TYPE = { order: '00', policy: '01', case: '02' } as const;
export const BIZ_TYPES = [BIZ_TYPE.order, BIZ_TYPE.policy, BIZ_TYPE.case] as const;
export type BizType = (typeof BIZ_TYPES)[number];

/** Rating type (spec §3): 00 stars, 01 tags, anything else free text. */
export const COMMENT_TYPE_STARS = '00';
export const COMMENT_TYPE_TAGS = '01';
export const COMMENT_TYPE_TEXT = '02';

export interface TemplateItem {
  name: string;
  code: string;
  /** Stars given (submission) or 0 in a template. */
  score: number;
  /** How many ratings chose this tag (templates only). */
  num: number;
}

/** One section of a rating template: star items, tag items or a text box. */
export interface TemplateSection {
  commentType: string;
  list: TemplateItem[];
  /** Prompt of the section (text sections: the placeholder). */
  text: string;
}

/** Highest star score. */
export const MAX_STARS = 5;

/** Page size of the rating list (spec §9); the confirm page's widget shows 2. */
export const RATING_PAGE_SIZE = 15;

const stars = (code: string, name: string): TemplateItem => ({ code, name, score: 0, num: 0 });
const tag = (code: string, name: string): TemplateItem => ({ code, name, score: 0, num: 0 });

/**
 * The rating templates. Every product uses the same two (one per node): the
 * spec shows no per-product difference, so they are not a manifest property.
 */
export const RATING_TEMPLATES: Readonly<Record<CommentNode, readonly TemplateSection[]>> = {
  '00': [
    {
      commentType: COMMENT_TYPE_STARS,
      text: '满意请给五星哦',
      list: [stars('S01', '投保便捷'), stars('S02', '条款清晰'), stars('S03', '客服态度')],
    },
    {
      commentType: COMMENT_TYPE_TAGS,
      text: '选择标签',
      list: [tag('T01', '价格实惠'), tag('T02', '保障全面'), tag('T03', '操作简单'), tag('T04', '出单快'), tag('T05', '学校推荐')],
    },
    { commentType: COMMENT_TYPE_TEXT, text: '说说您的投保体验吧', list: [] },
  ],
  '01': [
    {
      commentType: COMMENT_TYPE_STARS,
      text: '满意请给五星哦',
      list: [stars('C01', '报案便捷'), stars('C02', '理赔时效'), stars('C03', '服务态度')],
    },
    {
      commentType: COMMENT_TYPE_TAGS,
      text: '选择标签',
      list: [tag('T11', '赔付及时'), tag('T12', '材料简单'), tag('T13', '全程指导'), tag('T14', '线上理赔')],
    },
    { commentType: COMMENT_TYPE_TEXT, text: '说说您的理赔体验吧', list: [] },
  ],
};

export function isCommentNode(value: string): value is CommentNode {
  return (COMMENT_NODES as readonly string[]).includes(value);
}

/** A rating submission (spec §3), one node of one business. */
export interface RatingSubmission {
  productCode?: string | undefined;
  productName?: string | undefined;
  bizNo?: string | undefined;
  bizType?: string | undefined;
  commentNode: string;
  commentList: { commentType: string; list?: { code: string; name?: string; score?: number }[] | undefined; text?: string | undefined }[];
}

/** Labels of the required fields, in the order they are checked (spec §5). */
const REQUIRED_FIELDS = [
  ['productCode', '产品编码'],
  ['productName', '产品名称'],
  ['bizNo', '业务code'],
  ['bizType', '业务类型'],
] as const;

export const RATING_MESSAGES = {
  missing: (label: string) => `缺少${label}参数`,
  allStars: '请全部评价',
  unknownNode: '评价节点无效',
  unknownItem: '评价项不存在',
  textTooLong: '评价内容不能超过200字',
} as const;

export const MAX_COMMENT_TEXT = 200;

/**
 * Checks a submission against the node's template: the required fields
 * (缺少{label}参数), every star item scored 1..5 (请全部评价), only the
 * template's items. Returns the first problem, or null.
 */
export function checkRatingSubmission(submission: RatingSubmission): string | null {
  for (const [field, label] of REQUIRED_FIELDS) {
    const value = submission[field];
    if (typeof value !== 'string' || value.trim() === '') return RATING_MESSAGES.missing(label);
  }
  if (!isCommentNode(submission.commentNode)) return RATING_MESSAGES.unknownNode;
  const template = RATING_TEMPLATES[submission.commentNode];
  for (const section of template) {
    const given = submission.commentList.find((s) => s.commentType === section.commentType);
    if (section.commentType === COMMENT_TYPE_STARS) {
      for (const item of section.list) {
        const score = given?.list?.find((g) => g.code === item.code)?.score ?? 0;
        if (!Number.isInteger(score) || score <= 0 || score > MAX_STARS) return RATING_MESSAGES.allStars;
      }
    }
  }
  for (const given of submission.commentList) {
    const section = template.find((s) => s.commentType === given.commentType);
    if (!section) return RATING_MESSAGES.unknownItem;
    if (given.list?.some((g) => !section.list.some((item) => item.code === g.code))) return RATING_MESSAGES.unknownItem;
    if (given.text && Array.from(given.text).length > MAX_COMMENT_TEXT) return RATING_MESSAGES.textTooLong;
  }
  return null;
}

/** The score of one rating: the mean of its star items, in tenths (4.7 → 47). */
export function ratingScoreTenths(submission: RatingSubmission): number {
  const starSection = submission.commentList.find((s) => s.commentType === COMMENT_TYPE_STARS);
  const scores = (starSection?.list ?? []).map((item) => item.score ?? 0);
  if (scores.length === 0) return 0;
  return Math.round((scores.reduce((sum, s) => sum + s, 0) / scores.length) * 10);
}

/** The comment count as the detail page shows it: 999+ above three digits (spec §9). */
export function formatCommentCount(count: number): string {
  return count > 999 ? '999+' : String(Math.max(0, Math.trunc(count)));
}

/** A product score for display, one decimal (4.75 → '4.8'); '—' without ratings. */
export function formatScore(score: number, commentNum: number): string {
  return commentNum > 0 ? score.toFixed(1) : '—';
}
