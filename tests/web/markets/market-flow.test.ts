// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageModel, type MarketSummary } from '../../../src/engine/markets/page-model.ts';
import { marketHomeHref, runDecision } from '../../../src/web/features/catalogue/markets/market-flow.ts';
import { readMarketChoice, saveMarketChoice } from '../../../src/web/features/catalogue/state/market-choice.ts';
import { searchProducts } from '../../../src/web/features/catalogue/screens/search-center/search-center-screen.tsx';
import type { ProductListItem } from '../../../src/contract/product.ts';

const m = (id: string, areas: string[], homeRoute = '/insureMarketHome', status: 'online' | 'offline' = 'online'): MarketSummary => ({ id, name: id, status, areas, homeRoute });
const XUZHOU = m('xuzhou', ['320300']);
const JINING = m('jining', ['370800']);
const LANSHAN = m('lanshan', ['371302'], '/lanshanDetails');
const LINYI = m('linyi', ['371300']);
const MARKETS = [XUZHOU, JINING, LANSHAN, LINYI];

const model = (areaCode: string, current: string | null, inited: boolean) =>
  pageModel({ location: { status: 'located', areaCode, source: 'device' }, markets: MARKETS, online: true, current, inited });

describe('running the market page model in the browser', () => {
  let go: ReturnType<typeof vi.fn<(to: string, options?: { replace?: boolean }) => void>>;
  beforeEach(() => {
    localStorage.clear();
    go = vi.fn<(to: string, options?: { replace?: boolean }) => void>();
  });
  afterEach(() => localStorage.clear());

  it('goes to the market home route, replacing home, and remembers the market', async () => {
    expect(await runDecision(model('320302', null, false).decision, go)).toBe('left');
    expect(go).toHaveBeenCalledWith('/insureMarketHome?id=xuzhou', { replace: true });
    expect(readMarketChoice()).toEqual({ current: 'xuzhou', inited: true });
  });

  it('a market whose home route is a detail route lands there', () => {
    expect(marketHomeHref(LANSHAN)).toBe('/lanshanDetails');
    expect(marketHomeHref(XUZHOU)).toBe('/insureMarketHome?id=xuzhou');
  });

  it('opens the chooser with the markets of the place in order', async () => {
    await runDecision(model('371302', null, false).decision, go);
    expect(go).toHaveBeenCalledWith('/locationMarketHome?ids=lanshan%2Clinyi', { replace: true });
    expect(readMarketChoice()).toEqual({ current: null, inited: true });
  });

  it('asks the spec question; confirm goes, cancel stays and only sets the current market', async () => {
    saveMarketChoice({ current: 'jining', inited: true });
    const decision = model('320302', 'jining', true).decision;
    const ask = vi.fn(async () => false);
    expect(await runDecision(decision, go, ask)).toBe('stay');
    expect(ask).toHaveBeenCalledWith('您所在地区还有其他保险超市，是否前往？');
    expect(go).not.toHaveBeenCalled();
    expect(readMarketChoice()).toEqual({ current: 'xuzhou', inited: true });

    saveMarketChoice({ current: 'jining' });
    expect(await runDecision(decision, go, async () => true)).toBe('left');
    expect(go).toHaveBeenCalledWith('/insureMarketHome?id=xuzhou', { replace: true });
  });

  it('offline browser and unknown place leave the page alone', async () => {
    const offline = pageModel({ location: { status: 'pending' }, markets: null, online: false, current: null, inited: false });
    expect(await runDecision(offline.decision, go)).toBe('stay');
    expect(go).not.toHaveBeenCalled();
    expect(localStorage.getItem('marketChoice')).toBeNull();
  });
});

describe('searchProducts', () => {
  const item = (productCode: string, productName: string, productCategory2: string): ProductListItem => ({
    productCode,
    productName,
    productCategory2,
    image: '/img/illustrations/student-accident.svg',
    path: `/${productCode}`,
    subtitle: '',
    salesArea: '',
    fromPremium: 1,
    renewalLabel: '再次购买',
  });
  const list = [item('A', '徐州市学生平安保险', '学平险'), item('B', '少儿医疗保险', '少儿医疗'), item('C', '济宁学平险', '学平险')];

  it('matches by name, category and the chosen city\'s products together', () => {
    expect(searchProducts(list, '学', '', undefined).map((p) => p.productCode)).toEqual(['A', 'C']);
    expect(searchProducts(list, '', '少儿医疗').map((p) => p.productCode)).toEqual(['B']);
    expect(searchProducts(list, '学平', '学平险', new Set(['A', 'B'])).map((p) => p.productCode)).toEqual([]);
    expect(searchProducts(list, '', '', new Set(['A', 'B'])).map((p) => p.productCode)).toEqual(['A', 'B']);
    expect(searchProducts(list, '  ', '').length).toBe(3);
  });
});
