import type { ProductManifest } from '../manifest/manifest-types.generated.ts';
import { formatShanghai, parseShanghaiStrict } from '../time/shanghai-time.ts';

const DAY_MS = 86400 * 1000;

/** Adds calendar months to a 'YYYY-MM-DD' date, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
function addMonths(ymd: string, months: number): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

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
  const orderDay = parseShanghaiStrict(formatShanghai(orderedAt).slice(0, 10));
  let start = new Date(orderDay.getTime() + startOffsetDays * DAY_MS);
  if (fixedStart) {
    const fixed = parseShanghaiStrict(fixedStart);
    if (fixed > start) start = fixed;
  }
  const dayAfter = parseShanghaiStrict(addMonths(formatShanghai(start).slice(0, 10), months));
  const end = endTime === '23:59:59' ? new Date(dayAfter.getTime() - 1000) : dayAfter;
  return { startDate: formatShanghai(start), endDate: formatShanghai(end), start, end };
}
