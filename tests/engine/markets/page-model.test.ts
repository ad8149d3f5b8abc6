import { describe, expect, it } from 'vitest';
import {
  MARKET_OFFLINE_MESSAGE,
  OTHER_MARKET_MESSAGE,
  marketsFor,
  pageModel,
  type LocationState,
  type MarketSummary,
  type PageModelInput,
} from '../../../src/engine/markets/page-model';

const market = (id: string, areas: string[], status: 'online' | 'offline' = 'online'): MarketSummary => ({
  id,
  name: id,
  status,
  areas,
  homeRoute: '/insureMarketHome',
});
const XUZHOU = market('xuzhou', ['320300']);
const LINYI = market('linyi', ['371300']);
const LANSHAN = market('lanshan', ['371302']);
const SHANDONG = market('shandong', ['370000']);
const CHONGQING = market('chongqing', ['500000']);
const GONE = market('gone', ['320300'], 'offline');
const ALL = [XUZHOU, LINYI, LANSHAN, CHONGQING, GONE];

const at = (areaCode: string, source: 'device' | 'default' = 'device'): LocationState => ({ status: 'located', areaCode, source });
const input = (over: Partial<PageModelInput>): PageModelInput => ({
  location: at('320302'),
  markets: ALL,
  online: true,
  current: null,
  inited: false,
  ...over,
});

describe('marketsFor', () => {
  it('finds online markets containing the place, most specific area first', () => {
    expect(marketsFor([SHANDONG, LINYI, LANSHAN], '371302').map((m) => m.id)).toEqual(['lanshan', 'linyi', 'shandong']);
    expect(marketsFor(ALL, '320302').map((m) => m.id)).toEqual(['xuzhou']);
    expect(marketsFor(ALL, '110101')).toEqual([]);
    expect(marketsFor([GONE], '320302')).toEqual([]);
  });
});

describe('pageModel', () => {
  it('is OFF_NET_MARKET whenever the browser is offline, whatever else holds', () => {
    for (const location of [at('320302'), { status: 'pending' } as const]) {
      for (const current of [null, 'xuzhou', 'gone']) {
        const m = pageModel(input({ online: false, location, current }));
        expect(m.model).toBe('OFF_NET_MARKET');
        expect(m.switches.net).toBe(false);
        expect(m.decision).toEqual({ kind: 'offline' });
      }
    }
  });

  it('is UN_INITED while the place or the markets are unknown', () => {
    expect(pageModel(input({ location: { status: 'pending' } })).model).toBe('UN_INITED');
    expect(pageModel(input({ markets: null })).decision).toEqual({ kind: 'wait' });
  });

  it('goes straight to the one market of the place when not initialised', () => {
    const m = pageModel(input({}));
    expect(m.model).toBe('ONLY_MARKET');
    expect(m.switches).toEqual({ market: true, location: true, net: true, line: true });
    expect(m.decision).toEqual({ kind: 'step', step: { go: { to: 'market', market: XUZHOU }, setCurrent: 'xuzhou' } });
  });

  it('the location switch is off on the default domain', () => {
    const m = pageModel(input({ location: at('500000', 'default') }));
    expect(m.switches.location).toBe(false);
    expect(m.decision).toMatchObject({ kind: 'step', step: { go: { to: 'market', market: CHONGQING } } });
  });

  it('goes to the current market when it serves the place, asked nothing', () => {
    const m = pageModel(input({ current: 'xuzhou', inited: true }));
    expect(m.decision).toEqual({ kind: 'step', step: { go: { to: 'market', market: XUZHOU }, setCurrent: 'xuzhou' } });
  });

  it('asks about the market of the place when initialised with another market: confirm goes, cancel only sets it', () => {
    const m = pageModel(input({ current: 'linyi', inited: true }));
    expect(m.model).toBe('ONLY_MARKET');
    expect(m.decision).toEqual({
      kind: 'ask',
      message: OTHER_MARKET_MESSAGE,
      confirm: { go: { to: 'market', market: XUZHOU }, setCurrent: 'xuzhou' },
      cancel: { go: { to: 'stay' }, setCurrent: 'xuzhou' },
    });
    expect(OTHER_MARKET_MESSAGE).toBe('您所在地区还有其他保险超市，是否前往？');
  });

  it('does not ask when a current market was stored but the visitor was never initialised', () => {
    expect(pageModel(input({ current: 'linyi', inited: false })).decision.kind).toBe('step');
  });

  it('opens the chooser when several markets serve the place (GLOBAL_MARKET)', () => {
    const m = pageModel(input({ location: at('371302') }));
    expect(m.model).toBe('GLOBAL_MARKET');
    expect(m.found.map((x) => x.id)).toEqual(['lanshan', 'linyi']);
    expect(m.decision).toEqual({ kind: 'step', step: { go: { to: 'chooser', markets: [LANSHAN, LINYI] } } });
  });

  it('with several markets, keeps the current one among them', () => {
    const m = pageModel(input({ location: at('371302'), current: 'linyi', inited: true }));
    expect(m.decision).toEqual({ kind: 'step', step: { go: { to: 'market', market: LINYI }, setCurrent: 'linyi' } });
  });

  it('with several markets and a current market elsewhere, asks; confirm opens the chooser, cancel keeps the current market', () => {
    const m = pageModel(input({ location: at('371302'), current: 'xuzhou', inited: true }));
    expect(m.decision).toEqual({
      kind: 'ask',
      message: OTHER_MARKET_MESSAGE,
      confirm: { go: { to: 'chooser', markets: [LANSHAN, LINYI] } },
      cancel: { go: { to: 'market', market: XUZHOU }, setCurrent: 'xuzhou' },
    });
  });

  it('is normal (the plain catalogue) when no market serves the place and none was chosen', () => {
    const m = pageModel(input({ location: at('110101') }));
    expect(m.model).toBe('normal');
    expect(m.switches.market).toBe(false);
    expect(m.decision).toEqual({ kind: 'step', step: { go: { to: 'stay' } } });
  });

  it('keeps a chosen market that does not serve the place when none does', () => {
    const m = pageModel(input({ location: at('110101'), current: 'linyi', inited: true }));
    expect(m.model).toBe('ONLY_MARKET');
    expect(m.decision).toEqual({ kind: 'step', step: { go: { to: 'market', market: LINYI }, setCurrent: 'linyi' } });
  });

  it('asks when the chosen market went offline: confirm goes to the market of the place', () => {
    const m = pageModel(input({ current: 'gone', inited: true }));
    expect(m.switches.line).toBe(false);
    expect(m.decision).toEqual({
      kind: 'ask',
      message: MARKET_OFFLINE_MESSAGE,
      confirm: { go: { to: 'market', market: XUZHOU }, setCurrent: 'xuzhou' },
      cancel: { go: { to: 'stay' }, setCurrent: null },
    });
    expect(MARKET_OFFLINE_MESSAGE).toBe('您选择的保险超市已下线，是否前往其他超市或重新选择？');
  });

  it('treats a removed market like an offline one; with no market for the place, confirm opens the chooser of every online market', () => {
    const m = pageModel(input({ location: at('110101'), current: 'deleted', inited: true }));
    expect(m.switches.line).toBe(false);
    expect(m.decision).toMatchObject({
      kind: 'ask',
      message: MARKET_OFFLINE_MESSAGE,
      confirm: { go: { to: 'chooser', markets: [XUZHOU, LINYI, LANSHAN, CHONGQING] }, setCurrent: null },
    });
  });

  it('offline chosen market with several markets for the place: confirm opens their chooser', () => {
    const m = pageModel(input({ location: at('371302'), current: 'gone', inited: true }));
    expect(m.model).toBe('GLOBAL_MARKET');
    expect(m.decision).toMatchObject({ kind: 'ask', confirm: { go: { to: 'chooser', markets: [LANSHAN, LINYI] } } });
  });

  it('never picks an offline market by location', () => {
    const m = pageModel(input({ markets: [GONE] }));
    expect(m.model).toBe('normal');
    expect(m.found).toEqual([]);
  });

  it('covers every combination of the inputs with a consistent model and switches', () => {
    const locations: LocationState[] = [{ status: 'pending' }, at('320302'), at('371302'), at('110101'), at('500000', 'default')];
    const currents = [null, 'xuzhou', 'linyi', 'gone', 'deleted'];
    for (const online of [true, false])
      for (const location of locations)
        for (const current of currents)
          for (const inited of [true, false])
            for (const markets of [null, ALL]) {
              const m = pageModel({ online, location, current, inited, markets });
              if (!online) expect(m.model).toBe('OFF_NET_MARKET');
              else if (location.status === 'pending' || markets === null) expect(m.model).toBe('UN_INITED');
              else {
                expect(m.model).toBe(m.found.length > 1 ? 'GLOBAL_MARKET' : m.switches.market ? 'ONLY_MARKET' : 'normal');
                expect(m.switches.line).toBe(current === null || current === 'xuzhou' || current === 'linyi');
                if (m.decision.kind === 'step' && m.decision.step.go.to === 'market') expect(m.decision.step.go.market.status).toBe('online');
                if (m.decision.kind === 'ask') expect([OTHER_MARKET_MESSAGE, MARKET_OFFLINE_MESSAGE]).toContain(m.decision.message);
              }
              expect(m.switches.net).toBe(online);
            }
  });
});
