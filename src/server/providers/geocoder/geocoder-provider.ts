/**
 * Turns a device position into a county of the national region tree (spec §7
 * "a maps geocoder call by location"). A real adapter (a map vendor's reverse
 * geocoding API) implements this; the sandbox uses a table of seats.
 */
export interface GeoPoint {
  /** WGS-84 latitude, degrees. */
  latitude: number;
  /** WGS-84 longitude, degrees. */
  longitude: number;
}

export interface GeocodeResult {
  /** 6-digit county code. */
  countyCode: string;
  /** Distance from the reference point that decided, km (sandbox only; informative). */
  distanceKm?: number;
}

export interface GeocoderProvider {
  /** The county at `point`, or null when the provider cannot place it (outside its coverage). */
  reverse(point: GeoPoint): Promise<GeocodeResult | null>;
}
