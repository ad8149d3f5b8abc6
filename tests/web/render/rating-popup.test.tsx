// @vitest-environment happy-dom
/**
 * The rating popup (spec §4 Rating popup, §5, §8): template loaded, every
 * star required (请全部评价), the submission of spec §3 built from the
 * answers. Giving stars needs real pointer geometry (antd-mobile's Rate
 * measures itself), so submitting is covered in Chromium (e2e).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GW } from '../../../src/contract/define-call.ts';
import { checkRatingSubmission, RATING_TEMPLATES } from '../../../src/engine/ratings/ratings.ts';
import { setUpAntdMobileForReact19 } from '../../../src/web/app/setup.ts';
import { MISSING_TARGET_LOG, RatingPopup, toSubmission, type RatingTarget } from '../../../src/web/features/ratings/components/rating-popup/rating-popup.tsx';
import { declareReactActEnvironment, guardConsoleError, renderInApp } from './harness.tsx';
import { ratingCalls } from '../../../src/contract/ratings.ts';

declareReactActEnvironment();
beforeAll(() => setUpAntdMobileForReact19());

const target: RatingTarget = { productCode: '25PR320300', productName: '徐州学平险', bizNo: 'OD1', bizType: '00', commentNode: '00' };

function gateway(submitAnswer: { code: string; msg: string }) {
  const submitted: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.slice(GW.length);
    const json = (code: string, msg: string, data: unknown) => new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });
    if (path === ratingCalls.template.path) return json('0000', '', { list: RATING_TEMPLATES['00'], total: 3 });
    if (path === ratingCalls.submit.path) {
      submitted.push(JSON.parse(String(init?.body)));
      return json(submitAnswer.code, submitAnswer.msg, null);
    }
    return json('5000', `unexpected ${path}`, null);
  });
  return { fetch, submitted };
}

let consoleError: ReturnType<typeof guardConsoleError>;
beforeEach(() => {
  consoleError = guardConsoleError();
});
afterEach(() => {
  try {
    consoleError.check();
  } finally {
    vi.unstubAllGlobals();
  }
});

describe('rating popup', () => {
  it('loads the node template (stars, tags, text) and warns 请全部评价 without sending while a star is missing', async () => {
    const gw = gateway({ code: '0000', msg: '评价成功' });
    vi.stubGlobal('fetch', gw.fetch);
    const onClose = vi.fn();
    renderInApp(<RatingPopup visible target={target} onClose={onClose} />);
    const popup = await screen.findByTestId('rating-popup');
    await within(popup).findByText('满意请给五星哦');
    for (const name of ['投保便捷', '条款清晰', '客服态度', '价格实惠']) expect(within(popup).getByText(name)).toBeTruthy();
    expect(within(popup).getByPlaceholderText('说说您的投保体验吧')).toBeTruthy();

    fireEvent.click(within(popup).getByTestId('rating-submit'));
    await screen.findByText('请全部评价');
    expect(gw.submitted).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows nothing and logs 缺少获取节点的产品code和评价节点 without a product code', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderInApp(<RatingPopup visible target={{ ...target, productCode: '' }} onClose={() => undefined} />);
    expect(screen.queryByTestId('rating-popup')).toBeNull();
    expect(warn).toHaveBeenCalledWith(MISSING_TARGET_LOG);
    warn.mockRestore();
  });

  it('builds the spec §3 submission from the answers: every star, the chosen tags, the trimmed text', () => {
    const template = { list: RATING_TEMPLATES['00'].map((s) => ({ ...s, list: [...s.list] })), total: 3 };
    const submission = toSubmission(target, template, { stars: { S01: 5, S02: 4, S03: 5 }, tags: ['T01'], text: ' 很方便 ' });
    expect(submission).toEqual({
      ...target,
      commentList: [
        { commentType: '00', list: [{ code: 'S01', name: '投保便捷', score: 5 }, { code: 'S02', name: '条款清晰', score: 4 }, { code: 'S03', name: '客服态度', score: 5 }] },
        { commentType: '01', list: [{ code: 'T01', name: '价格实惠' }] },
        { commentType: '02', text: '很方便' },
      ],
    });
    expect(checkRatingSubmission(submission)).toBeNull();
    expect(checkRatingSubmission(toSubmission(target, template, { stars: { S01: 5, S02: 4 }, tags: [], text: '' }))).toBe('请全部评价');
  });
});
