import type { AchievementPeriod } from '../../contract/promoter-area.ts';
import { SHANGHAI_OFFSET_MS } from '../../engine/time/shanghai-time.ts';

/**
 * The buckets of the promoter's achievements, in Asia/Shanghai (UTC+8 all
 * year, so a fixed offset): the last 30 days, the last 12 months, or the last
 * 6 school terms (spring: February–July, `YYYY-spring`; autumn: August–January,
 * `YYYY-autumn`, January belonging to the previous year's autumn). Newest first.
 */

const DAY_MS = 86_400_000;
const OFFSET_MS = SHANGHAI_OFFSET_MS;

export const ACHIEVEMENT_DAYS = 30;
export const ACHIEVEMENT_MONTHS = 12;
export const ACHIEVEMENT_TERMS = 6;

export interface Bucket {
  key: string;
  label: string;
  from: Date;
  to: Date;
}

type Season = 'spring' | 'autumn';

const pad = (n: number) => String(n).padStart(2, '0');
/** Start of a Shanghai calendar month (month 1–12; overflow rolls over). */
const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1) - OFFSET_MS);
const shanghaiParts = (date: Date) => {
  const d = new Date(date.getTime() + OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/** Shanghai calendar day number (days since 1970-01-01 in Shanghai). */
export function shanghaiDayNumber(date: Date): number {
  return Math.floor((date.getTime() + OFFSET_MS) / DAY_MS);
}

/** YYYY-MM-DD of the Shanghai calendar day of `date`. */
export function shanghaiDay(date: Date): string {
  const { year, month, day } = shanghaiParts(date);
  return `${year}-${pad(month)}-${pad(day)}`;
}

function dayBucket(dayNumber: number): Bucket {
  const from = new Date(dayNumber * DAY_MS - OFFSET_MS);
  const { month, day } = shanghaiParts(from);
  const key = shanghaiDay(from);
  return { key, label: `${month}月${day}日`, from, to: new Date(from.getTime() + DAY_MS) };
}

function monthBucket(year: number, month: number): Bucket {
  const from = monthStart(year, month);
  const start = shanghaiParts(from);
  const key = `${start.year}-${pad(start.month)}`;
  return { key, label: `${start.year}年${start.month}月`, from, to: monthStart(start.year, start.month + 1) };
}

function termBucket(year: number, season: Season): Bucket {
  const firstMonth = season === 'spring' ? 2 : 8;
  return {
    key: `${year}-${season}`,
    label: `${year}年${season === 'spring' ? '春季' : '秋季'}学期`,
    from: monthStart(year, firstMonth),
    to: monthStart(year, firstMonth + 6),
  };
}

function termOf(year: number, month: number): { year: number; season: Season } {
  if (month >= 2 && month <= 7) return { year, season: 'spring' };
  return { year: month === 1 ? year - 1 : year, season: 'autumn' };
}

const previousTerm = (term: { year: number; season: Season }) =>
  term.season === 'autumn' ? { year: term.year, season: 'spring' as const } : { year: term.year - 1, season: 'autumn' as const };

/** The buckets of a period at `now`, newest first. */
export function bucketsOf(period: AchievementPeriod, now: Date): Bucket[] {
  if (period === 'day') {
    const today = shanghaiDayNumber(now);
    return Array.from({ length: ACHIEVEMENT_DAYS }, (_, i) => dayBucket(today - i));
  }
  const { year, month } = shanghaiParts(now);
  if (period === 'month') return Array.from({ length: ACHIEVEMENT_MONTHS }, (_, i) => monthBucket(year, month - i));
  const terms = [termOf(year, month)];
  while (terms.length < ACHIEVEMENT_TERMS) terms.push(previousTerm(terms[terms.length - 1]!));
  return terms.map((t) => termBucket(t.year, t.season));
}

/** The bucket a key names (any past or future one, not only those of bucketsOf); null for a malformed key. */
export function bucketOfKey(period: AchievementPeriod, key: string): Bucket | null {
  const yearOk = (year: number) => year >= 2000 && year <= 2100;
  if (period === 'day') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
    if (!match) return null;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (!yearOk(year) || month < 1 || month > 12 || day < 1) return null;
    const bucket = dayBucket(shanghaiDayNumber(new Date(Date.UTC(year, month - 1, day) - OFFSET_MS)));
    return bucket.key === key ? bucket : null;
  }
  if (period === 'month') {
    const match = /^(\d{4})-(\d{2})$/.exec(key);
    if (!match) return null;
    const [year, month] = [Number(match[1]), Number(match[2])];
    return yearOk(year) && month >= 1 && month <= 12 ? monthBucket(year, month) : null;
  }
  const match = /^(\d{4})-(spring|autumn)$/.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  return yearOk(year) ? termBucket(year, match[2] as Season) : null;
}
