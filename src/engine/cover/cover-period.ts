import type { ProductManifest } from '../manifest/manifest-types.generated.ts';
import { formatShanghai, parseShanghaiStrict, SHANGHAI_OFFSET_MS } from '../time/shanghai-time.ts';

const DAY_MS = 86400 * 1000;

/**
 * 00:00:00 Beijing time of the day `months` calendar months after the Beijing
 * day of `instant`, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb).
 */
function addMonthsShanghai(instant: number, months: number): number {
  const wall = new Date(instant + SHANGHAI_OFFSET_MS);
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(wall.getUTCDate(), lastDay)) - SHANGHAI_OFFSET_MS;
}

/** 00:00:00 Beijing time of the Beijing day of `instant`. */
function shanghaiMidnight(instant: number): number {
  return Math.floor((instant + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
}

/** A manifest's `fixedStart`, parsed once per value. */
const fixedStarts = new Map<string, number>();

export interface CoverPeriod {
  /** 'YYYY-MM-DD 00:00:00', Beijing time. */
  startDate: string;
  /** 'YYYY-MM-DD 23:59:59' of the last day, or 'YYYY-MM-DD 00:00:00' of the day after (spec §9). */
  endDate: string;
  /** The start as an instant, for age checks on the start day. */
  start: Date;
  /** The end as an instant. */
  end: Date;
}

/**
 * Cover period of a policy bought at `orderedAt` for `years` guarantee years
 * (保障年限, one of `pricing.guaranteeYears`): cover starts at 00:00:00
 * (Beijing) `startOffsetDays` after the order day, or on `fixedStart` when
 * that is later, and lasts `months` × `years`. The start does not depend on
 * the years.
 */
export function coverPeriod(manifest: ProductManifest, orderedAt: Date, years = 1): CoverPeriod {
  if (!Number.isInteger(years) || years < 1) throw new RangeError(`guarantee years must be a positive integer, got ${years}`);
  const { startOffsetDays, fixedStart, endTime } = manifest.cover;
  const months = manifest.cover.months * years;
  let startMs = shanghaiMidnight(orderedAt.getTime()) + startOffsetDays * DAY_MS;
  if (fixedStart) {
    let fixed = fixedStarts.get(fixedStart);
    if (fixed === undefined) fixedStarts.set(fixedStart, (fixed = parseShanghaiStrict(fixedStart).getTime()));
    if (fixed > startMs) startMs = fixed;
  }
  const dayAfter = addMonthsShanghai(startMs, months);
  const start = new Date(startMs);
  const end = new Date(endTime === '23:59:59' ? dayAfter - 1000 : dayAfter);
  return { startDate: formatShanghai(start), endDate: formatShanghai(end), start, end };
}
