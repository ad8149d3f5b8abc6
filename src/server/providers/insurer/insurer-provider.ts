/** What the insurer needs to issue a policy for a paid application. */
export interface IssueRequest {
  applicationFormCode: string;
  productCode: string;
  planCode: string;
  premiumFen: number;
  startDate: Date;
  endDate: Date;
}

/** The insurer's answer to an issue request, delivered asynchronously. */
export type IssueOutcome =
  | { applicationFormCode: string; ok: true; policyNo: string }
  | { applicationFormCode: string; ok: false; reason: string };

/**
 * The underwriting insurer's issuing system. Implementations must be
 * idempotent per applicationFormCode.
 *
 * `issue` waits for the outcome (resolves with the policy number, rejects on
 * a refusal). Insurers that issue asynchronously also implement
 * {@link AsyncInsurerProvider}: `submit` only hands the application over and
 * the outcome arrives later through the handler set with `onOutcome`.
 */
export interface InsurerProvider {
  issue(request: IssueRequest): Promise<{ policyNo: string }>;
}

export interface AsyncInsurerProvider extends InsurerProvider {
  /** Hands the application to the insurer; resolves when accepted, before it is issued. */
  submit(request: IssueRequest): Promise<void>;
  /** Where outcomes go; a handler that throws gets the outcome again later (at-least-once delivery). */
  onOutcome(handler: (outcome: IssueOutcome) => Promise<void>): void;
}

export function isAsyncInsurer(insurer: InsurerProvider): insurer is AsyncInsurerProvider {
  return typeof (insurer as Partial<AsyncInsurerProvider>).submit === 'function' && typeof (insurer as Partial<AsyncInsurerProvider>).onOutcome === 'function';
}
