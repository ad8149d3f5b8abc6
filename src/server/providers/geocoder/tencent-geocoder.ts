import { createHash } from 'node:crypto';
import gcoord from 'gcoord';
import { LRUCache } from 'lru-cache';
import { OutboundError, type CallOut } from '../outbound.ts';
import type { GeocodeResult, GeocoderProvider, GeoPoint } from './geocoder-provider.ts';

export interface TencentLbsSettings {
  /** The WebService API key (腾讯位置服务控制台 → 应用管理 → Key). */
  key: string;
  /** The key's SecretKey for 签名校验 (SN校验). */
  sk: string;
  /** https://apis.map.qq.com; tests point it at a fake. */
  baseUrl: string;
}

export const TENCENT_LBS_BASE = 'https://apis.map.qq.com';
const REVERSE_PATH = '/ws/geocoder/v1/';
/** Three decimals: about 110 m, far inside any county, so one vendor call serves a neighbourhood. */
const CACHE_DECIMALS = 3;
const CACHE_TTL_MS = 7 * 24 * 3600_000;
/** Status codes that say "try later" (QPS limit); every other non-zero status is a final refusal. */
const TRANSIENT_STATUSES = new Set([120]);

/**
 * The signature Tencent documents for WebService GET calls with 签名校验 on:
 * md5 of the request path, "?", the parameters sorted by name and not
 * URL-encoded, and the SK, in lower-case hex.
 */
export function tencentLbsSig(path: string, params: Record<string, string>, sk: string): string {
  const query = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5').update(`${path}?${query}${sk}`, 'utf8').digest('hex');
}

interface ReverseAnswer {
  status?: number;
  message?: string;
  result?: { ad_info?: { adcode?: string | number; nation_code?: string | number } };
}

/**
 * Reverse geocoding by the Tencent Location Service (腾讯位置服务, /ws/geocoder/v1):
 * the browser's WGS-84 position is turned into GCJ-02 (the datum Tencent's
 * maps use, by gcoord) and answered with the county's adcode. Results are
 * cached by rounded coordinates. A point outside China answers null; a vendor
 * failure throws, and the caller falls back to the market chooser.
 */
export class TencentGeocoder implements GeocoderProvider {
  private readonly cache = new LRUCache<string, { countyCode: string | null }>({ max: 10_000, ttl: CACHE_TTL_MS });

  constructor(
    private readonly settings: TencentLbsSettings,
    private readonly callOut: CallOut,
  ) {}

  async reverse(point: GeoPoint): Promise<GeocodeResult | null> {
    const cacheKey = `${point.latitude.toFixed(CACHE_DECIMALS)},${point.longitude.toFixed(CACHE_DECIMALS)}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached.countyCode ? { countyCode: cached.countyCode } : null;
    const [lng, lat] = gcoord.transform([point.longitude, point.latitude], gcoord.WGS84, gcoord.GCJ02) as [number, number];
    const params = { key: this.settings.key, location: `${lat.toFixed(6)},${lng.toFixed(6)}` };
    const url = new URL(REVERSE_PATH, this.settings.baseUrl);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('sig', tencentLbsSig(REVERSE_PATH, params, this.settings.sk));
    const answer = await this.callOut({
      vendor: 'tencent-lbs',
      call: 'geocoder.reverse',
      idempotent: true,
      timeoutMs: 3_000,
      run: async (signal) => {
        const response = await fetch(url, { signal });
        if (response.status >= 500) throw new OutboundError(`HTTP ${response.status}`, true, String(response.status));
        if (!response.ok) throw new OutboundError(`HTTP ${response.status}`, false, String(response.status));
        const body = (await response.json()) as ReverseAnswer;
        if (body.status !== 0) throw new OutboundError(`status ${body.status}: ${body.message ?? ''}`, TRANSIENT_STATUSES.has(Number(body.status)), String(body.status));
        return body;
      },
    });
    const adInfo = answer.result?.ad_info;
    const adcode = String(adInfo?.adcode ?? '');
    const countyCode = String(adInfo?.nation_code ?? '') === '156' && /^\d{6}$/.test(adcode) ? adcode : null;
    this.cache.set(cacheKey, { countyCode });
    return countyCode ? { countyCode } : null;
  }
}
