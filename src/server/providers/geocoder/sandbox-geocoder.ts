import { COUNTY_SEATS } from './county-seats.ts';
import type { GeocodeResult, GeocoderProvider, GeoPoint } from './geocoder-provider.ts';

/** Beyond this distance from every known seat the sandbox does not guess (the caller falls back to the default domain). */
export const MAX_SEAT_DISTANCE_KM = 120;

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The sandbox geocoder: the county whose seat is nearest to the point, among
 * the seats of `county-seats.ts`, when it lies within {@link MAX_SEAT_DISTANCE_KM};
 * otherwise null. Deterministic, offline, no vendor key.
 */
export class SandboxGeocoder implements GeocoderProvider {
  constructor(private readonly seats = COUNTY_SEATS) {}

  reverse(point: GeoPoint): Promise<GeocodeResult | null> {
    let best: GeocodeResult | null = null;
    for (const [countyCode, latitude, longitude] of this.seats) {
      const d = distanceKm(point, { latitude, longitude });
      if (d <= MAX_SEAT_DISTANCE_KM && (!best || d < best.distanceKm!)) best = { countyCode, distanceKm: Math.round(d * 10) / 10 };
    }
    return Promise.resolve(best);
  }
}
