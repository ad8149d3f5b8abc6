/**
 * Beijing time, the one module that knows its offset. China has used UTC+8
 * all year since 1991, so Asia/Shanghai wall time is a fixed offset and needs
 * no time-zone database (a test fails on the offset written anywhere else).
 */
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
/** The IANA zone of Beijing time, for SQL (`at time zone`) and Intl. */
export const SHANGHAI_ZONE = 'Asia/Shanghai';
const OFFSET_MS = SHANGHAI_OFFSET_MS;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai wall time. */
export function formatShanghai(date: Date): string {
  const d = new Date(date.getTime() + OFFSET_MS);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** The Shanghai wall clock of an instant, as a Date to read with its getUTC… methods. */
export function shanghaiWall(date: Date | number): Date {
  return new Date((typeof date === 'number' ? date : date.getTime()) + OFFSET_MS);
}

/** The instant of a Shanghai wall-clock time written as UTC fields (`Date.UTC(y, m, d, …)` of the wall time). */
export function fromShanghaiWall(wallMs: number): Date {
  return new Date(wallMs - OFFSET_MS);
}

/** 'YYYY-MM-DD' of the Shanghai calendar day of `date`. */
export function shanghaiDate(date: Date): string {
  return formatShanghai(date).slice(0, 10);
}

/** RFC 3339 with the +08:00 offset, as WeChat Pay writes times: 2026-11-23T08:00:00+08:00. */
export function formatShanghaiRfc3339(date: Date): string {
  return `${formatShanghai(date).replace(' ', 'T')}+08:00`;
}

/** yyyymmdd of the Shanghai calendar day of `date`. */
export function shanghaiDateStamp(date: Date): string {
  return formatShanghai(date).slice(0, 10).replaceAll('-', '');
}

/**
 * Parses 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' as Asia/Shanghai wall time.
 * @returns null for any other shape and for impossible dates such as 2025-02-30
 */
export function parseShanghai(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - OFFSET_MS);
  // Date.UTC rolls 30 February over to March; a real date formats back to itself.
  return formatShanghai(date) === `${y}-${mo}-${d} ${h}:${mi}:${s}` ? date : null;
}

/** Like {@link parseShanghai} for values the program produced itself: a bad one is a bug. */
export function parseShanghaiStrict(value: string): Date {
  const date = parseShanghai(value);
  if (!date) throw new RangeError(`Expected a Shanghai wall time YYYY-MM-DD[ HH:mm:ss], got "${value}"`);
  return date;
}
