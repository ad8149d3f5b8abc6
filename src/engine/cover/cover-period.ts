import type { ProductManifest } from '../manifest/manifest-types.generated.ts';
import { msgPickedStart } from '../rules/messages.ts';
import { formatShanghai, parseShanghai, parseShanghaiStrict, SHANGHAI_OFFSET_MS } from '../time/shanghai-time.ts';

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
 * What fixes the dates of a sold cover whose start counts from the payment
 * day: kept with the order, so that the payment applies the terms it was sold
 * under (a later manifest edit does not move it) without reading the manifest.
 */
export interface CoverTerms {
  startFrom: 'paymentDay';
  startOffsetDays: number;
  fixedStart?: string;
  /** cover.months × the guarantee years. */
  months: number;
  endTime: ProductManifest['cover']['endTime'];
}

/** True when the cover dates are fixed by the payment (支付成功次日零时起保), not by the order. */
export function startsOnPayment(manifest: ProductManifest): boolean {
  return manifest.cover.startFrom === 'paymentDay';
}

/** The terms a payment fixes the dates of an order by (see {@link CoverTerms}); null when the order fixed them. */
export function paymentCoverTerms(manifest: ProductManifest, years: number): CoverTerms | null {
  if (!startsOnPayment(manifest)) return null;
  const { startOffsetDays, fixedStart, endTime } = manifest.cover;
  return { startFrom: 'paymentDay', startOffsetDays, ...(fixedStart ? { fixedStart } : {}), months: manifest.cover.months * years, endTime };
}

/**
 * What the confirm page and an unpaid policy say instead of dates the payment
 * has not fixed yet: 支付成功次日零时起保 (offset 1), or the day after it counted.
 */
export function paymentStartNote(terms: Pick<CoverTerms, 'startOffsetDays'>): string {
  return terms.startOffsetDays === 1 ? '支付成功次日零时起保' : `支付成功后第${terms.startOffsetDays}日零时起保`;
}

/** A cover length as a parent reads it: whole years as 年, else 个月. */
export function lengthText(months: number): string {
  return months % 12 === 0 ? `${months / 12}年` : `${months}个月`;
}

/**
 * What the insure and confirm pages say for 保险起期 and 保险止期 of a cover
 * whose dates the payment fixes (支付成功次日零时起保, 自起保日起1年); null
 * when the order fixes them.
 */
export function paymentCoverNotes(manifest: ProductManifest, years: number): { start: string; end: string } | null {
  if (!startsOnPayment(manifest)) return null;
  return { start: paymentStartNote(manifest.cover), end: `自起保日起${lengthText(manifest.cover.months * years)}` };
}

/** The period of `terms` counted from the Beijing day of `from` (the order or payment instant). */
function periodFrom(terms: Omit<CoverTerms, 'startFrom'>, from: number): CoverPeriod {
  const { startOffsetDays, fixedStart, months, endTime } = terms;
  let startMs = shanghaiMidnight(from) + startOffsetDays * DAY_MS;
  if (fixedStart) {
    let fixed = fixedStarts.get(fixedStart);
    if (fixed === undefined) fixedStarts.set(fixedStart, (fixed = parseShanghaiStrict(fixedStart).getTime()));
    if (fixed > startMs) startMs = fixed;
  }
  return periodStartingAt(startMs, months, endTime);
}

function periodStartingAt(startMs: number, months: number, endTime: CoverTerms['endTime']): CoverPeriod {
  const dayAfter = addMonthsShanghai(startMs, months);
  const start = new Date(startMs);
  const end = new Date(endTime === '23:59:59' ? dayAfter - 1000 : dayAfter);
  return { startDate: formatShanghai(start), endDate: formatShanghai(end), start, end };
}

/** The period a payment at `paidAt` fixes for an order sold under `terms`. */
export function coverPeriodOnPayment(terms: CoverTerms, paidAt: Date): CoverPeriod {
  return periodFrom(terms, paidAt.getTime());
}

/** First and last day ('YYYY-MM-DD', Beijing) a parent may pick for an order placed at `now`; null when the product has no picked start. */
export function pickWindow(manifest: ProductManifest, now: Date): { first: string; last: string } | null {
  const window = manifest.cover.pickedStart;
  if (!window) return null;
  const day = shanghaiMidnight(now.getTime());
  const dayOf = (offset: number) => formatShanghai(new Date(day + offset * DAY_MS)).slice(0, 10);
  return { first: dayOf(window.fromDays), last: dayOf(window.toDays) };
}

/** The day ('YYYY-MM-DD') of a picked start as sent: 'YYYY-MM-DD' or 'YYYY-MM-DD 00:00:00'; null for anything else. */
function pickedDay(value: string): string | null {
  const date = parseShanghai(value);
  return date && formatShanghai(date).endsWith(' 00:00:00') ? formatShanghai(date).slice(0, 10) : null;
}

/**
 * The refusal of a picked start for an order placed at `now`, or null when it
 * is inside the window (or not given: the window's first day applies, as the
 * picker opens on it). Products without a picked start ignore the value.
 */
export function pickedStartProblem(manifest: ProductManifest, now: Date, picked: string | undefined): string | null {
  const window = pickWindow(manifest, now);
  if (!window || picked === undefined) return null;
  const day = pickedDay(picked);
  return day !== null && day >= window.first && day <= window.last ? null : msgPickedStart(window.first, window.last);
}

/**
 * Cover period of a policy bought at `orderedAt` for `years` guarantee years
 * (保障年限, one of `pricing.guaranteeYears`): cover starts at 00:00:00
 * (Beijing) `startOffsetDays` after the order day, or on `fixedStart` when
 * that is later, and lasts `months` × `years`. The start does not depend on
 * the years. A product whose start counts from the payment day gets the
 * period of a payment at `orderedAt` (the payment fixes the real one,
 * {@link coverPeriodOnPayment}); a product with a picked start starts on
 * `picked` (checked by {@link pickedStartProblem} first), else on the
 * window's first day. Other products ignore `picked`.
 */
export function coverPeriod(manifest: ProductManifest, orderedAt: Date, years = 1, picked?: string): CoverPeriod {
  if (!Number.isInteger(years) || years < 1) throw new RangeError(`guarantee years must be a positive integer, got ${years}`);
  const months = manifest.cover.months * years;
  const day = manifest.cover.pickedStart && picked !== undefined ? pickedDay(picked) : null;
  if (day !== null) return periodStartingAt(parseShanghaiStrict(day).getTime(), months, manifest.cover.endTime);
  return periodFrom({ ...manifest.cover, months }, orderedAt.getTime());
}
