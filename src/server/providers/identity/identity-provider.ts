/**
 * Real-name and face authentication. A real adapter (a licensed identity
 * verification service) implements this; the sandbox checks what can be
 * checked offline and serves its own face page.
 */
export interface RealNameOutcome {
  passed: boolean;
  /** Why it failed, in the user's language; empty when passed. */
  reason: string;
}

export interface IdentityProvider {
  readonly name: string;
  /** Does this name belong to this mainland ID number? */
  checkRealName(input: { name: string; idNo: string }): Promise<RealNameOutcome>;
  /**
   * Where the browser goes for the face check of one verification. The page
   * reports back through the server (for the sandbox, its own form post) and
   * then sends the browser to the verification's backUrl.
   */
  faceUrl(ticket: string): string;
}
