import { and, count, eq, gt, lt, notLike } from 'drizzle-orm';
import { ErrorCode } from '../../contract/envelope.ts';
import type { OpLogBody } from '../../contract/other-calls.ts';
import { HIDDEN_VALUE, isMobilePhone, maskEmailsInText, maskIdNumber, maskName, maskPhone } from '../../engine/rules/index.ts';
import type { Db } from '../db/db.ts';
import { clientEvents } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { maskPersonalData } from '../http/log-options.ts';

/**
 * Staff actions share the op-log under events beginning `staff/` (a client's event cannot contain `/`, so
 * none is forged): they are kept (no retention) and not counted in a client's per-minute budget.
 */
export const STAFF_EVENT_PREFIX = 'staff/';

/** Events per address per minute: a page logs a handful; more is a loop or abuse. */
export const OP_LOG_PER_IP_PER_MINUTE = 60;
/** Events are kept this long. */
export const OP_LOG_RETENTION_MS = 30 * 24 * 3600_000;
const MAX_DEPTH = 4;
const MAX_ITEMS = 50;
const MAX_STRING = 500;

/** Keys whose values are a person's data whatever they look like. */
const NAME_KEY = /name$/i;
const NUMBER_KEY = /(idno|licenceno|licenseno|cardid|idcard|phone|mobile|tel)$/i;
const HIDDEN_KEY = /(email|mail|address|school|token|password|pwd|secret|openid|code)$/i;

/** Masks a value of the client's details: by key first, then ID numbers, phones and addresses in any text. */
export function maskClientValue(value: unknown, key = '', depth = 0): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const text = value.slice(0, MAX_STRING);
    if (HIDDEN_KEY.test(key) && !/^(event|errCode|errorCode)$/i.test(key)) return HIDDEN_VALUE;
    if (NUMBER_KEY.test(key)) return isMobilePhone(text) ? maskPhone(text) : maskIdNumber(text);
    if (NAME_KEY.test(key) && !/^(page|route|product|plan|event|file)name$/i.test(key)) return maskName(text);
    return maskEmailsInText(maskPersonalData(text));
  }
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => maskClientValue(item, key, depth + 1));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, MAX_ITEMS)
        .map(([k, v]) => [k, maskClientValue(v, k, depth + 1)]),
    );
  }
  return null;
}

/**
 * Stores one event with its details masked, or refuses 4029 when the address
 * sent 60 in the last minute. Events older than 30 days are dropped as new
 * ones arrive.
 */
export async function recordClientEvent(
  db: Db,
  input: { body: OpLogBody; userId: string | null; ip: string; now: Date },
): Promise<string> {
  const { body, now } = input;
  const [recent] = await db
    .select({ n: count() })
    .from(clientEvents)
    .where(and(eq(clientEvents.ip, input.ip), gt(clientEvents.createdAt, new Date(now.getTime() - 60_000)), notLike(clientEvents.event, `${STAFF_EVENT_PREFIX}%`)));
  if (Number(recent?.n ?? 0) >= OP_LOG_PER_IP_PER_MINUTE) throw new ApiError(ErrorCode.RateLimited, '操作过于频繁，请稍后再试');
  const clientAt = body.at !== undefined && Number.isFinite(new Date(body.at).getTime()) ? new Date(body.at) : null;
  const [row] = await db
    .insert(clientEvents)
    .values({
      userId: input.userId,
      event: body.event,
      page: body.page === undefined ? null : maskEmailsInText(maskPersonalData(body.page)),
      data: body.data === undefined ? null : maskClientValue(body.data),
      clientAt,
      ip: input.ip,
      createdAt: now,
    })
    .returning({ id: clientEvents.id });
  await db
    .delete(clientEvents)
    .where(and(lt(clientEvents.createdAt, new Date(now.getTime() - OP_LOG_RETENTION_MS)), notLike(clientEvents.event, `${STAFF_EVENT_PREFIX}%`)));
  return String(row?.id ?? '');
}

/**
 * Writes one staff action to the op-log (`client_events`, event `staff/<action>`): the actor's user and
 * employee number, what was changed (`subject`: record ids and product codes, never a person's data) and
 * the values before and after, masked as a client's are (names to their last character, schools `***`).
 */
export async function recordStaffAction(
  db: Db,
  input: {
    action: string;
    actor: { userId: string; employeeNum: string };
    subject: Record<string, string | number>;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    ip: string;
    now: Date;
  },
): Promise<void> {
  await db.insert(clientEvents).values({
    userId: input.actor.userId,
    event: `${STAFF_EVENT_PREFIX}${input.action}`,
    page: null,
    data: { actor: input.actor.employeeNum, subject: input.subject, before: maskClientValue(input.before), after: maskClientValue(input.after) },
    clientAt: null,
    ip: input.ip,
    createdAt: input.now,
  });
}
