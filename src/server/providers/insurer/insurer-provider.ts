/** What the insurer needs to issue a policy for a paid application. */
export interface IssueRequest {
  applicationFormCode: string;
  productCode: string;
  planCode: string;
  premiumFen: number;
  startDate: Date;
  endDate: Date;
}

/** The underwriting insurer's issuing system. Implementations must be idempotent per applicationFormCode. */
export interface InsurerProvider {
  issue(request: IssueRequest): Promise<{ policyNo: string }>;
}
