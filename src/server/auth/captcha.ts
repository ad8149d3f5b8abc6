import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/envelope.ts';
import type { Db } from '../db/db.ts';
import { captchas } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { randomToken } from '../lib/random-codes.ts';
import { randomCaptchaText, renderCaptcha } from './captcha-image.ts';

export const CAPTCHA_TTL_MS = 5 * 60_000;
/** Wrong answers to one image before it is burned (a new image is needed). */
export const CAPTCHA_MAX_ATTEMPTS = 3;
export const MSG_CAPTCHA_REQUIRED = '请输入图形验证码';
export const MSG_CAPTCHA_WRONG = '图形验证码错误，请重新输入';

function answerHash(pepper: string, id: string, text: string): string {
  return createHmac('sha256', pepper).update(`captcha:${id}:${text.trim().toLowerCase()}`).digest('hex');
}

/** Development read-back of captcha texts (GET /_gw/__dev/captcha/latest), bounded. */
export class CaptchaOutbox {
  private readonly texts = new Map<string, string>();
  remember(id: string, text: string): void {
    this.texts.set(id, text);
    if (this.texts.size > 1000) {
      const oldest = this.texts.keys().next().value;
      if (oldest !== undefined) this.texts.delete(oldest);
    }
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
 * Throws 4012 when none was given, 4013 when wrong, expired or used.
 */
export async function checkCaptcha(
  deps: CaptchaDeps,
  input: { id: string | undefined; text: string | undefined; consume: boolean },
): Promise<void> {
  if (!input.id || !input.text) throw new ApiError(ErrorCode.CaptchaRequired, MSG_CAPTCHA_REQUIRED);
  const now = deps.now();
  const live = and(
    eq(captchas.id, input.id),
    isNull(captchas.usedAt),
    gt(captchas.expiresAt, now),
    lt(captchas.attempts, CAPTCHA_MAX_ATTEMPTS),
  );
  const [row] = await deps.db.select().from(captchas).where(live).limit(1);
  if (!row) throw new ApiError(ErrorCode.CaptchaWrong, MSG_CAPTCHA_WRONG);
  if (row.answerHash !== answerHash(deps.pepper, input.id, input.text)) {
    await deps.db
      .update(captchas)
      .set({ attempts: sql`${captchas.attempts} + 1` })
      .where(eq(captchas.id, input.id));
    throw new ApiError(ErrorCode.CaptchaWrong, MSG_CAPTCHA_WRONG);
  }
  if (!input.consume) return;
  const used = await deps.db.update(captchas).set({ usedAt: now }).where(live).returning({ id: captchas.id });
  if (used.length === 0) throw new ApiError(ErrorCode.CaptchaWrong, MSG_CAPTCHA_WRONG);
}
