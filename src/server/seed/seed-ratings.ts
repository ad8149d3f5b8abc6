import { count, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BIZ_TYPE, COMMENT_NODE, RATING_TEMPLATES, type CommentNode } from '../../engine/ratings/ratings.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Db } from '../db/db.ts';
import { comments } from '../db/schema.ts';
import type { NewComment } from '../ratings/ratings-repo.ts';

/** Arbitrary constant key of the advisory lock that keeps two starting instances from both importing. */
const SEED_LOCK_KEY = 727_274_101;

const POLICY_TEXTS = [
  '学校群里老师推荐的，手机上几分钟就投好了，电子保单马上就收到。',
  '价格很实惠，保障也比较全面，孩子在学校磕磕碰碰也安心。',
  '条款写得很清楚，客服耐心解答了我关于既往症的问题。',
  '第二年续保了，流程比去年还顺畅。',
  '一开始不会填学校，客服电话指导了一下就好了。',
  '给两个孩子一起买的，信息可以复用，很方便。',
  '保额和去年一样，价格没涨，满意。',
  '',
  '页面清楚，方案对比一目了然。',
  '希望以后能支持更多支付方式。',
];
const CLAIM_TEXTS = [
  '孩子体育课扭伤，线上报案后三天就赔付到账了。',
  '理赔材料拍照上传就行，不用跑腿，点赞。',
  '客服全程跟进，告诉我缺什么材料，很专业。',
  '门诊费用报销比例和条款说的一致，没有扯皮。',
  '',
];

/** Deterministic pseudo-random numbers (a linear congruential generator), so every start imports the same ratings. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % n;
  };
}

function importedRatings(productCode: string, how: { policy: number; claim: number }, seed: number, now: Date): NewComment[] {
  const next = generator(seed);
  const rows: NewComment[] = [];
  const make = (node: CommentNode, i: number, texts: readonly string[]) => {
    const [starSection, tagSection] = RATING_TEMPLATES[node];
    // Mostly fives and fours, a few threes: what a well-run product collects.
    const items = (starSection?.list ?? []).map((item) => ({ code: item.code, score: [5, 5, 5, 5, 4, 4, 3][next(7)] ?? 5 }));
    const tags = (tagSection?.list ?? []).filter(() => next(3) === 0).map((item) => item.name);
    const mean = items.reduce((sum, item) => sum + item.score, 0) / Math.max(1, items.length);
    const phone = `1${3 + next(7)}${String(next(1_000_000_000)).padStart(9, '0')}`;
    rows.push({
      productCode,
      userId: null,
      loginAccount: phone,
      bizNo: `IMP${node}${String(seed).padStart(6, '0')}${String(i).padStart(5, '0')}`,
      bizType: node === COMMENT_NODE.policy ? BIZ_TYPE.policy : BIZ_TYPE.case,
      commentNode: node,
      scoreTenths: Math.round(mean * 10),
      items,
      tags,
      text: texts[next(texts.length)] ?? '',
      createdAt: new Date(now.getTime() - (i + 1) * 3_600_000 * (1 + next(20))),
    });
  };
  for (let i = 0; i < how.policy; i += 1) make(COMMENT_NODE.policy, i, POLICY_TEXTS);
  for (let i = 0; i < how.claim; i += 1) make(COMMENT_NODE.claim, i, CLAIM_TEXTS);
  return rows;
}

async function insertBatched(db: Db, rows: NewComment[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(comments).values(rows.slice(i, i + 500));
}

/**
 * The demo products the imported texts were written for: student accident
 * covers bought by parents (the texts speak of children at school and of
 * claims after school accidents), with how many ratings each gets. Only
 * these get demo ratings; any other manifest, and every new one, starts with
 * none, so its detail page shows no rating section until parents rate it.
 */
export const DEMO_RATED_PRODUCTS: readonly { productCode: string; policy: number; claim: number }[] = [
  { productCode: '25PR320300', policy: 1180, claim: 106 }, // 徐州市学生平安保险（2025版）, the demo's popular product: 999+
  { productCode: '22PR370800', policy: 6, claim: 2 }, // 济宁市学生平安保险
  { productCode: '23PR371300', policy: 5, claim: 1 }, // 临沂市学生平安保险
  { productCode: '24PR320600', policy: 4, claim: 1 }, // 平安南通学生平安保险
];

/**
 * Demo ratings, imported once (idempotent, safe with several instances) for
 * {@link DEMO_RATED_PRODUCTS} that are on sale and insure students (the
 * texts fit no other kind of product).
 */
export async function seedRatings(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await db.select({ n: count() }).from(comments).where(isNull(comments.userId));
    if (Number(existing?.n ?? 0) > 0) return;
    const rows = DEMO_RATED_PRODUCTS.flatMap(({ productCode, policy, claim }, index) => {
      const manifest = deps.manifests.online.find((m) => m.productCode === productCode);
      return manifest?.insure.template === 'student' ? importedRatings(productCode, { policy, claim }, index + 1, now) : [];
    });
    await insertBatched(db, rows);
    log.info({ ratings: rows.length }, 'demo ratings seeded');
  });
}
