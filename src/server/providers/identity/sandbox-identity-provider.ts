import type { FaceOutcome, FaceStart, FaceStartInput, IdentityProvider, RealNameOutcome } from './identity-provider.ts';
import { MSG_FACE_PENDING, MSG_NAME_MISMATCH, offlineRealNameProblem } from './identity-provider.ts';

export { MSG_ID_LENGTH, MSG_NAME_MISMATCH } from './identity-provider.ts';
export const SANDBOX_FACE_PATH = '/_sandbox/face';

/**
 * The sandbox: the name must follow the spec's name rule and the ID number
 * the engine's rules (province region, real birth date not in the future,
 * check digit). It cannot know whose number it is, so every well-formed pair
 * passes, except the ID numbers a test registers with `refuse` (a mismatch
 * the real service would report).
 *
 * Its face page (sandbox-face-routes.ts, at a path of this server) records the
 * outcome itself through the identity service when the tester chooses one,
 * so a face check started here has no vendor token and nothing to ask later.
 */
export class SandboxIdentityProvider implements IdentityProvider {
  readonly name = 'sandbox';
  private readonly refused = new Set<string>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  refuse(idNo: string): void {
    this.refused.add(idNo.toUpperCase());
  }

  async checkRealName(input: { name: string; idNo: string }): Promise<RealNameOutcome> {
    const problem = offlineRealNameProblem(input, this.now());
    if (problem) return { passed: false, reason: problem };
    if (this.refused.has(input.idNo.toUpperCase())) return { passed: false, reason: MSG_NAME_MISMATCH };
    return { passed: true, reason: '' };
  }

  async beginFace(input: FaceStartInput): Promise<FaceStart> {
    return { url: `${SANDBOX_FACE_PATH}?${new URLSearchParams({ ticket: input.ticket }).toString()}` };
  }

  /** Never asked for a check of its own (they carry no vendor token): nothing is known of another. */
  async faceResult(): Promise<FaceOutcome> {
    return { status: 'pending', reason: MSG_FACE_PENDING };
  }
}
