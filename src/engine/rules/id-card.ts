/**
 * Mainland China resident ID number (居民身份证号码, GB 11643) parsing and
 * validation (spec §5 "Validation rules").
 *
 * Layout of the 18 characters:
 *   1-6   region code (first two digits must be a known province)
 *   7-14  birth date YYYYMMDD
 *   15-17 sequence number; the 17th digit is odd for men, even for women
 *   18    check digit (0-9 or X)
 */
import {
  MSG_ID_CHECKSUM,
  MSG_ID_LENGTH_HOLDER,
  MSG_ID_LENGTH_INSURED,
  MSG_ID_LENGTH_WARD,
} from './messages';
import { ID_CARD_SHAPE } from './patterns.ts';
import { isProvincePrefix } from './regions';
import { shanghaiDate, shanghaiWall } from '../time/shanghai-time.ts';

/** Weights of the first 17 digits in the check-digit sum. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** Check character indexed by (weighted sum mod 11). */
const CHECK_CHARS = '10X98765432';

/** Earliest accepted birth year. */
const MIN_YEAR = 1900;

/** Outcome of {@link parseIdCard}. */
export type IdCardResult =
  | {
      ok: true;
      /** Birth date, YYYY-MM-DD. */
      birthday: string;
      /** '0' male (odd 17th digit), '1' female (even 17th digit); codes as in GENDERS. */
      sex: '0' | '1';
      /** Age in full years on the reference date. */
      age: number;
      /** Two-digit province prefix, e.g. '11'. */
      provinceCode: string;
    }
  | { ok: false; reason: 'length' | 'checksum' };

/** Whose ID number is being validated; selects the length message. */
export type IdCardRole = 'holder' | 'insured' | 'ward';

const LENGTH_MESSAGES: Readonly<Record<IdCardRole, string>> = {
  holder: MSG_ID_LENGTH_HOLDER,
  insured: MSG_ID_LENGTH_INSURED,
  ward: MSG_ID_LENGTH_WARD,
};

/**
 * Computes the check character (0-9 or X) for the first 17 digits of an ID
 * number: weighted sum with {@link WEIGHTS}, mod 11, mapped through '10X98765432'.
 *
 * @throws RangeError when `first17` is not exactly 17 ASCII digits.
 */
export function idCardCheckDigit(first17: string): string {
  if (!/^\d{17}$/.test(first17)) {
    throw new RangeError(`Expected 17 digits, got "${first17}"`);
  }
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    sum += (first17.charCodeAt(i) - 48) * (WEIGHTS[i] ?? 0);
  }
  return CHECK_CHARS.charAt(sum % 11);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}


/** Parses a strict YYYY-MM-DD string into numbers, or null if malformed or impossible. */
function parseYmd(value: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

/** Whole days from the birthday to the Beijing calendar day of `on` (born today: 0; 出生满28天 holds from 28). */
export function ageInDays(birthday: string, on: Date): number {
  const b = parseYmd(birthday);
  if (!b) throw new RangeError(`Invalid birthday "${birthday}"`);
  const beijing = shanghaiWall(on);
  const today = Date.UTC(beijing.getUTCFullYear(), beijing.getUTCMonth(), beijing.getUTCDate());
  return Math.round((today - Date.UTC(b.y, b.m - 1, b.d)) / 86_400_000);
}

/**
 * Age in full years of someone born on `birthday` (YYYY-MM-DD) on the
 * Beijing calendar date of `on`. The age goes up on the birthday itself. A 29 February
 * birthday counts as reached on 1 March in non-leap years. The result is
 * negative when `birthday` is after `on`.
 *
 * @throws RangeError when `birthday` is not a real YYYY-MM-DD date.
 */
export function ageInFullYears(birthday: string, on: Date): number {
  const b = parseYmd(birthday);
  if (!b) throw new RangeError(`Invalid birthday "${birthday}"`);
  // Ages count on the Beijing calendar day of `on` (UTC+8, no daylight saving), whatever the
  // process time zone: a cover starting at 00:00 Beijing time is 16:00 UTC the day before.
  const beijing = shanghaiWall(on);
  const y = beijing.getUTCFullYear();
  const m = beijing.getUTCMonth() + 1;
  const d = beijing.getUTCDate();
  let age = y - b.y;
  // Comparing (month, day) tuples makes 29 Feb "reached" on 1 Mar in non-leap years:
  // (2,28) < (2,29) is not yet reached, (3,1) is.
  if (m < b.m || (m === b.m && d < b.d)) age -= 1;
  return age;
}

/**
 * Age in full months of someone born on `birthday` (YYYY-MM-DD) on the
 * Beijing calendar date of `on`, as clauses write 出生满6个月: born 2024-09-11,
 * 6 months are full on 2025-03-11 and not on 2025-03-10. A month goes up on
 * the birthday's day of the month; a day the month lacks (the 31st, 29-31
 * February) counts as reached on the 1st of the next month, as 29 February
 * does for {@link ageInFullYears}. Negative when `birthday` is after `on`.
 *
 * @throws RangeError when `birthday` is not a real YYYY-MM-DD date.
 */
export function ageInFullMonths(birthday: string, on: Date): number {
  const b = parseYmd(birthday);
  if (!b) throw new RangeError(`Invalid birthday "${birthday}"`);
  const beijing = shanghaiWall(on);
  const y = beijing.getUTCFullYear();
  const m = beijing.getUTCMonth() + 1;
  const d = beijing.getUTCDate();
  let months = (y - b.y) * 12 + (m - b.m);
  // Day before the birthday's day of the month: that month is not full yet.
  if (d < b.d) months -= 1;
  return months;
}

/**
 * Parses and validates an 18-character mainland ID number.
 *
 * - Wrong length, or not 17 digits followed by a digit/X → `reason: 'length'`.
 *   A lower-case `x` check character is accepted and normalised to `X`.
 *   Surrounding whitespace is not trimmed (callers trim input if they wish).
 * - Unknown province prefix, impossible birth date (e.g. 19990230), a year
 *   before 1900, a birth date after the Beijing date of `now`, or a wrong check
 *   digit → `reason: 'checksum'`.
 *
 * @param id  the ID number
 * @param now reference date for the future-date check and the age (default: current time)
 */
export function parseIdCard(id: string, now: Date = new Date()): IdCardResult {
  if (!ID_CARD_SHAPE.test(id)) return { ok: false, reason: 'length' };
  const normalised = id.toUpperCase();
  const fail = { ok: false, reason: 'checksum' } as const;

  const provinceCode = normalised.slice(0, 2);
  if (!isProvincePrefix(provinceCode)) return fail;

  const birthday = `${normalised.slice(6, 10)}-${normalised.slice(10, 12)}-${normalised.slice(12, 14)}`;
  const parsed = parseYmd(birthday);
  if (!parsed || parsed.y < MIN_YEAR) return fail;
  // Same-format strings compare chronologically.
  if (birthday > shanghaiDate(now)) return fail;

  if (idCardCheckDigit(normalised.slice(0, 17)) !== normalised.charAt(17)) return fail;

  const sexDigit = normalised.charCodeAt(16) - 48;
  return {
    ok: true,
    birthday,
    sex: sexDigit % 2 === 1 ? '0' : '1',
    age: ageInFullYears(birthday, now),
    provinceCode,
  };
}

/**
 * Validates a mainland ID number for a form field.
 *
 * @param id   the ID number
 * @param role whose number it is; selects the length message
 *             (投保人 / 被保人 / 监护对象身份证号位数有误!)
 * @param now  reference date (default: current time)
 * @returns `null` when valid, otherwise the user-facing message; any failure
 *          other than length/format gives 身份证号码校验错误!
 */
export function validateIdCard(id: string, role: IdCardRole, now: Date = new Date()): string | null {
  const result = parseIdCard(id, now);
  if (result.ok) return null;
  return result.reason === 'length' ? LENGTH_MESSAGES[role] : MSG_ID_CHECKSUM;
}

/**
 * Builds an ID number with a correct check digit, for tests, fixtures and
 * demo data. Only the format of the parts is checked, not their meaning, so
 * deliberately invalid numbers (unknown region, impossible date) can be built.
 *
 * @param prefix6  6-digit region code
 * @param birthday birth date as YYYY-MM-DD or YYYYMMDD
 * @param seq3     3-digit sequence; its last digit is odd for men, even for women
 * @throws RangeError when a part has the wrong format
 */
export function makeIdCard(prefix6: string, birthday: string, seq3: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(birthday) ? birthday.replaceAll('-', '') : birthday;
  if (!/^\d{6}$/.test(prefix6)) throw new RangeError(`prefix6 must be 6 digits, got "${prefix6}"`);
  if (!/^\d{8}$/.test(date)) throw new RangeError(`birthday must be YYYY-MM-DD or YYYYMMDD, got "${birthday}"`);
  if (!/^\d{3}$/.test(seq3)) throw new RangeError(`seq3 must be 3 digits, got "${seq3}"`);
  const first17 = `${prefix6}${date}${seq3}`;
  return first17 + idCardCheckDigit(first17);
}
