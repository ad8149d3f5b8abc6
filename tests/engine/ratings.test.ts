import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkRatingSubmission,
  formatCommentCount,
  formatScore,
  RATING_TEMPLATES,
  ratingScoreTenths,
  type RatingSubmission,
} from '../../src/engine/ratings/ratings.ts';

const base: RatingSubmission = {
  productCode: '25PR320300',
  productName: '徐州学平险',
  bizNo: 'OD2025',
  bizType: '00',
  commentNode: '00',
  commentList: [{ commentType: '00', list: RATING_TEMPLATES['00'][0]!.list.map((i) => ({ code: i.code, score: 5 })) }],
};

describe('rating count (spec §9: 999+ above three digits)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '999+'],
    [123456, '999+'],
  ])('%i → %s', (n, shown) => expect(formatCommentCount(n)).toBe(shown));

  it('never shows more than three digits', () => {
    fc.assert(fc.property(fc.nat(), (n) => formatCommentCount(n).replace('+', '').length <= 3));
  });

  it('shows a score with one decimal, a dash without ratings', () => {
    expect(formatScore(4.75, 3)).toBe('4.8');
    expect(formatScore(0, 0)).toBe('—');
  });
});

describe('rating submission (spec §5)', () => {
  it('accepts a fully starred submission', () => expect(checkRatingSubmission(base)).toBeNull());

  it.each([
    ['productCode', '缺少产品编码参数'],
    ['productName', '缺少产品名称参数'],
    ['bizNo', '缺少业务code参数'],
    ['bizType', '缺少业务类型参数'],
  ] as const)('without %s says %s', (field, message) => {
    expect(checkRatingSubmission({ ...base, [field]: undefined })).toBe(message);
    expect(checkRatingSubmission({ ...base, [field]: '  ' })).toBe(message);
  });

  it('checks the fields in the spec order', () => {
    expect(checkRatingSubmission({ ...base, productName: undefined, bizType: undefined })).toBe('缺少产品名称参数');
  });

  it('needs every star item scored above zero: 请全部评价', () => {
    const items = RATING_TEMPLATES['00'][0]!.list;
    for (let missing = 0; missing < items.length; missing += 1) {
      const list = items.map((i, k) => ({ code: i.code, score: k === missing ? 0 : 4 }));
      expect(checkRatingSubmission({ ...base, commentList: [{ commentType: '00', list }] })).toBe('请全部评价');
      expect(checkRatingSubmission({ ...base, commentList: [{ commentType: '00', list: list.filter((_, k) => k !== missing) }] })).toBe('请全部评价');
    }
    expect(checkRatingSubmission({ ...base, commentList: [] })).toBe('请全部评价');
  });

  it('refuses items and nodes the template does not have', () => {
    expect(checkRatingSubmission({ ...base, commentNode: '07' })).toBe('评价节点无效');
    const list = [...base.commentList, { commentType: '01', list: [{ code: 'NOPE' }] }];
    expect(checkRatingSubmission({ ...base, commentList: list })).toBe('评价项不存在');
  });

  it('scores a rating as the mean of its stars, in tenths', () => {
    const list = [{ code: 'S01', score: 5 }, { code: 'S02', score: 4 }, { code: 'S03', score: 5 }];
    expect(ratingScoreTenths({ ...base, commentList: [{ commentType: '00', list }] })).toBe(47);
  });
});
