import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../src/contract/define-call.ts';
import type { RatingList, RatingStats, RatingTemplate } from '../../src/contract/ratings.ts';
import { RATING_REFUSALS } from '../../src/server/ratings/ratings-routes.ts';
import { DEMO_RATED_PRODUCTS, seedRatings } from '../../src/server/seed/seed-ratings.ts';
import { backends, call, expectOk, login, makeTestApp, openTrade, pressCashier, XUZHOU, JINING, type TestApp } from './helpers.ts';
import { ratingCalls } from '../../src/contract/ratings.ts';

const fullStars = [
  { code: 'S01', score: 5 },
  { code: 'S02', score: 4 },
  { code: 'S03', score: 5 },
];

function submission(overrides: Record<string, unknown> = {}) {
  return {
    productCode: XUZHOU,
    productName: '徐州学平险',
    bizType: '00',
    commentNode: '00',
    commentList: [
      { commentType: '00', list: fullStars },
      { commentType: '01', list: [{ code: 'T01', name: '价格实惠' }] },
      { commentType: '02', text: '  投保很方便  ' },
    ],
    ...overrides,
  };
}

describe.each(backends)('ratings (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ backend });
  });
  afterAll(async () => t.close());

  const stats = async (productCode: string) =>
    expectOk(await call<RatingStats>(t.app, { method: 'POST', url: ratingCalls.stats.path, payload: { productCode } }));

  async function paidOrder() {
    const trade = await openTrade(t.app);
    await pressCashier(t.app, trade.tradeNo);
    await t.settled();
    return trade;
  }

  it('starts a product with no ratings: score 0, count 0, an empty first page', async () => {
    expect(await stats(JINING)).toEqual({ score: 0, commentNum: 0 });
    const page = expectOk(
      await call<RatingList>(t.app, { method: 'POST', url: ratingCalls.list.path, payload: { status: 1, productCode: JINING, pn: 1, ps: 15, commentNode: '00' } }),
    );
    expect(page).toEqual({ list: [], total: 0 });
  });

  it('serves the template of each node with stars, tags and text', async () => {
    const template = expectOk(
      await call<RatingTemplate>(t.app, { method: 'GET', url: `${ratingCalls.template.path}?productCode=${XUZHOU}&commentNode=00` }),
    );
    expect(template.list.map((s) => s.commentType)).toEqual(['00', '01', '02']);
    expect(template.list[0]?.text).toBe('满意请给五星哦');
  });

  it('takes a rating of a paid order once, counts it, and lists it with the account masked', async () => {
    const { token, order } = await paidOrder();
    const before = await stats(XUZHOU);
    expectOk(await call(t.app, { method: 'POST', url: ratingCalls.submit.path, token, payload: [submission({ bizNo: order.orderCode })] }));
    const after = await stats(XUZHOU);
    expect(after.commentNum).toBe(before.commentNum + 1);

    const page = expectOk(
      await call<RatingList>(t.app, { method: 'POST', url: ratingCalls.list.path, payload: { status: 1, productCode: XUZHOU, pn: 1, ps: 15, commentNode: '00' } }),
    );
    const mine = page.list[0];
    expect(mine).toMatchObject({ text: '投保很方便', tags: ['价格实惠'], commentStatistics: [{ commentNode: '00', score: 4.7 }] });
    expect(mine?.loginAccount).toMatch(/^1\d{2}\*{4}\d{4}$/);

    const again = await call(t.app, { method: 'POST', url: ratingCalls.submit.path, token, payload: [submission({ bizNo: order.orderCode })] });
    expect(again.body).toMatchObject({ code: '4001', msg: RATING_REFUSALS.duplicate });
    expect((await stats(XUZHOU)).commentNum).toBe(after.commentNum);

    const status = expectOk(
      await call<{ rated: string[] }>(t.app, {
        method: 'POST',
        url: `${fillPath(ratingCalls.status.path, { node: '00', bizType: '00' })}?channelNo=edu&sysCode=sys_edu_wxb_wx`,
        token,
        payload: { bizNos: [order.orderCode, 'NOPE'] },
      }),
    );
    expect(status.rated).toEqual([order.orderCode]);
  });

  it('refuses missing fields and unscored stars with the spec messages, writing nothing', async () => {
    const { token, order } = await paidOrder();
    const before = await stats(XUZHOU);
    const cases: [Record<string, unknown>, string][] = [
      [{ productCode: undefined }, '缺少产品编码参数'],
      [{ productName: '' }, '缺少产品名称参数'],
      [{ bizNo: undefined }, '缺少业务code参数'],
      [{ bizNo: order.orderCode, bizType: undefined }, '缺少业务类型参数'],
      [{ bizNo: order.orderCode, commentList: [{ commentType: '00', list: fullStars.slice(0, 2) }] }, '请全部评价'],
      [{ bizNo: order.orderCode, commentList: [{ commentType: '00', list: [...fullStars.slice(0, 2), { code: 'S03', score: 0 }] }] }, '请全部评价'],
    ];
    for (const [overrides, msg] of cases) {
      const payload = submission({ bizNo: order.orderCode, ...overrides });
      const result = await call(t.app, { method: 'POST', url: ratingCalls.submit.path, token, payload: [JSON.parse(JSON.stringify(payload))] });
      expect(result.body, msg).toMatchObject({ code: '4001', msg });
    }
    expect(await stats(XUZHOU)).toEqual(before);
  });

  it("refuses an unpaid order, someone else's order and another product's order", async () => {
    const unpaid = await openTrade(t.app);
    const refusedUnpaid = await call(t.app, { method: 'POST', url: ratingCalls.submit.path, token: unpaid.token, payload: [submission({ bizNo: unpaid.order.orderCode })] });
    expect(refusedUnpaid.body).toMatchObject({ code: '4001', msg: RATING_REFUSALS.notPaid });

    const paid = await paidOrder();
    const stranger = await login(t.app);
    const refusedStranger = await call(t.app, { method: 'POST', url: ratingCalls.submit.path, token: stranger.token, payload: [submission({ bizNo: paid.order.orderCode })] });
    expect(refusedStranger.body).toMatchObject({ code: '4001', msg: RATING_REFUSALS.noBusiness });

    const otherProduct = await call(t.app, {
      method: 'POST',
      url: ratingCalls.submit.path,
      token: paid.token,
      payload: [submission({ bizNo: paid.order.orderCode, productCode: JINING })],
    });
    expect(otherProduct.body).toMatchObject({ code: '4001', msg: RATING_REFUSALS.productMismatch });
  });

  it('needs log-in to rate, answers 4000 for a malformed body and 4004 for an unknown product', async () => {
    expect((await call(t.app, { method: 'POST', url: ratingCalls.submit.path, payload: [submission()] })).body.code).toBe('406');
    const { token } = await login(t.app);
    const malformed = await call(t.app, { method: 'POST', url: ratingCalls.submit.path, token, payload: { not: 'an array' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('4000');
    expect((await call(t.app, { method: 'POST', url: ratingCalls.stats.path, payload: { productCode: 'NOSUCH01' } })).body.code).toBe('4004');
  });
});

describe('imported demo ratings', () => {
  it('are imported once, only for the student products they were written for: the popular one over 999, every other product none', async () => {
    const t = await makeTestApp();
    try {
      const { loadManifestStore } = await import('../../src/server/catalogue/manifest-store.ts');
      const manifests = loadManifestStore(t.config.manifestsDir);
      const seedDeps = { db: t.database.db, manifests, now: () => new Date() } as unknown as Parameters<typeof seedRatings>[0];
      const log = { info: () => undefined } as unknown as Parameters<typeof seedRatings>[1];
      await seedRatings(seedDeps, log);
      await seedRatings(seedDeps, log);
      const popular = expectOk(await call<RatingStats>(t.app, { method: 'POST', url: ratingCalls.stats.path, payload: { productCode: XUZHOU } }));
      expect(popular.commentNum).toBe(1286);
      expect(popular.score).toBeGreaterThan(4);
      expect(popular.score).toBeLessThanOrEqual(5);
      const rated = new Set(DEMO_RATED_PRODUCTS.map((p) => p.productCode));
      for (const manifest of manifests.online) {
        const { commentNum } = expectOk(await call<RatingStats>(t.app, { method: 'POST', url: ratingCalls.stats.path, payload: { productCode: manifest.productCode } }));
        if (rated.has(manifest.productCode)) {
          expect(manifest.insure.template, manifest.productCode).toBe('student');
          expect(commentNum, manifest.productCode).toBeGreaterThan(0);
        } else expect(commentNum, manifest.productCode).toBe(0);
      }
    } finally {
      await t.close();
    }
  }, 120_000);
});
