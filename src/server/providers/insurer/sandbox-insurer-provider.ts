import type { InsurerProvider, IssueRequest } from './insurer-provider.ts';

/**
 * Issues policies instantly. The policy number is derived from the
 * application code, which makes a repeated issue (after a crash, say) return
 * the same policy, as real issuing systems do.
 */
export class SandboxInsurerProvider implements InsurerProvider {
  constructor(private readonly options: { failFor?: (request: IssueRequest) => boolean } = {}) {}

  async issue(request: IssueRequest): Promise<{ policyNo: string }> {
    if (this.options.failFor?.(request)) throw new Error(`sandbox insurer refused ${request.applicationFormCode}`);
    return { policyNo: `P${request.productCode}${request.applicationFormCode.replace(/^\D+/, '')}` };
  }
}
