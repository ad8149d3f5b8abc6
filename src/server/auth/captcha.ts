import { LRUCache } from 'lru-cache';
import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/envelope.ts';
import type { Db } from '../db/db.ts';
import { captchas } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { KeyedQueue } from '../lib/keyed-queue.ts';
import { randomToken } from '../lib/random-codes.ts';
import { randomCaptchaText, renderCaptcha } from './captcha-image.ts';

export const CAPTCHA_TTL_MS = 5 * 60_000;
/** Wrong answers to one image before it is burned (a new image is needed). */
export const CAPTCHA_MAX_ATTEMPTS = 3;
/** The answers to one image run in arrival order in this process. */
const answers = new KeyedQueue();
export const MSG_CAPTCHA_REQUIRED = '请输入图形验证码';
export const MSG_CAPTCHA_WRONG = '图形验证码错误，请重新输入';

function answerHash(pepper: string, id: string, text: string): string {
  return createHmac('sha256', pepper).update(`captcha:${id}:${text.trim().toLowerCase()}`).digest('hex');
}

/** Development read-back of captcha texts (GET /_gw/__dev/captcha/latest), bounded. */
export class CaptchaOutbox {
  private readonly texts = new LRUCache<string, string>({ max: 1000 });
  remember(id: string, text: string): void {
    this.texts.set(id, text);
  }
  textOf(id: string): string | undefined {
    return this.texts.get(id);
  }
}

export interface CaptchaDeps {
  db: Db;
  pepper: string;
  now: () => Date;
  outbox?: CaptchaOutbox | undefined;
}

export async function createCaptcha(deps: CaptchaDeps): Promise<{ id: string; png: Buffer }> {
  const now = deps.now();
  const id = randomToken(18);
  const text = randomCaptchaText();
  await deps.db.insert(captchas).values({
    id,
    answerHash: answerHash(deps.pepper, id, text),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  deps.outbox?.remember(id, text);
  // Expired captchas are of no use: keep the table a few minutes deep.
  await deps.db.delete(captchas).where(lt(captchas.expiresAt, new Date(now.getTime() - CAPTCHA_TTL_MS)));
  return { id, png: renderCaptcha(text) };
}

/**
 * Checks a typed captcha. `consume` uses it up on success (log-in, SMS send);
 * vrifyKaptcha only checks. A wrong answer counts; the third burns the image.
 * The check and the count are one statement.
 * Throws 4012 when none was given, 4013 when wrong, expired or used.
 */
export async function checkCaptcha(
  deps: CaptchaDeps,
  input: { id: string | undefined; text: string | undefined; consume: boolean },
): Promise<void> {
  const { id, text } = input;
  if (!id || !text) throw new ApiError(ErrorCode.CaptchaRequired, MSG_CAPTCHA_REQUIRED);
  const now = deps.now();
  // One statement: a live image (unused, unexpired, fewer than 3 wrong answers) takes a wrong answer as a try
  // and, with `consume`, is used up by a right one. Concurrent answers queue on the row and each re-reads it.
  const matches = sql`(${captchas.answerHash} = ${answerHash(deps.pepper, id, text)})`;
  const usedAt = input.consume ? { usedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end` } : {};
  const [row] = await answers.run(id, () =>
    deps.db
      .update(captchas)
      .set({ attempts: sql`${captchas.attempts} + case when ${matches} then 0 else 1 end`, ...usedAt })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now), lt(captchas.attempts, CAPTCHA_MAX_ATTEMPTS)))
      .returning({ matched: sql<boolean>`${matches}` }),
  );
  if (!row?.matched) throw new ApiError(ErrorCode.CaptchaWrong, MSG_CAPTCHA_WRONG);
}
