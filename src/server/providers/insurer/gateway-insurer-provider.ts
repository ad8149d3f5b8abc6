/**
 * The insurer gateway adapter (INSURER_PROVIDER=gateway): the one protocol an
 * insurer's integration team implements (docs/insurer-gateway.md). HTTPS JSON,
 * every request signed with the shared secret (gateway-signing.ts), every
 * answer and callback signed by the insurer and verified here (key id,
 * signature, 5-minute window, a nonce seen once across instances).
 *
 * - submit: `POST /policies`, idempotent by our order code; the insurer
 *   answers `pending` (the outcome comes by callback or by the query job) or
 *   already `issued` / `refused`;
 * - query: `GET /policies/{orderCode}`;
 * - cancel (撤销) and surrender (退保): `POST /policies/{orderCode}/cancel|surrender`;
 * - the callback: `POST /_gw/pol-svc/api/v1/insurer/notify/gateway`.
 *
 * Every call goes through the app's callOut (timeout, retries of network
 * errors, 5xx and SYSTEM_BUSY, the breaker, one log line without bodies).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { gatewayNonces } from '../../db/schema.ts';
import { OutboundError, type CallOut } from '../outbound.ts';
import type { GatewaySettings } from './gateway-settings.ts';
import { GATEWAY_MAX_SKEW_S, signedHeaders, verifyGatewaySignature } from './gateway-signing.ts';
import type {
  ClaimOutcome,
  ClaimReceipt,
  ClaimRequest,
  AsyncInsurerProvider,
  CallbackAnswer,
  EndorsementOutcome,
  EndorsementRequest,
  IssueOutcome,
  IssueRequest,
  PolicyState,
} from './insurer-provider.ts';

export const GATEWAY_VENDOR = 'insurer-gateway';
/** The callback route's path (the `:provider` is this adapter's name). */
export const GATEWAY_NOTIFY_PATH = '/_gw/pol-svc/api/v1/insurer/notify/gateway';

/** Remembers nonces: false when one was seen already (a replay). */
export interface NonceStore {
  firstSeen(nonce: string, at: Date): Promise<boolean>;
}

/** Nonces in the database (gateway_nonces), so a replay is refused by every instance. */
export class DatabaseNonceStore implements NonceStore {
  constructor(private readonly db: Db) {}

  async firstSeen(nonce: string, at: Date): Promise<boolean> {
    const rows = await this.db.insert(gatewayNonces).values({ nonce, seenAt: at }).onConflictDoNothing().returning({ nonce: gatewayNonces.nonce });
    return rows.length > 0;
  }

  /** Deletes nonces older than twice the signature window (a message that old is refused by its timestamp). */
  async purge(now: Date): Promise<void> {
    await this.db.delete(gatewayNonces).where(sql`${gatewayNonces.seenAt} < ${new Date(now.getTime() - 2 * GATEWAY_MAX_SKEW_S * 1000).toISOString()}::timestamptz`);
  }
}

/** The insurer's view of one application (the body of every policy answer and callback). */
interface PolicyResource {
  orderCode?: unknown;
  applicationFormCode?: unknown;
  status?: unknown;
  policyNo?: unknown;
  reason?: unknown;
  refundFen?: unknown;
}

const isText = (value: unknown, max = 64): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
const STATUSES = new Set(['pending', 'issued', 'refused', 'cancelled', 'surrendered']);

/** A well-formed policy resource, or undefined. */
function policyOf(value: unknown): (PolicyResource & { orderCode: string; status: string }) | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const p = value as PolicyResource;
  if (!isText(p.orderCode) || typeof p.status !== 'string' || !STATUSES.has(p.status)) return undefined;
  if (p.status === 'issued' && !isText(p.policyNo)) return undefined;
  return p as PolicyResource & { orderCode: string; status: string };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A refusal's reason, shortened (the insurer's words, for the log and the refund record). */
const reasonOf = (value: unknown, fallback: string) => (typeof value === 'string' && value ? [...value].slice(0, 200).join('') : fallback);

export interface GatewayInsurerOptions {
  settings: GatewaySettings;
  callOut: CallOut;
  nonces: NonceStore;
  /** Absolute URL of our callback route, sent with each issue request (unset: the insurer has it configured). */
  notifyUrl?: string;
  /** Wall clock of the signatures (tests move it); default Date.now. */
  clockMs?: () => number;
}

type Answer = { status: number; body: unknown };

export class GatewayInsurerProvider implements AsyncInsurerProvider {
  readonly name = 'gateway';
  private handler: ((outcome: IssueOutcome) => Promise<void>) | undefined;
  private claimHandler: ((outcome: ClaimOutcome) => Promise<void>) | undefined;
  private readonly key: { keyId: string; secret: string };
  private readonly basePath: string;

  constructor(private readonly options: GatewayInsurerOptions) {
    this.key = { keyId: options.settings.keyId, secret: options.settings.secret };
    this.basePath = new URL(options.settings.baseUrl).pathname.replace(/\/+$/, '');
  }

  private nowMs(): number {
    return this.options.clockMs?.() ?? Date.now();
  }

  onOutcome(handler: (outcome: IssueOutcome) => Promise<void>): void {
    this.handler = handler;
  }

  /** Hands the application over; an outcome already in the answer is delivered at once. */
  async submit(request: IssueRequest): Promise<void> {
    const body = {
      orderCode: request.orderCode,
      applicationFormCode: request.applicationFormCode,
      productCode: request.productCode,
      planCode: request.planCode,
      premiumFen: request.premiumFen,
      startDate: request.startDate.toISOString(),
      endDate: request.endDate.toISOString(),
      holder: request.holder ?? {},
      insureds: request.insureds ?? [],
      ...(request.healthAnswers ? { healthAnswers: request.healthAnswers } : {}),
      ...(this.options.notifyUrl ? { notifyUrl: this.options.notifyUrl } : {}),
    };
    const answer = await this.call('policies.issue', 'POST', '/policies', body);
    const policy = policyOf(answer.body);
    if (answer.status >= 300 || !policy) throw new OutboundError(`insurer gateway refused the issue request (HTTP ${answer.status})`, false, errorCodeOf(answer.body));
    const outcome = outcomeOf(policy, request.applicationFormCode);
    if (outcome) await this.handler?.(outcome);
  }

  /** Submits, then asks until the outcome is known (about a minute); for callers that need it in line. */
  async issue(request: IssueRequest): Promise<{ policyNo: string }> {
    await this.submit(request);
    for (let attempt = 0; attempt < 30; attempt++) {
      const state = await this.query(request.orderCode);
      if (state.state === 'issued') return { policyNo: state.policyNo };
      if (state.state === 'refused') throw new Error(`insurer refused ${request.orderCode}: ${state.reason}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    throw new OutboundError(`insurer gateway gave no outcome for ${request.orderCode}`, true, 'pending');
  }

  async query(orderCode: string): Promise<PolicyState> {
    const answer = await this.call('policies.query', 'GET', `/policies/${encodeURIComponent(orderCode)}`);
    if (answer.status === 404) return { state: 'unknown' };
    const policy = policyOf(answer.body);
    if (answer.status >= 300 || !policy || policy.orderCode !== orderCode) throw new OutboundError(`insurer gateway answered the query with HTTP ${answer.status}`, false, errorCodeOf(answer.body));
    if (policy.status === 'issued') return { state: 'issued', policyNo: policy.policyNo as string };
    if (policy.status === 'refused') return { state: 'refused', reason: reasonOf(policy.reason, '保险公司拒绝承保') };
    // cancelled / surrendered: issued once, its number stands (the endorsement is ours to record).
    if (isText(policy.policyNo)) return { state: 'issued', policyNo: policy.policyNo };
    return { state: 'pending' };
  }

  cancel(request: EndorsementRequest): Promise<EndorsementOutcome> {
    return this.endorse('cancel', request);
  }

  surrender(request: EndorsementRequest): Promise<EndorsementOutcome> {
    return this.endorse('surrender', request);
  }

  /**
   * The insurer's own e-policy: `GET /policies/{orderCode}/document` answers
   * the PDF in Base64 with the policy number it belongs to; 404 when the
   * insurer supplies none (we draw it then).
   */
  async ePolicy(request: EndorsementRequest): Promise<Uint8Array | undefined> {
    const answer = await this.call('policies.document', 'GET', `/policies/${encodeURIComponent(request.orderCode)}/document`);
    if (answer.status === 404) return undefined;
    const document = answer.body as { policyNo?: unknown; contentType?: unknown; content?: unknown } | undefined;
    if (answer.status >= 300 || document?.policyNo !== request.policyNo || document.contentType !== 'application/pdf' || typeof document.content !== 'string') {
      throw new OutboundError(`insurer gateway answered the e-policy with HTTP ${answer.status}`, false, errorCodeOf(answer.body) ?? 'bad-answer');
    }
    return new Uint8Array(Buffer.from(document.content, 'base64'));
  }

  private async endorse(kind: 'cancel' | 'surrender', request: EndorsementRequest): Promise<EndorsementOutcome> {
    const answer = await this.call(`policies.${kind}`, 'POST', `/policies/${encodeURIComponent(request.orderCode)}/${kind}`, { policyNo: request.policyNo });
    // A business refusal is 409 REFUSED; any other error answer is a failure (our request, our key), not a refusal.
    if (answer.status === 409 && errorCodeOf(answer.body) === 'REFUSED') return { ok: false, reason: reasonOf((answer.body as { message?: unknown }).message, 'REFUSED') };
    if (answer.status >= 300) throw new OutboundError(`insurer gateway answered ${kind} with HTTP ${answer.status}`, false, errorCodeOf(answer.body) ?? String(answer.status));
    const policy = policyOf(answer.body);
    const done = kind === 'cancel' ? 'cancelled' : 'surrendered';
    if (!policy || policy.status !== done) throw new OutboundError(`insurer gateway answered ${kind} without the ${done} policy`, false, 'bad-answer');
    const refundFen = typeof policy.refundFen === 'number' && Number.isInteger(policy.refundFen) && policy.refundFen >= 0 ? policy.refundFen : undefined;
    return refundFen === undefined ? { ok: true } : { ok: true, refundFen };
  }

  onClaimOutcome(handler: (outcome: ClaimOutcome) => Promise<void>): void {
    this.claimHandler = handler;
  }

  /** 理赔报案: POST /claims, idempotent by claimNo (a repeat answers the claim as it is). */
  reportClaim(request: ClaimRequest): Promise<ClaimReceipt> {
    return this.sendClaim('claims.report', '/claims', request);
  }

  /** The supplement: POST /claims/{claimNo}/supplement, idempotent by claimNo and round. */
  supplementClaim(request: ClaimRequest): Promise<ClaimReceipt> {
    return this.sendClaim('claims.supplement', `/claims/${encodeURIComponent(request.claimNo)}/supplement`, request);
  }

  /** What the insurer knows of a claim (GET /claims/{claimNo}): its decision, or undefined while it has none. */
  async queryClaim(claimNo: string): Promise<ClaimOutcome | undefined> {
    const answer = await this.call('claims.query', 'GET', `/claims/${encodeURIComponent(claimNo)}`);
    if (answer.status >= 300) throw new OutboundError(`insurer gateway answered claims.query with HTTP ${answer.status}`, false, errorCodeOf(answer.body) ?? String(answer.status));
    const claim = claimOf(answer.body);
    if (!claim || claim.claimNo !== claimNo) throw new OutboundError('insurer gateway answered claims.query without the claim', false, 'bad-answer');
    return claimOutcomeOf(claim);
  }

  private async sendClaim(name: string, path: string, request: ClaimRequest): Promise<ClaimReceipt> {
    const answer = await this.call(name, 'POST', path, { ...request, ...(this.options.notifyUrl ? { notifyUrl: this.options.notifyUrl } : {}) });
    if (answer.status >= 300) throw new OutboundError(`insurer gateway answered ${name} with HTTP ${answer.status}`, false, errorCodeOf(answer.body) ?? String(answer.status));
    const claim = claimOf(answer.body);
    if (!claim || claim.claimNo !== request.claimNo) throw new OutboundError(`insurer gateway answered ${name} without the claim`, false, 'bad-answer');
    return isText(claim.insurerClaimNo) ? { insurerClaimNo: claim.insurerClaimNo } : {};
  }

  /**
   * The insurer's callback: signature, window and nonce checked, the body a
   * policy resource or a claim resource (docs/claims.md); a final outcome goes to the outcome handler (applied
   * once: a second delivery finds the order issued). A handler failure
   * answers 503 so that the insurer delivers again.
   */
  async handleCallback(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): Promise<CallbackAnswer> {
    const check = verifyGatewaySignature(this.key, headers, { method: 'POST', path: GATEWAY_NOTIFY_PATH, body: rawBody }, this.nowMs());
    if (!check.ok) return refuse(401, check.problem, 'signature refused');
    if (!(await this.options.nonces.firstSeen(check.nonce, new Date(this.nowMs())))) return refuse(401, 'REPLAYED_NONCE', 'nonce already used');
    const parsed = parseJson(rawBody);
    if (typeof parsed === 'object' && parsed !== null && 'claimNo' in parsed) {
      const claim = claimOf(parsed);
      if (!claim) return refuse(400, 'INVALID_REQUEST', 'not a claim resource');
      return delivered(claimOutcomeOf(claim), this.claimHandler);
    }
    const policy = policyOf(parsed);
    if (!policy || !isText(policy.applicationFormCode)) return refuse(400, 'INVALID_REQUEST', 'not a policy resource');
    return delivered(outcomeOf(policy, policy.applicationFormCode), this.handler);
  }

  /**
   * One signed call through callOut. 5xx, an unsigned answer to one and
   * SYSTEM_BUSY are transient (retried: every call is idempotent by order
   * code); any other answer must carry a valid signature of the insurer.
   */
  private call(name: string, method: 'GET' | 'POST', path: string, payload?: object): Promise<Answer> {
    const url = `${this.options.settings.baseUrl}${path}`;
    const signedPath = `${this.basePath}${path}`;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    return this.options.callOut({
      vendor: GATEWAY_VENDOR,
      call: name,
      idempotent: true,
      timeoutMs: this.options.settings.timeoutMs,
      run: async (signal) => {
        const headers = { ...signedHeaders(this.key, { method, path: signedPath, body }, { nowMs: this.nowMs() }), accept: 'application/json', ...(payload ? { 'content-type': 'application/json' } : {}) };
        const response = await fetch(url, { method, headers, signal, ...(payload ? { body } : {}) });
        const text = await response.text();
        const answerHeaders = Object.fromEntries(response.headers);
        const parsed = parseJson(text);
        if (response.status >= 500 || errorCodeOf(parsed) === 'SYSTEM_BUSY') {
          throw new OutboundError(`insurer gateway is busy (HTTP ${response.status})`, true, errorCodeOf(parsed) ?? String(response.status));
        }
        const check = verifyGatewaySignature(this.key, answerHeaders, { method, path: signedPath, body: text }, this.nowMs());
        if (!check.ok) throw new OutboundError(`insurer gateway answer refused: ${check.problem}`, false, check.problem);
        if (!(await this.options.nonces.firstSeen(check.nonce, new Date(this.nowMs())))) throw new OutboundError('insurer gateway answer replayed', false, 'REPLAYED_NONCE');
        return { status: response.status, body: parsed };
      },
    });
  }
}

function errorCodeOf(body: unknown): string | undefined {
  const code = (body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code.length <= 64 ? code : undefined;
}

/** A callback's outcome handed to its handler: 200 once applied (or with nothing to apply), 503 when the handler failed, so the insurer delivers again. */
async function delivered<T>(outcome: T | undefined, handler: ((outcome: T) => Promise<void>) | undefined): Promise<CallbackAnswer> {
  if (outcome !== undefined && handler) {
    try {
      await handler(outcome);
    } catch {
      return refuse(503, 'SYSTEM_BUSY', 'try again later');
    }
  }
  return { status: 200, body: { code: 'SUCCESS', message: 'OK' } };
}

interface ClaimResource {
  claimNo: string;
  status: string;
  insurerClaimNo?: unknown;
  note?: unknown;
  amountFen?: unknown;
}

const CLAIM_STATUSES = new Set(['received', 'reviewing', 'needMore', 'closed', 'declined']);

/** A well-formed claim resource, or undefined. */
function claimOf(value: unknown): ClaimResource | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const c = value as Partial<ClaimResource>;
  if (!isText(c.claimNo) || typeof c.status !== 'string' || !CLAIM_STATUSES.has(c.status)) return undefined;
  if (c.status === 'closed' && !(Number.isSafeInteger(c.amountFen) && (c.amountFen as number) >= 0)) return undefined;
  return c as ClaimResource;
}

/** The decision a claim resource carries, or undefined while received. */
function claimOutcomeOf(claim: ClaimResource): ClaimOutcome | undefined {
  const { claimNo } = claim;
  const note = (fallback: string) => reasonOf(claim.note, fallback);
  if (claim.status === 'reviewing') return { claimNo, action: 'accept', ...(isText(claim.insurerClaimNo) ? { insurerClaimNo: claim.insurerClaimNo } : {}) };
  if (claim.status === 'needMore') return { claimNo, action: 'askMore', note: note('请补充理赔资料') };
  if (claim.status === 'closed') return { claimNo, action: 'close', amountFen: claim.amountFen as number, ...(typeof claim.note === 'string' && claim.note ? { note: note('') } : {}) };
  if (claim.status === 'declined') return { claimNo, action: 'decline', note: note('不属于保险责任') };
  return undefined;
}

function refuse(status: number, code: string, message: string): CallbackAnswer {
  return { status, body: { code, message } };
}

/** A final outcome of a policy resource (issued or refused), or undefined while pending. */
function outcomeOf(policy: PolicyResource & { orderCode: string; status: string }, applicationFormCode: string): IssueOutcome | undefined {
  const { orderCode } = policy;
  if (policy.status === 'issued') return { applicationFormCode, orderCode, ok: true, policyNo: policy.policyNo as string };
  if (policy.status === 'refused') return { applicationFormCode, orderCode, ok: false, reason: reasonOf(policy.reason, '保险公司拒绝承保') };
  return undefined;
}
