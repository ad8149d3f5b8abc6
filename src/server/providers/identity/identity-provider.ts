/**
 * Real-name and face authentication. A real adapter (a licensed identity
 * verification service: Tencent Cloud FaceID) implements this; the sandbox
 * checks what can be checked offline and serves its own face page.
 */
import { MSG_ID_CHECKSUM, parseIdCard, validateName } from '../../../engine/rules/index.ts';

export interface RealNameOutcome {
  passed: boolean;
  /** Why it failed, in the user's language; empty when passed. */
  reason: string;
}

/** What the face check of one verification is started with. */
export interface FaceStartInput {
  /** The verification's one-time ticket (in the sandbox page's link and in the return address). */
  ticket: string;
  /** The name and ID number the verification was asked for (the face must be theirs). */
  name: string;
  idNo: string;
  /** Absolute address the vendor sends the browser back to when the check ends. */
  returnUrl: string;
}

export interface FaceStart {
  /** Where the browser goes for the face check: absolute (a vendor's page) or a path on this server (the sandbox's). */
  url: string;
  /** The vendor's handle on the check (Tencent's BizToken), kept on the verification to ask for the result. */
  vendorToken?: string;
}

export type FaceStatus = 'passed' | 'failed' | 'pending';

export interface FaceOutcome {
  /** `pending`: the check is not finished (still in progress, or abandoned). */
  status: FaceStatus;
  /** Why it failed or is not finished, in the user's language; empty when passed. */
  reason: string;
}

export interface IdentityProvider {
  readonly name: string;
  /** Does this name belong to this mainland ID number? */
  checkRealName(input: { name: string; idNo: string }): Promise<RealNameOutcome>;
  /**
   * Starts the face check of one verification: where the browser goes. A
   * vendor sends the browser back to `returnUrl` when the check ends; the
   * sandbox's own page records the outcome itself (through the identity
   * service) and needs no vendor token.
   */
  beginFace(input: FaceStartInput): Promise<FaceStart>;
  /**
   * The outcome of a face check started with a vendor token: passed only
   * when the vendor passed it for this very name and ID number.
   */
  faceResult(input: { vendorToken: string; name: string; idNo: string }): Promise<FaceOutcome>;
}

export const MSG_ID_LENGTH = '身份证号码位数有误!';
export const MSG_NAME_MISMATCH = '姓名与身份证号码不一致';
export const MSG_FACE_PENDING = '人脸识别尚未完成';
export const MSG_FACE_FAILED = '人脸识别未通过';
export const MSG_FACE_OTHER_PERSON = '人脸识别信息与实名认证信息不一致';

/**
 * What is wrong with a name and ID number before anyone is asked: the spec's
 * name rule, then the engine's ID rules (province region, real birth date not
 * in the future, check digit). Undefined when both are well formed.
 */
export function offlineRealNameProblem(input: { name: string; idNo: string }, now: Date): string | undefined {
  const nameProblem = validateName(input.name);
  if (nameProblem) return nameProblem;
  const id = parseIdCard(input.idNo, now);
  if (!id.ok) return id.reason === 'length' ? MSG_ID_LENGTH : MSG_ID_CHECKSUM;
  return undefined;
}
