import { DEFAULT_REGION_CODE } from '../../../../engine/rules/regions.ts';
import { marketApi } from '../../../shared/api/market-api.ts';

/** Where the visitor is, as the market page model needs it. */
export interface VisitorPlace {
  areaCode: string;
  /** device: from geolocation; default: location refused or unavailable (spec §9 default domain, Chongqing). */
  source: 'device' | 'default';
  name: string;
}

export const DEFAULT_PLACE: VisitorPlace = { areaCode: DEFAULT_REGION_CODE, source: 'default', name: '重庆市' };

const SESSION_KEY = 'visitorPlace';
/** Waiting longer than this for the browser's answer counts as unavailable. */
const GEOLOCATION_TIMEOUT_MS = 8000;

let pending: Promise<VisitorPlace> | null = null;
/** Set by 重新定位: the next position is measured anew, not the browser's cached one. */
let fresh = false;

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: GEOLOCATION_TIMEOUT_MS,
      // A position up to 10 minutes old saves a fix on every page; 重新定位 asks for a new one.
      maximumAge: fresh ? 0 : 10 * 60 * 1000,
    });
    fresh = false;
  });
}

async function locate(): Promise<VisitorPlace> {
  try {
    const { coords } = await position();
    const area = await marketApi.locateArea(coords.latitude, coords.longitude, { silent: true });
    return area?.located ? { areaCode: area.areaCode, source: 'device', name: area.name } : DEFAULT_PLACE;
  } catch {
    // Refused, unavailable, timed out, or the geocoder failed: the default domain.
    return DEFAULT_PLACE;
  }
}

/**
 * The visitor's place: browser geolocation, then the server's geocoder
 * (`user-svc/api/v1/locateArea`); Chongqing (500000) when location is refused
 * or unavailable. Asked once per browser session (kept in session storage),
 * so the permission prompt does not come back on every page.
 */
export function locateVisitor(): Promise<VisitorPlace> {
  try {
    const saved = sessionStorage.getItem(SESSION_KEY);
    if (saved) return Promise.resolve(JSON.parse(saved) as VisitorPlace);
  } catch {
    // Storage unavailable (private mode): locate every time.
  }
  pending ??= locate().then((place) => {
    try {
      sessionStorage.setItem(SESSION_KEY, JSON.stringify(place));
    } catch {
      // ignore
    }
    pending = null;
    return place;
  });
  return pending;
}

/** Forgets the place, so the next call asks the browser again (切换定位 / tests). */
export function forgetVisitorPlace(): void {
  pending = null;
  fresh = true;
  try {
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // ignore
  }
}
