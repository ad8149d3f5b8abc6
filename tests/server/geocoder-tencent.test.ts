/**
 * GEOCODER_PROVIDER=tencent against a fake of the Tencent Location Service
 * that checks `sig` as Tencent documents it and answers in its bodies; then
 * the geocoder contract (hit, miss, vendor down) run against the sandbox and
 * the Tencent adapter alike.
 */
import gcoord from 'gcoord';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketCalls } from '../../src/contract/market.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import type { GeocoderProvider } from '../../src/server/providers/geocoder/geocoder-provider.ts';
import { SandboxGeocoder } from '../../src/server/providers/geocoder/sandbox-geocoder.ts';
import { tencentLbsSig, TencentGeocoder } from '../../src/server/providers/geocoder/tencent-geocoder.ts';
import { createCallOut } from '../../src/server/providers/outbound.ts';
import { startTencentLbsFake, type TencentLbsFake } from '../fakes/tencent-lbs-fake.ts';
import { call, expectOk, makeTestApp, testConfig, type TestApp } from './helpers.ts';

const KEY = 'ABCDE-FGHIJ-KLMNO-PQRST-UVWXY-Z0123';
const SK = 'SWvT26ypwq5Nwb5RvS8cLi6NSoH8HlJX';
/** A phone's WGS-84 position in Xuzhou's Gulou district, and the same point in GCJ-02 as the fake keys it. */
const XUZHOU_WGS84 = { latitude: 34.28, longitude: 117.19 };
const [gcjLng, gcjLat] = gcoord.transform([XUZHOU_WGS84.longitude, XUZHOU_WGS84.latitude], gcoord.WGS84, gcoord.GCJ02) as [number, number];
const silent = { info: () => undefined, warn: () => undefined };

describe('GEOCODER_PROVIDER=tencent', () => {
  let fake: TencentLbsFake;
  beforeAll(async () => {
    fake = await startTencentLbsFake(KEY, SK);
    fake.places.set(`${gcjLat},${gcjLng}`, '320302');
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests = 0;
    fake.failNext = [];
  });
  const geocoder = (sk = SK) => new TencentGeocoder({ key: KEY, sk, baseUrl: fake.baseUrl }, createCallOut({ log: silent, initialDelayMs: 1 }));

  it('signs as Tencent documents: md5 of path, sorted raw parameters and the SK', () => {
    // Sorted by name, not URL-encoded, lower-case hex; the order the caller gives does not matter.
    expect(tencentLbsSig('/ws/geocoder/v1', { location: '28.7033487,115.8660847', key: 'K' }, 'S')).toBe(
      tencentLbsSig('/ws/geocoder/v1', { key: 'K', location: '28.7033487,115.8660847' }, 'S'),
    );
    expect(tencentLbsSig('/ws/geocoder/v1', { key: 'K', location: '1,2' }, 'S')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('places a phone’s position in its county and answers a nearby position from the cache', async () => {
    const g = geocoder();
    expect(await g.reverse(XUZHOU_WGS84)).toEqual({ countyCode: '320302' });
    expect(await g.reverse({ latitude: XUZHOU_WGS84.latitude + 0.0001, longitude: XUZHOU_WGS84.longitude })).toEqual({ countyCode: '320302' });
    expect(fake.requests).toBe(1);
  });

  it('answers null for a point abroad', async () => {
    expect(await geocoder().reverse({ latitude: 37.56, longitude: 126.97 })).toBeNull();
  });

  it('is refused by the vendor with a wrong SK, and does not retry the refusal', async () => {
    await expect(geocoder('WrongSecretKey000000000000000000').reverse({ latitude: 31.2, longitude: 121.4 })).rejects.toMatchObject({ vendorCode: '111', retryable: false });
    expect(fake.requests).toBe(1);
  });

  it('retries the vendor’s 5xx and QPS limit, then answers', async () => {
    fake.failNext = [{ http: 502 }, { status: 120, message: '此key每秒请求量已达到上限' }];
    expect(await geocoder().reverse(XUZHOU_WGS84)).toEqual({ countyCode: '320302' });
    expect(fake.requests).toBe(3);
  });

  describe('through locateArea', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeTestApp({ config: { providers: { ...testConfig().providers, geocoder: 'tencent' }, tencentLbs: { key: KEY, sk: SK, baseUrl: fake.baseUrl } } });
    });
    afterAll(() => t.close());

    it('places the visitor in the vendor’s county', async () => {
      const area = expectOk(await call<{ countyCode: string; located: boolean }>(t.app, { method: 'GET', url: `${marketCalls.locateArea.path}?latitude=${XUZHOU_WGS84.latitude}&longitude=${XUZHOU_WGS84.longitude}` }));
      expect(area).toMatchObject({ countyCode: '320302', located: true });
    });

    it('leaves the visitor unplaced (the market chooser) when the vendor is down, never in a guessed city', async () => {
      fake.failNext = [{ http: 503 }, { http: 503 }, { http: 503 }];
      const result = await call<{ located: boolean; countyCode: string | null }>(t.app, { method: 'GET', url: `${marketCalls.locateArea.path}?latitude=31.23&longitude=121.47` });
      expect(result.status).toBe(200);
      expect(expectOk(result)).toMatchObject({ located: false, countyCode: null });
    });
  });

  it('refuses to start without its key and SK, naming both and never quoting the SK', () => {
    expect(() => loadConfig({ GEOCODER_PROVIDER: 'tencent', DATA_DIR: 'tests/server/no-dist' })).toThrow(/TENCENT_LBS_KEY must be set[\s\S]*TENCENT_LBS_SK must be set/);
    let message = '';
    try {
      loadConfig({ GEOCODER_PROVIDER: 'tencent', TENCENT_LBS_KEY: KEY, TENCENT_LBS_SK: 'short!', DATA_DIR: 'tests/server/no-dist' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('TENCENT_LBS_SK must be');
    expect(message).not.toContain('short!');
  });
});

describe.each(['sandbox', 'tencent'] as const)('the geocoder contract: GEOCODER_PROVIDER=%s', (name) => {
  let fake: TencentLbsFake | undefined;
  let geocoder: GeocoderProvider;
  let t: TestApp;
  beforeAll(async () => {
    if (name === 'tencent') {
      fake = await startTencentLbsFake(KEY, SK);
      fake.places.set(`${gcjLat},${gcjLng}`, '320302');
      geocoder = new TencentGeocoder({ key: KEY, sk: SK, baseUrl: fake.baseUrl }, createCallOut({ log: silent, initialDelayMs: 1 }));
      t = await makeTestApp({ config: { providers: { ...testConfig().providers, geocoder: 'tencent' }, tencentLbs: { key: KEY, sk: SK, baseUrl: fake.baseUrl } } });
    } else {
      geocoder = new SandboxGeocoder();
      t = await makeTestApp({ config: { providers: { ...testConfig().providers, geocoder: 'sandbox' } } });
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  const locate = (latitude: number, longitude: number) => call<{ countyCode: string | null; located: boolean }>(t.app, { method: 'GET', url: `${marketCalls.locateArea.path}?latitude=${latitude}&longitude=${longitude}` });

  it('hit: places a phone’s position in Xuzhou in its county, directly and through locateArea', async () => {
    expect(await geocoder.reverse(XUZHOU_WGS84)).toMatchObject({ countyCode: '320302' });
    expect(expectOk(await locate(XUZHOU_WGS84.latitude, XUZHOU_WGS84.longitude))).toMatchObject({ countyCode: '320302', located: true });
  });

  it('miss: answers null for a point abroad, and locateArea leaves the visitor to the market chooser', async () => {
    expect(await geocoder.reverse({ latitude: 37.56, longitude: 126.97 })).toBeNull();
    expect(expectOk(await locate(37.56, 126.97))).toMatchObject({ located: false, countyCode: null });
  });

  it.skipIf(name === 'sandbox')('vendor down: locateArea falls back to the market chooser, never a guessed city (the sandbox is offline and never down)', async () => {
    fake!.failNext = [{ http: 503 }, { http: 503 }, { http: 503 }];
    const result = await locate(31.23, 121.47);
    expect(result.status).toBe(200);
    expect(expectOk(result)).toMatchObject({ located: false, countyCode: null });
  });
});
