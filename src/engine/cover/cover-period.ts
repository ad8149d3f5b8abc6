import type { ProductManifest } from '../manifest/manifest-types.generated.ts';

/** China has one time zone, UTC+8, and no daylight saving. */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 86400 * 1000;

/** Calendar date (UTC fields hold the Shanghai wall date). */
function shanghaiDate(at: Date): Date {
  const wall = new Date(at.getTime() + SHANGHAI_OFFSET_MS);
  return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
}

function ymd(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Adds calendar months, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
function addMonths(d: Date, months: number): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay)));
}

export interface CoverPeriod {
  /** 'YYYY-MM-DD 00:00:00', Beijing time. */
  startDate: string;
  /** 'YYYY-MM-DD 23:59:59' of the last day, or 'YYYY-MM-DD 00:00:00' of the day after (spec §9). */
  endDate: string;
  /** The start as an instant, for age checks on the start day. */
  start: Date;
}

/**
 * Cover period of a policy bought at `orderedAt`: cover starts at 00:00:00
 * (Beijing) `startOffsetDays` after the order day, or on `fixedStart` when
 * that is later, and lasts `months`.
 */
export function coverPeriod(manifest: ProductManifest, orderedAt: Date): CoverPeriod {
  const { startOffsetDays, fixedStart, months, endTime } = manifest.cover;
  let start = new Date(shanghaiDate(orderedAt).getTime() + startOffsetDays * DAY_MS);
  if (fixedStart) {
    const fixed = new Date(`${fixedStart}T00:00:00Z`);
    if (fixed > start) start = fixed;
  }
  const after = addMonths(start, months);
  const endDate =
    endTime === '23:59:59' ? `${ymd(new Date(after.getTime() - DAY_MS))} 23:59:59` : `${ymd(after)} 00:00:00`;
  return { startDate: `${ymd(start)} 00:00:00`, endDate, start: new Date(start.getTime() - SHANGHAI_OFFSET_MS) };
}
