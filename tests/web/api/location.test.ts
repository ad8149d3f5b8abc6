import { MemoryStorage } from '../state/memory-storage.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The visitor's place: asked once per session, and 重新定位 measures a new position instead of reusing a cached one. */
describe('locateVisitor', () => {
  const maximumAges: (number | undefined)[] = [];

  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (ok: PositionCallback, _fail: PositionErrorCallback, options?: PositionOptions) => {
          maximumAges.push(options?.maximumAge);
          ok({ coords: { latitude: 34.26, longitude: 117.18 } } as GeolocationPosition);
        },
      },
    });
    maximumAges.length = 0;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks once per session, accepting a recent cached position; 重新定位 asks for a fresh one', async () => {
    vi.resetModules();
    const { marketApi } = await import('../../../src/web/shared/api/market-api.ts');
    vi.spyOn(marketApi, 'locateArea').mockResolvedValue({ located: true, areaCode: '320302', name: '江苏省徐州市鼓楼区' } as Awaited<ReturnType<typeof marketApi.locateArea>>);
    const { forgetVisitorPlace, locateVisitor } = await import('../../../src/web/features/catalogue/api/location.ts');
    await locateVisitor();
    await locateVisitor();
    expect(maximumAges).toEqual([10 * 60 * 1000]);
    forgetVisitorPlace();
    expect((await locateVisitor()).name).toBe('江苏省徐州市鼓楼区');
    expect(maximumAges).toHaveLength(2);
    expect(maximumAges[1]).toBe(0);
    forgetVisitorPlace();
    await locateVisitor();
    expect(maximumAges[2]).toBe(0);
  });
});
