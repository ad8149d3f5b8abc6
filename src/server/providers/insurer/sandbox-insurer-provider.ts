import type { AsyncInsurerProvider, ClaimOutcome, ClaimReceipt, ClaimRequest, EndorsementOutcome, EndorsementRequest, IssueOutcome, IssueRequest, PolicyState } from './insurer-provider.ts';

export interface SandboxInsurerOptions {
  /** Refuse these applications (a test or a demo asks for 出单失败). */
  failFor?: (request: IssueRequest) => boolean;
  /** Delay before the outcome is delivered (default 50 ms): issuance is never instant. */
  delayMs?: number;
  /** First retry delay when the outcome handler fails (doubles up to 8 tries). */
  retryBaseMs?: number;
}

/**
 * Issues policies asynchronously, like an insurer's underwriting system:
 * `submit` accepts the application at once and the outcome (a policy number,
 * or a refusal when told to fail) is delivered to the `onOutcome` handler
 * after a delay, retried with backoff until the handler accepts it. The
 * policy number is derived from the application code, so a repeated submit
 * (after a crash, say) yields the same policy, as real issuing systems do.
 */
export class SandboxInsurerProvider implements AsyncInsurerProvider {
  private handler: ((outcome: IssueOutcome) => Promise<void>) | undefined;
  private readonly pending = new Set<Promise<void>>();
  private readonly failing = new Set<string>();
  private readonly waiters = new Map<string, ((outcome: IssueOutcome) => void)[]>();
  /** Outcomes delivered, by order code (what `query` answers; forgotten on a restart, as `unknown`). */
  private readonly delivered = new Map<string, IssueOutcome>();
  private readonly submitted = new Set<string>();
  private stopped = false;
  private claimHandler: ((outcome: ClaimOutcome) => Promise<void>) | undefined;
  /** Claims received, by claim number, with the rounds (report 1, then each supplement). */
  private readonly claims = new Map<string, Set<number>>();

  constructor(private readonly options: SandboxInsurerOptions = {}) {}

  /** Makes the sandbox refuse this application (e.g. from a test). */
  failApplication(applicationFormCode: string): void {
    this.failing.add(applicationFormCode);
  }

  onOutcome(handler: (outcome: IssueOutcome) => Promise<void>): void {
    this.handler = handler;
  }

  async submit(request: IssueRequest): Promise<void> {
    if (this.stopped) throw new Error('sandbox insurer stopped');
    const outcome = this.decide(request);
    this.submitted.add(request.orderCode);
    const delivery = this.deliver(outcome)
      .then(() => void this.delivered.set(request.orderCode, outcome))
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  async query(orderCode: string): Promise<PolicyState> {
    const outcome = this.delivered.get(orderCode);
    if (outcome) return outcome.ok ? { state: 'issued', policyNo: outcome.policyNo } : { state: 'refused', reason: outcome.reason };
    return this.submitted.has(orderCode) ? { state: 'pending' } : { state: 'unknown' };
  }

  /** The sandbox agrees to every 撤销 (the whole premium back). */
  async cancel(request: EndorsementRequest): Promise<EndorsementOutcome> {
    void request;
    return { ok: true };
  }

  /** The sandbox agrees to every 退保. */
  async surrender(request: EndorsementRequest): Promise<EndorsementOutcome> {
    void request;
    return { ok: true };
  }

  onClaimOutcome(handler: (outcome: ClaimOutcome) => Promise<void>): void {
    this.claimHandler = handler;
  }

  /** Takes a claim (once by claim number) and accepts it, asynchronously: 资料审核中. */
  async reportClaim(request: ClaimRequest): Promise<ClaimReceipt> {
    if (this.stopped) throw new Error('sandbox insurer stopped');
    const rounds = this.claims.get(request.claimNo) ?? new Set<number>();
    const first = rounds.size === 0;
    rounds.add(request.round);
    this.claims.set(request.claimNo, rounds);
    if (first) void this.decideClaim({ claimNo: request.claimNo, action: 'accept', insurerClaimNo: `SBX${request.claimNo.slice(2)}` });
    return { insurerClaimNo: `SBX${request.claimNo.slice(2)}` };
  }

  /** Takes a supplement (once by claim number and round); the sandbox decides again only when told. */
  async supplementClaim(request: ClaimRequest): Promise<ClaimReceipt> {
    if (this.stopped) throw new Error('sandbox insurer stopped');
    const rounds = this.claims.get(request.claimNo) ?? new Set<number>();
    rounds.add(request.round);
    this.claims.set(request.claimNo, rounds);
    return {};
  }

  /** The sandbox decides a claim (devClaimDecision, tests): the outcome is called back after the delay; resolves once delivered. */
  decideClaim(outcome: ClaimOutcome): Promise<void> {
    const delivery = this.deliverWith(() => this.claimHandler?.(outcome)).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
    return delivery;
  }

  /** Submits and waits for the outcome (for callers that need the answer in line). */
  async issue(request: IssueRequest): Promise<{ policyNo: string }> {
    const outcome = await new Promise<IssueOutcome>((resolve) => {
      const list = this.waiters.get(request.applicationFormCode) ?? [];
      list.push(resolve);
      this.waiters.set(request.applicationFormCode, list);
      void this.submit(request).catch(() => resolve({ applicationFormCode: request.applicationFormCode, ok: false, reason: 'stopped' }));
    });
    if (!outcome.ok) throw new Error(`sandbox insurer refused ${request.applicationFormCode}: ${outcome.reason}`);
    return { policyNo: outcome.policyNo };
  }

  /** Resolves when every outcome submitted so far has been delivered (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  stop(): void {
    this.stopped = true;
  }

  private decide(request: IssueRequest): IssueOutcome {
    const code = request.applicationFormCode;
    if (this.failing.has(code) || this.options.failFor?.(request)) return { applicationFormCode: code, ok: false, reason: '核保不通过' };
    return { applicationFormCode: code, ok: true, policyNo: `P${request.productCode}${code.replace(/^\D+/, '')}` };
  }

  /** After the delay, calls `send` until it succeeds (8 tries, backing off). */
  private async deliverWith(send: () => Promise<void> | undefined): Promise<void> {
    const base = this.options.retryBaseMs ?? 50;
    await sleep(this.options.delayMs ?? 50);
    for (let attempt = 0; attempt < 8; attempt++) {
      try {
        await send();
        break;
      } catch {
        if (this.stopped) break;
        await sleep(base * 2 ** attempt);
      }
    }
  }

  private async deliver(outcome: IssueOutcome): Promise<void> {
    await this.deliverWith(() => this.handler?.(outcome));
    const waiting = this.waiters.get(outcome.applicationFormCode) ?? [];
    this.waiters.delete(outcome.applicationFormCode);
    for (const resolve of waiting) resolve(outcome);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
