import { MSG_ID_CHECKSUM, parseIdCard, validateName } from '../../../engine/rules/index.ts';
import type { IdentityProvider, RealNameOutcome } from './identity-provider.ts';

export const SANDBOX_FACE_PATH = '/_sandbox/face';
export const MSG_ID_LENGTH = '身份证号码位数有误!';
export const MSG_NAME_MISMATCH = '姓名与身份证号码不一致';

/**
 * The sandbox: the name must follow the spec's name rule and the ID number
 * the engine's rules (province region, real birth date not in the future,
 * check digit). It cannot know whose number it is, so every well-formed pair
 * passes, except the ID numbers a test registers with `refuse` (a mismatch
 * the real service would report).
 */
export class SandboxIdentityProvider implements IdentityProvider {
  readonly name = 'sandbox';
  private readonly refused = new Set<string>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  refuse(idNo: string): void {
    this.refused.add(idNo.toUpperCase());
  }

  async checkRealName(input: { name: string; idNo: string }): Promise<RealNameOutcome> {
    const nameProblem = validateName(input.name);
    if (nameProblem) return { passed: false, reason: nameProblem };
    const id = parseIdCard(input.idNo, this.now());
    if (!id.ok) return { passed: false, reason: id.reason === 'length' ? MSG_ID_LENGTH : MSG_ID_CHECKSUM };
    if (this.refused.has(input.idNo.toUpperCase())) return { passed: false, reason: MSG_NAME_MISMATCH };
    return { passed: true, reason: '' };
  }

  faceUrl(ticket: string): string {
    return `${SANDBOX_FACE_PATH}?${new URLSearchParams({ ticket }).toString()}`;
  }
}
