import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillPath, GW } from '../../../src/contract/define-call.ts';
import { regionChildren } from '../../../src/engine/regions/region-table.ts';
import { cachedAreaChildren, loadAreaChildren, loadRegionLabels, resetRegionCache } from '../../../src/web/shared/api/regions.ts';
import { regionLabel, regionPath, regionText } from '../../../src/web/form-theme/region-data.ts';
import { marketCalls } from '../../../src/contract/market.ts';

/** A gateway answering getArea from the national table, as the server does, counting calls per path. */
function gateway() {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname);
    const code = url.pathname.split('/').pop()!;
    const data = regionChildren(code).map((n) => ({ ...n, isLeaf: n.level === 'county' }));
    return new Response(JSON.stringify({ code: '0000', msg: '', data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { calls, fetch };
}

describe('region tree in the web app', () => {
  let g: ReturnType<typeof gateway>;
  beforeEach(() => {
    resetRegionCache();
    g = gateway();
    vi.stubGlobal('fetch', g.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads one level per getArea call and each code once', async () => {
    const provinces = await loadAreaChildren();
    expect(provinces).toHaveLength(31);
    await Promise.all([loadAreaChildren('320000'), loadAreaChildren('320000')]);
    await loadAreaChildren('320000');
    expect(g.calls).toEqual([GW + fillPath(marketCalls.getArea.path, { code: '000000' }), GW + fillPath(marketCalls.getArea.path, { code: '320000' })]);
    expect(cachedAreaChildren('320000')?.map((c) => c.label)).toContain('徐州市');
    expect(cachedAreaChildren('320300')).toBeUndefined();
  });

  it('shows codes until their level is loaded, then names', async () => {
    const codes = { provinceCode: '320000', cityCode: '320300', countyCode: '320302' };
    expect(regionText(codes)).toBe('320000 320300 320302');
    await loadRegionLabels(Object.values(codes));
    expect(regionText(codes)).toBe('江苏省 徐州市 鼓楼区');
    expect(regionLabel('320302')).toBe('鼓楼区');
    expect(g.calls).toHaveLength(3); // root, 320000, 320300: one call per level, shared by the three codes
  });

  it('opens the cascader on the path of a code, derived from the code alone', () => {
    expect(regionPath('320302')).toEqual(['320000', '320300', '320302']);
    expect(regionPath('320300')).toEqual(['320000', '320300']);
    expect(regionPath('500000')).toEqual(['500000']);
    expect(regionPath('12')).toEqual([]);
    expect(regionPath(undefined)).toEqual([]);
  });
});
