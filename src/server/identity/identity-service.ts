import { isSameOriginTarget } from '../lib/safe-redirect.ts';
import { Value } from '@sinclair/typebox/value';
import { IdentityPayload, type VerificationResult } from '../../contract/accounts.ts';
import { deobfuscate } from '../../contract/obfuscation.ts';
import { SYS_CODE } from '../../engine/rules/enums.ts';
import { maskIdNumber, maskName } from '../../engine/rules/index.ts';
import { ApiError, forbidden, notFound, rejected } from '../http/envelope.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import type { AppDeps } from '../app-deps.ts';
import { setIdentity } from '../auth/users-repo.ts';
import { randomToken, sha256Hex } from '../lib/random-codes.ts';
import { REAL_NAME_LIMIT, reserveAttempt } from '../other-calls/call-limits.ts';
import {
  finishFace,
  getByTicketHash,
  getVerification,
  insertVerification,
  startFace,
  type VerificationRow,
} from './verifications-repo.ts';

export const MSG_ID_NOT_PASSED = '请先完成实名认证';
export const MSG_FACE_MISMATCH = '人脸识别信息与实名认证信息不一致';
export const MSG_BAD_BACK_URL = '返回地址无效';

/** The decoded identity payload of spec §7, or a 4000 refusal. */
export function decodeIdentityPayload(data: string): IdentityPayload {
  const value = deobfuscate(data);
  if (value === undefined || !Value.Check(IdentityPayload, value)) {
    throw new ApiError(ErrorCode.BadRequest, '请求参数错误: 认证信息无法解析', 400);
  }
  if (value.sysCode !== SYS_CODE) throw rejected('系统编码不正确');
  return value;
}

export function toVerificationResult(row: VerificationRow): VerificationResult {
  const faceStatus = row.faceStatus === 'pending' || row.faceStatus === 'passed' || row.faceStatus === 'failed' ? row.faceStatus : null;
  const idStatus = row.idStatus === 'passed' || row.idStatus === 'failed' ? row.idStatus : 'pending';
  return {
    verId: row.verId,
    idStatus,
    faceStatus,
    reason: row.idReason ?? '',
    name: maskName(row.name),
    idNo: maskIdNumber(row.idNo),
  };
}

async function ownVerification(deps: AppDeps, userId: string, verId: string): Promise<VerificationRow> {
  const row = await getVerification(deps.db, verId);
  if (!row) throw notFound('认证记录');
  if (row.userId !== userId) throw forbidden('认证记录');
  return row;
}

/** Real-name check of a verification (idempotent per verId). */
export async function verifyRealName(
  deps: AppDeps,
  userId: string,
  input: { verId: string; name: string; idNo: string },
): Promise<VerificationRow> {
  const existing = await getVerification(deps.db, input.verId);
  if (existing) {
    if (existing.userId !== userId) throw forbidden('认证记录');
    return existing;
  }
  const idNo = input.idNo.toUpperCase();
  const now = deps.now();
  // Only a check that reaches the provider counts: it answers whether a name goes with an ID number.
  await reserveAttempt(deps.db, REAL_NAME_LIMIT, userId, now);
  const outcome = await deps.identity.checkRealName({ name: input.name, idNo });
  const inserted = await insertVerification(deps.db, { ...input, idNo, userId, passed: outcome.passed, reason: outcome.reason, now });
  if (!inserted) return ownVerification(deps, userId, input.verId);
  if (outcome.passed) await setIdentity(deps.db, userId, { realName: input.name, idNo, realNameAt: now });
  return ownVerification(deps, userId, input.verId);
}

/**
 * In-app return addresses only: `/#/…` (or the same under PUBLIC_URL), so
 * the face page can never send the browser elsewhere.
 */
export function safeBackUrl(backUrl: string, publicUrl: string | undefined): string | null {
  const inApp = (path: string) => /^\/#\/[A-Za-z]/.test(path) && !/[\s\\]/.test(path) && isSameOriginTarget(path, undefined);
  if (inApp(backUrl)) return backUrl;
  if (publicUrl && backUrl.startsWith(`${publicUrl}/#/`) && inApp(backUrl.slice(publicUrl.length))) return backUrl;
  return null;
}

/** Starts the face check of a passed real-name verification; returns where the browser goes. */
export async function beginFace(deps: AppDeps, userId: string, payload: IdentityPayload): Promise<string> {
  const row = await ownVerification(deps, userId, payload.verId);
  if (row.idStatus !== 'passed') throw rejected(MSG_ID_NOT_PASSED);
  if (row.name !== payload.name || row.idNo !== payload.idNo.toUpperCase()) throw rejected(MSG_FACE_MISMATCH);
  const backUrl = safeBackUrl(payload.backUrl ?? '', deps.config.publicUrl);
  if (!backUrl) throw rejected(MSG_BAD_BACK_URL);
  const ticket = randomToken(24);
  await startFace(deps.db, row.verId, { ticketHash: sha256Hex(ticket), backUrl, now: deps.now() });
  return `${deps.config.publicUrl ?? ''}${deps.identity.faceUrl(ticket)}`;
}

export async function verificationOfTicket(deps: AppDeps, ticket: string): Promise<VerificationRow | undefined> {
  return getByTicketHash(deps.db, sha256Hex(ticket), deps.now());
}

/** The face page's answer; the address to send the browser back to, or null for an unknown or used ticket. */
export async function completeFace(deps: AppDeps, ticket: string, passed: boolean): Promise<string | null> {
  const now = deps.now();
  const row = await finishFace(deps.db, sha256Hex(ticket), passed, now);
  if (!row) return null;
  if (passed) await setIdentity(deps.db, row.userId, { faceAt: now });
  const back = row.backUrl ?? '/#/CertificationResult';
  const query = new URLSearchParams({ verId: row.verId, startFrom: '2' }).toString();
  return `${back}${back.includes('?') ? '&' : '?'}${query}`;
}

export async function verificationResult(deps: AppDeps, userId: string, verId: string): Promise<VerificationResult> {
  return toVerificationResult(await ownVerification(deps, userId, verId));
}
