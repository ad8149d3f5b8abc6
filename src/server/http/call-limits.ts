/**
 * The per-user budgets of the calls that cost a provider fee or answer about
 * a person (docs/security.md lists them), spent through the one limiter
 * (http/rate-limit.ts).
 */
import type { Db } from '../db/db.ts';
import { cap, spend } from './rate-limit.ts';

/** A per-user limit of one call: at most `max` uses in `windowMs`. */
export interface CallLimit {
  call: string;
  max: number;
  windowMs: number;
  message: string;
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const MSG_QUERY_TOO_OFTEN = '查询过于频繁，请稍后再试';
const MSG_QUERY_TOMORROW = '查询过于频繁，请明天再试';

/** Real-name checks cost a provider fee and make a name oracle: 10 an hour. */
export const ID_CHECK_LIMIT: CallLimit = { call: 'checkByIdCard', max: 10, windowMs: HOUR_MS, message: MSG_QUERY_TOO_OFTEN };
/** E-policy mails: 5 an hour (a mail relay must not be usable to spam an address). */
export const MAIL_LIMIT: CallLimit = { call: 'sendEmail', max: 5, windowMs: HOUR_MS, message: '发送过于频繁，请稍后再试' };
/** One policy's e-policy mailed at most 3 times a day, whichever addresses (MAIL_LIMIT still bounds the user). */
export const E_POLICY_MAIL_LIMIT: CallLimit = { call: 'sendEmailPolicy', max: 3, windowMs: DAY_MS, message: '该保单今日发送次数已达上限，请明天再试' };
/**
 * The repeat checks (v1 and the confirm page's v2, one shared budget) tell
 * whether an ID number holds a policy: 30 an hour per user, enough for any
 * family's applications, too few to sweep ID numbers.
 */
export const REPEAT_LIMIT: CallLimit = { call: 'repeatInsurance', max: 30, windowMs: HOUR_MS, message: MSG_QUERY_TOO_OFTEN };
/**
 * The account's own real-name verification (op-log validate/id, personalAuthen)
 * answers whether a name goes with an ID number, at a provider's fee: a parent
 * verifies once, so 10 a day.
 */
export const REAL_NAME_LIMIT: CallLimit = { call: 'realName', max: 10, windowMs: DAY_MS, message: MSG_QUERY_TOMORROW };
/**
 * The offline roster check (verifyInsuredCardNo) tells whether a child's ID
 * number is on a school's roster: per user and product, 10 a day, shared with
 * the agreement call's roster check of an insured the caller has no agreement
 * for (it answers whether a name and number are on the roster). A parent
 * checks each of their children once or twice; a sweep of one birthday and
 * county (1,000 numbers) would take a hundred days.
 */
export const ROSTER_LIMIT: CallLimit = { call: 'verifyInsuredCardNo', max: 10, windowMs: DAY_MS, message: MSG_QUERY_TOMORROW };

/**
 * Signer certification with the e-sign platform (cloudCertiPerInfo) checks a
 * name, an ID number and a photo at the platform's fee: a parent certifies
 * once, so 5 a day.
 */
export const SIGNER_CERT_LIMIT: CallLimit = { call: 'signerCertify', max: 5, windowMs: DAY_MS, message: MSG_QUERY_TOMORROW };

/**
 * Counts one use of a limited call by `userId` (and `scope`, say a product
 * code, when the budget is per user and product), or refuses 4029 with the
 * limit's message when the window is full.
 */
export async function reserveAttempt(db: Db, limit: CallLimit, userId: string, now: Date, scope?: string): Promise<void> {
  const key = `call:${limit.call}:${userId}${scope === undefined ? '' : `:${scope}`}`;
  await spend(db, [cap(key, limit.max, limit.windowMs, limit.message)], now);
}
