/**
 * China has used UTC+8 all year since 1991, so Asia/Shanghai wall time is a
 * fixed offset and needs no time-zone database.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai wall time. */
export function formatShanghai(date: Date): string {
  const d = new Date(date.getTime() + OFFSET_MS);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** yyyymmdd of the Shanghai calendar day of `date`. */
export function shanghaiDateStamp(date: Date): string {
  return formatShanghai(date).slice(0, 10).replaceAll('-', '');
}

/**
 * Parses 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' as Asia/Shanghai wall time.
 * @throws RangeError on any other shape.
 */
export function parseShanghai(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value);
  if (!match) throw new RangeError(`Expected YYYY-MM-DD[ HH:mm:ss], got "${value}"`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return new Date(utc - OFFSET_MS);
}

