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
import { REAL_NAME_LIMIT, reserveAttempt } from '../http/call-limits.ts';
import { OutboundError } from '../providers/outbound.ts';
import { MSG_FACE_FAILED, MSG_FACE_PENDING, type RealNameOutcome } from '../providers/identity/identity-provider.ts';
import {
  finishFace,
  getByReturnTicket,
  getByTicketHash,
  getVerification,
  insertVerification,
  recordVendorFace,
  startFace,
  type VerificationRow,
} from './verifications-repo.ts';

export const MSG_ID_NOT_PASSED = '请先完成实名认证';
export const MSG_FACE_MISMATCH = '人脸识别信息与实名认证信息不一致';
export const MSG_BAD_BACK_URL = '返回地址无效';
export const MSG_IDENTITY_UNAVAILABLE = '认证服务暂时不可用，请稍后重试';

/** Where the identity vendor sends the browser back after its face page (outside /_gw: a browser navigation, no token). */
export const FACE_RETURN_PATH = '/identity/face-return';
/** The result page when a return names no verification this server knows. */
const DEFAULT_RESULT_PAGE = '/#/CertificationResult';

/** The vendor could not be reached or failed: the user is told to try again, never a 5000. */
async function askVendor<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof OutboundError) throw new ApiError(ErrorCode.Busy, MSG_IDENTITY_UNAVAILABLE);
    throw error;
  }
}

/** The provider's real-name check; a vendor failure is a 5003 refusal to try again. */
export function checkRealName(deps: AppDeps, input: { name: string; idNo: string }): Promise<RealNameOutcome> {
  return askVendor(() => deps.identity.checkRealName(input));
}

/** The decoded identity payload of spec §7, or a 4000 refusal. */
export function decodeIdentityPayload(data: string): IdentityPayload {
  const value = deobfuscate(data);
  if (value === undefined || !Value.Check(IdentityPayload, value)) {
    throw new ApiError(ErrorCode.BadRequest, '请求参数错误: 认证信息无法解析', 400);
  }
  if (value.sysCode !== SYS_CODE) throw rejected('系统编码不正确');
  return value;
}

/** What the result page says of the face check: why it failed, or that it is not finished. */
function faceReasonOf(row: VerificationRow, faceStatus: VerificationResult['faceStatus']): string | undefined {
  if (row.idStatus !== 'passed') return undefined;
  if (faceStatus === 'failed') return row.faceReason ?? MSG_FACE_FAILED;
  if (faceStatus === 'pending') return MSG_FACE_PENDING;
  return undefined;
}

export function toVerificationResult(row: VerificationRow): VerificationResult {
  const faceStatus = row.faceStatus === 'pending' || row.faceStatus === 'passed' || row.faceStatus === 'failed' ? row.faceStatus : null;
  const idStatus = row.idStatus === 'passed' || row.idStatus === 'failed' ? row.idStatus : 'pending';
  return {
    verId: row.verId,
    idStatus,
    faceStatus,
    reason: faceReasonOf(row, faceStatus) ?? row.idReason ?? '',
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
  const outcome = await checkRealName(deps, { name: input.name, idNo });
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
  const publicUrl = deps.config.publicUrl ?? '';
  const returnUrl = `${publicUrl}${FACE_RETURN_PATH}?${new URLSearchParams({ ticket }).toString()}`;
  // The check is bound to the name and ID number of the passed real-name check, never to what the client sends next.
  const start = await askVendor(() => deps.identity.beginFace({ ticket, name: row.name, idNo: row.idNo, returnUrl }));
  await startFace(deps.db, row.verId, { ticketHash: sha256Hex(ticket), backUrl, vendorToken: start.vendorToken ?? null, now: deps.now() });
  return start.url.startsWith('/') ? `${publicUrl}${start.url}` : start.url;
}

export async function verificationOfTicket(deps: AppDeps, ticket: string): Promise<VerificationRow | undefined> {
  return getByTicketHash(deps.db, sha256Hex(ticket), deps.now());
}

/** The verification's result page: its backUrl with verId and startFrom=2. */
function resultPage(row: VerificationRow): string {
  const back = row.backUrl ?? DEFAULT_RESULT_PAGE;
  const query = new URLSearchParams({ verId: row.verId, startFrom: '2' }).toString();
  return `${back}${back.includes('?') ? '&' : '?'}${query}`;
}

/** The sandbox face page's answer; the address to send the browser back to, or null for an unknown or used ticket. */
export async function completeFace(deps: AppDeps, ticket: string, passed: boolean): Promise<string | null> {
  const now = deps.now();
  const row = await finishFace(deps.db, sha256Hex(ticket), { passed, reason: MSG_FACE_FAILED }, now);
  if (!row) return null;
  if (passed) await setIdentity(deps.db, row.userId, { faceAt: now });
  return resultPage(row);
}

/**
 * A face check waiting for its vendor: asks the vendor and records the
 * outcome once it is decided (passed also on the account). Answers the row as
 * it stands after: unchanged while the check is not finished or the vendor
 * cannot be reached (asked again on the next look).
 */
async function settleFace(deps: AppDeps, row: VerificationRow): Promise<VerificationRow> {
  const vendorToken = row.faceVendorToken;
  if (row.faceStatus !== 'pending' || !vendorToken) return row;
  let outcome;
  try {
    outcome = await deps.identity.faceResult({ vendorToken, name: row.name, idNo: row.idNo });
  } catch (error) {
    if (error instanceof OutboundError) return row;
    throw error;
  }
  if (outcome.status === 'pending') return row;
  const now = deps.now();
  const recorded = await recordVendorFace(deps.db, { verId: row.verId, vendorToken, passed: outcome.status === 'passed', reason: outcome.reason, now });
  if (recorded?.faceStatus === 'passed') await setIdentity(deps.db, row.userId, { faceAt: now });
  return recorded ?? (await getVerification(deps.db, row.verId)) ?? row;
}

/**
 * The vendor sent the browser back (`ticket` of the return address; the
 * vendor's own `token` is not trusted, the stored one is asked about): the
 * outcome is recorded if the vendor has decided, and the browser goes on to
 * the verification's result page, which asks again if not.
 */
export async function returnFromFace(deps: AppDeps, ticket: string): Promise<string> {
  const row = await getByReturnTicket(deps.db, sha256Hex(ticket));
  if (!row) return `${deps.config.publicUrl ?? ''}${DEFAULT_RESULT_PAGE}`;
  await settleFace(deps, row);
  const page = resultPage(row);
  return page.startsWith('/') ? `${deps.config.publicUrl ?? ''}${page}` : page;
}

export async function verificationResult(deps: AppDeps, userId: string, verId: string): Promise<VerificationResult> {
  return toVerificationResult(await settleFace(deps, await ownVerification(deps, userId, verId)));
}
