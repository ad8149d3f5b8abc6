/** What the insurer needs to issue a policy for a paid application. */
export interface IssueRequest {
  /** Our order code: the key an insurer issues once by. */
  orderCode: string;
  applicationFormCode: string;
  productCode: string;
  planCode: string;
  premiumFen: number;
  startDate: Date;
  endDate: Date;
  /** The spec §3 policyHolder as stored (name, licenceType, licenceNo, phone, birthday, sex, …): the insurer underwrites on it. */
  holder?: Readonly<Record<string, unknown>>;
  /** The spec §3 Insured objects as stored. */
  insureds?: readonly Readonly<Record<string, unknown>>[];
  /** The health notice (健康告知) answers as the server checked them, question id → answer; absent for a product without a notice. */
  healthAnswers?: Readonly<Record<string, string>>;
}

/** The insurer's answer to an issue request, delivered asynchronously. */
export type IssueOutcome = (
  | { applicationFormCode: string; ok: true; policyNo: string }
  | { applicationFormCode: string; ok: false; reason: string }
) & {
  /** When the insurer names the order too: an outcome whose order is not the application's is ignored. */
  orderCode?: string;
};

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
  /** The `:provider` of the insurer's callback route (/_gw/pol-svc/api/v1/insurer/notify/:provider), when it calls back. */
  readonly name?: string;
  issue(request: IssueRequest): Promise<{ policyNo: string }>;
  /** What the insurer knows of an order's application (the query job asks when no outcome came). Throws on a failure. */
  query?(orderCode: string): Promise<PolicyState>;
  /** 撤销: the whole policy before its start date. A refusal resolves `{ok:false}`; a failure (network, 5xx after retries) throws. */
  cancel?(request: EndorsementRequest): Promise<EndorsementOutcome>;
  /** 退保: a policy in force; the insurer's answer carries the amount it refunds. Same failure rules as `cancel`. */
  surrender?(request: EndorsementRequest): Promise<EndorsementOutcome>;
  /** The insurer's own e-policy PDF of an issued policy; undefined when it supplies none. Throws on a failure. */
  ePolicy?(request: EndorsementRequest): Promise<Uint8Array | undefined>;
  /** 理赔报案: hands a claim with its photos to the insurer (docs/claims.md); idempotent by claimNo. Throws on a failure. */
  reportClaim?(request: ClaimRequest): Promise<ClaimReceipt>;
  /** The supplement the insurer asked for (需补充资料): the photos again, all of them; idempotent by claimNo and round. */
  supplementClaim?(request: ClaimRequest): Promise<ClaimReceipt>;
  /** What the insurer knows of a claim: its decision, or undefined while it has none (the claim query job asks). Throws on a failure. */
  queryClaim?(claimNo: string): Promise<ClaimOutcome | undefined>;
  /** Where claim outcomes go (accept, askMore, close, decline); a handler that throws gets the outcome again later. */
  onClaimOutcome?(handler: (outcome: ClaimOutcome) => Promise<void>): void;
  /** The insurer's callback, verified and applied; answers what the route sends back. */
  handleCallback?(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): Promise<CallbackAnswer>;
}

/** An application as the insurer knows it: `unknown` when it never received it. */
export type PolicyState =
  | { state: 'issued'; policyNo: string }
  | { state: 'refused'; reason: string }
  | { state: 'pending' }
  | { state: 'unknown' };

export interface EndorsementRequest {
  orderCode: string;
  applicationFormCode: string;
  policyNo: string;
}

export type EndorsementOutcome = { ok: true; refundFen?: number } | { ok: false; reason: string };

/** The HTTP answer to an insurer's callback: status and JSON body. */
export interface CallbackAnswer {
  status: number;
  body: { code: string; message: string };
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

/** A claim as the insurer takes it: the report's facts, the payee in full, every photo as Base64. */
export interface ClaimRequest {
  /** Our claim number: the key the insurer takes a claim once by. */
  claimNo: string;
  policyNo: string;
  productCode: string;
  kind: string;
  /** The insured's index in the policy's insureds, and their name. */
  insuredIndex: number;
  insuredName: string;
  /** YYYY-MM-DD, Beijing. */
  accidentDate: string;
  accidentPlace: string;
  description: string;
  bank: { accountName: string; bankName: string; accountNo: string };
  /** 1 for the report, then one more each supplement. */
  round: number;
  files: readonly { document: string; contentType: string; base64: string }[];
}

/** The insurer's acknowledgement: its own claim number when it gives one. */
export interface ClaimReceipt {
  insurerClaimNo?: string;
}

/** What the insurer decided about a claim, delivered asynchronously. */
export type ClaimOutcome =
  | { claimNo: string; action: 'accept'; insurerClaimNo?: string }
  | { claimNo: string; action: 'askMore'; note: string }
  | { claimNo: string; action: 'close'; amountFen: number; note?: string }
  | { claimNo: string; action: 'decline'; note: string };
