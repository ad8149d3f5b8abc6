import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationFormInput, SubmitOrderBody, SubmitOrderResult } from '../../contract/order.ts';
import { ORDER_CONSTANTS } from '../../contract/order-constants.ts';
import { CHANNEL_NO } from '../../engine/rules/enums.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { issuePolicyForOrder } from '../payments/issue-policy.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { coverPeriod, paymentCoverTerms, pickedStartProblem } from '../../engine/cover/cover-period.ts';
import { checkApplication } from '../../engine/insure/check-application.ts';
import { checkHealthAnswers } from '../../engine/health/health-check.ts';
import { fenToYuan, resolveGuaranteeYears } from '../../engine/pricing/premium.ts';
import { MSG_GUARANTEE_YEARS } from '../../engine/rules/messages.ts';
import { priceApplication } from '../../engine/pricing/price-application.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AuthUser } from '../auth/access-token.ts';
import { requireManifest } from '../catalogue/manifest-store.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError, forbidden, rejected } from '../http/envelope.ts';
import { dailyCode } from '../lib/random-codes.ts';
import {
  getOrderBySerial,
  InsuredTaken,
  markOrderPaid,
  submitOrderCall,
  submitPlainOrderCall,
  takeLocks,
  type SubmitCallInput,
  readSubmissionState,
  type SubmissionState,
  lockPlan,
  type NewApplicationForm,
  type OrderSummary,
} from './orders-repo.ts';
import { repeatInsuranceMessage } from './repeat-insurance.ts';
import { consumeResubToken } from './resub-tokens-repo.ts';
import { MSG_SERIAL_OTHER_BODY, requestHashOf } from './request-hash.ts';

export { MSG_SERIAL_OTHER_BODY, requestHashOf };
import { toStoredPerson } from './stored-person.ts';
// --- policies: renewal and drafts
import { deleteDraftOfUser, getDraft } from './drafts-repo.ts';
import { saveHealthAnswers } from './health-answers-repo.ts';
import { resolveRenewal, type StoredRenewal } from './renewal.ts';
import { setManagerOnce } from '../auth/people-repo.ts';
import { attributeSale, type BuyerStaff, type SaleAttribution } from '../promoters/attribution.ts';
import type { AccessClaims } from '../auth/access-token.ts';
import { sessionRevokedBy } from '../auth/sessions.ts';

type OrderDeps = Pick<AppDeps, 'db' | 'manifests' | 'now' | 'config' | 'insurer'> & Partial<Pick<AppDeps, 'hooks'>>;

const SERIAL_CONSTRAINT = 'orders_idempotent_serial_no_unique';
const CODE_CONSTRAINTS = ['orders_order_code_unique', 'application_forms_application_form_code_unique'];

function toResult(order: OrderSummary): SubmitOrderResult {
  return {
    body: {
      order: { amount: fenToYuan(order.amountFen), code: order.orderCode },
      applicationForms: order.applicationFormCodes.map((applicationFormCode) => ({ information: { applicationFormCode } })),
    },
  };
}

/**
 * The order of a serial, to its owner only (a repeated serial gives back the
 * order it created), and only for the same body: a serial reused with other
 * application forms is refused, never answered with an order it did not make.
 */
function answerWithOrder(order: OrderSummary, user: AuthUser, requestHash: string): SubmitOrderResult {
  if (order.userId !== user.userId) throw forbidden('订单');
  if (order.requestHash && order.requestHash !== requestHash) throw rejected(MSG_SERIAL_OTHER_BODY);
  return toResult(order);
}

/**
 * The spec §3 application-form terms as the server settles them: the §9
 * constants, the manifest's branch and insurers, the plan and its risks, the
 * renewal flags, and the agent and channel of the attribution (spec §6, decided
 * by the server: agents and channel codes the client sends are ignored).
 */
function formTermsOf(
  manifest: ProductManifest,
  input: ApplicationFormInput,
  body: SubmitOrderBody,
  planCode: string,
  premiumFen: number,
  renewal: StoredRenewal | null,
  attribution: SaleAttribution,
  years: number,
) {
  const plan = manifest.plans.find((p) => p.code === planCode);
  // A cover that starts from the payment day: the payment fixes its dates by these terms (markOrderPaid).
  const coverTerms = paymentCoverTerms(manifest, years);
  return {
    applicationType: ORDER_CONSTANTS.applicationType,
    channelType: ORDER_CONSTANTS.channelType,
    channalCode: input.channalCode ?? CHANNEL_NO,
    productType: ORDER_CONSTANTS.productType,
    policyKind: ORDER_CONSTANTS.policyKind,
    source: body.source ?? ORDER_CONSTANTS.source,
    entryType: body.entryType ?? ORDER_CONSTANTS.entryType,
    branchCode: manifest.order.defaultBranch,
    schanelCode: attribution.schanelCode,
    projectCode: manifest.projectCode,
    projectName: manifest.projectName,
    isRenewal: renewal ? 'Y' : 'N',
    renewalTimes: renewal?.renewalTimes ?? null,
    renewalLastPolicyNo: renewal?.renewalLastPolicyNo ?? null,
    tempSerialNo: input.tempSerialNo ?? null,
    agents: attribution.agents,
    insuranceCompanies: manifest.insurers.map((i) => ({ name: i.name, partyRole: i.partyRole })),
    plan: plan ? [{ code: plan.code, name: plan.name, quantity: input.copies ?? 1, prem: fenToYuan(premiumFen) }] : [],
    risk: (plan?.risks ?? []).map((r) => ({ riskCode: r.riskCode, riskName: r.riskName })),
    ...(coverTerms ? { coverTerms } : {}),
  };
}

/** Names the client sent that must agree with the manifest (a form for another product is refused). */
function checkFormAgreesWithManifest(manifest: ProductManifest, input: ApplicationFormInput): void {
  const clash =
    (input.productName !== undefined && input.productName !== manifest.productName) ||
    (input.projectCode !== undefined && input.projectCode !== manifest.projectCode) ||
    (input.plan !== undefined && input.plan.length > 0 && input.plan[0]?.code !== input.planCode);
  if (clash) throw rejected('投保单与产品信息不符');
  if (input.isRenewal === 'Y' && !input.renewal && !input.renewalTimes) {
    throw rejected('续保信息不完整');
  }
}

/**
 * Submits an order (spec §4 "Confirm and order flow").
 *
 * - The anti-resubmit token is single-use and bound to the user. It is checked
 *   first but spent only by the step that writes (inside the order transaction,
 *   or when a retry is answered with its order): a request refused before
 *   that, by a rule or by the database, leaves it usable.
 * - `idempotentSerialNo` makes retries safe: the same serial returns the same
 *   order, never a second one (a unique key settles concurrent retries).
 * - Premium, cover dates and every constant come from the manifest and the
 *   guarantee years (`insureYear`); the client's `totalPremium` and dates are
 *   ignored, except the start a product lets the parent pick, which must lie
 *   in the window the server's clock gives.
 */
/**
 * Who submits: a request's caller, the claims of whose token the submission
 * checks in its first statement (`accept` gets the verdict: a revoked
 * session is refused), or the server itself (the demo seed), with no token.
 */
export type Submitter = { claims: AccessClaims; accept: (revoked: boolean) => AuthUser } | { server: AuthUser };

/** An order as the server settles it from the body, before it is written (see {@link submitOrder}). */
type ComposedOrder = Awaited<ReturnType<typeof composeOrder>>;

/**
 * The order the body asks for, settled by the server: the manifest's rules,
 * the premium, the cover dates, the renewal and draft checks, and the sale's
 * attribution from the buyer's staff record and manager (`buyer`).
 */
async function composeOrder(deps: OrderDeps, user: AuthUser, body: SubmitOrderBody, now: Date, buyer: BuyerStaff) {
  const [input] = body.applicationForms;
  if (!input) throw rejected('缺少投保单');
  const manifest = requireManifest(deps.manifests, input.productCode);
  checkFormAgreesWithManifest(manifest, input);
  // The one client date the server takes: a picked start, inside the window of the server's clock.
  const pickProblem = pickedStartProblem(manifest, now, input.startDate);
  if (pickProblem) throw rejected(pickProblem);
  // The start does not depend on the guarantee years: ages are checked on it before the years are.
  const { start } = coverPeriod(manifest, now, 1, input.startDate);
  const [problem] = checkApplication(manifest, input, now, start);
  if (problem) throw rejected(problem.message);
  // The health notice, evaluated again from the answers with the page's engine module (the outcome the
  // client sent is ignored): an answer missing, unknown or not allowed, a refusal and a manual underwriting
  // (which the app does not offer yet: docs/adding-a-product.md) write nothing.
  const health = checkHealthAnswers(manifest.healthNotice, input.healthAnswers);
  if (!health.ok) throw rejected(health.message);
  if (health.outcome.kind !== 'continue') throw rejected(health.outcome.message);
  const healthAnswers = manifest.healthNotice ? health.answers : null;
  // Priced from the manifest, each insured with their own answers to bound factors, their age
  // band on the cover start day and the guarantee years asked for; any client amount is ignored.
  // Age bands come from each person (mainland number or birthday), never from the band the client chose.
  const premium = priceApplication(manifest, input, start, { agesFromPeople: true });
  if (!premium.ok) throw rejected(premium.message);
  const plan = manifest.plans.find((p) => p.code === input.planCode);
  if (!plan) throw rejected('请选择保障方案');
  const years = resolveGuaranteeYears(manifest, input.insureYear);
  if (years === null) throw rejected(MSG_GUARANTEE_YEARS);
  // Cover lasts cover.months × the guarantee years.
  const { end } = coverPeriod(manifest, now, years, input.startDate);
  const insureds = input.insureds.map((person) => toStoredPerson(person, now));
  // --- policies: the renewal is checked against the last policy; the draft must be the caller's.
  const renewal = await resolveRenewal(deps.db, deps.manifests, user, input, manifest);
  const tempSerialNo = input.tempSerialNo;
  if (tempSerialNo) {
    const draft = await getDraft(deps.db, tempSerialNo);
    if (draft && draft.userId !== user.userId) throw forbidden('暂存单');
  }
  // --- promoters: the agent, channel and promoter of the sale (spec §6), from the promo code and the buyer's manager.
  const attribution = await attributeSale(deps.db, { manifest, buyerUserId: user.userId, promoCode: input.promoCode, buyer });
  const payDeadline = new Date(now.getTime() + (manifest.order.paymentTimeoutMinutes ?? deps.config.paymentTimeoutMinutes) * 60_000);
  const form: Omit<NewApplicationForm, 'applicationFormCode'> = {
    productCode: manifest.productCode,
    productName: manifest.productName,
    planCode: plan.code,
    planName: plan.name,
    premiumFen: premium.totalFen,
    copies: input.copies ?? 1,
    startDate: start,
    endDate: end,
    holder: toStoredPerson(input.policyHolder, now),
    insureds,
    wards: (input.wards ?? []).map((person) => toStoredPerson(person, now)),
    // One record per insured, in insured order.
    factors: premium.factors,
    promoCode: input.promoCode ?? null,
    promoterUserId: attribution.promoterUserId,
    agentSource: attribution.agentSource,
    rewardRateBp: attribution.rewardRateBp,
    // --- policies: the renewal as the server verified it (the last policy is the caller's), not as the client sent it.
    renewal,
    formTerms: formTermsOf(manifest, input, body, plan.code, premium.totalFen, renewal, attribution, years),
    createdAt: now,
  };

  const people = manifest.order.skipRepeatCheck ? [] : insureds;
  const locks = lockPlan(manifest.productCode, people);
  const collectedOffline = manifest.order.feeCollection === 'N';
  // Test-only hook (never set by the server): holds this order in flight with its locks taken.
  const orderLocked = deps.hooks?.orderLocked;
  // A plain order is one call (`submit_order`), committed on its own; what else the order
  // writes goes in one transaction with it.
  const inTransaction = attribution.bindTo !== null || Boolean(tempSerialNo) || collectedOffline || orderLocked !== undefined || healthAnswers !== null;
  return { manifest, premium, form, people, locks, collectedOffline, orderLocked, inTransaction, attribution, tempSerialNo, payDeadline, start, end, healthAnswers };
}

export async function submitOrder(
  deps: OrderDeps,
  submitter: Submitter,
  body: SubmitOrderBody,
  resubToken: string | undefined,
  log: FastifyBaseLogger,
): Promise<SubmitOrderResult> {
  const now = deps.now();
  const who = 'server' in submitter ? submitter.server : submitter.claims;
  const resubmitted = () => new ApiError(ErrorCode.Resubmit, '请勿重复提交');

  const serial = body.idempotentSerialNo;
  const requestHash = requestHashOf(body);

  // A plain order (no promo code, draft or renewal, paid online) of a request is first tried in
  // one statement, composed for a buyer without staff record or manager: the database checks that,
  // and the session and serial, before writing (submit_plain_order). Anything else, or a check that
  // does not hold, or a rule that refuses the body, goes the way below, which answers in its order;
  // when a check did not hold, that statement read the state the way below starts from.
  let known: SubmissionState | undefined;
  if (!('server' in submitter) && resubToken) {
    const plain = await composePlainOrder(deps, submitter.claims, body, now);
    if (plain) {
      const { claims } = submitter;
      const tokenInput = { token: resubToken, userId: claims.userId, now };
      let placed: SubmitOrderResult | { state: SubmissionState };
      try {
        placed = await placeOrder(deps, claims, plain, { tokenInput, serial, requestHash, log }, (call) =>
          submitPlainOrderCall(deps.db, { ...call, session: claims, serial, requestHash }),
        );
      } catch (error) {
        // A refusal of the database (spent token, insured covered) comes after its checks held: the session among them.
        if (error instanceof ApiError) submitter.accept(false);
        throw error;
      }
      if (!('state' in placed)) {
        submitter.accept(false);
        return placed;
      }
      known = placed.state;
    }
  }

  // The session of the access token (the check every protected call makes), the anti-resubmit
  // token, the serial's owner and a previous order of the serial, and the buyer's staff record and
  // manager (the sale's attribution, below): one round trip, before anything else (or read already
  // by the plain attempt's statement).
  const sessionId = 'server' in submitter ? null : submitter.claims.sessionId;
  const state = known ?? (await readSubmissionState(deps.db, { userId: who.userId, sessionId, token: resubToken ?? '', now, serial }));
  // A revoked session is refused here (406 请先登录) as the guard of other calls refuses it: nothing was written.
  const user = 'server' in submitter ? submitter.server : submitter.accept(sessionRevokedBy(submitter.claims, state.session));
  if (!resubToken) throw resubmitted();
  const tokenInput = { token: resubToken, userId: user.userId, now };
  const { tokenLive, serialOwner, previous, checkedHash, buyer } = state;
  if (!tokenLive) throw resubmitted();
  if (!serialOwner) throw rejected('流水号无效，请重新获取');
  if (serialOwner !== user.userId) throw forbidden('流水号');
  if (previous && !(await consumeResubToken(deps.db, tokenInput))) throw resubmitted();
  if (previous) return answerWithOrder(previous, user, requestHash);
  // A serial the confirm page's repeat check bound to an application orders that application only.
  if (checkedHash !== null && checkedHash !== requestHash) throw rejected(MSG_SERIAL_OTHER_BODY);

  const composed = await composeOrder(deps, user, body, now, buyer);
  const placed = await placeOrder(deps, user, composed, { tokenInput, serial, requestHash, log }, async (call) => submitOrderCall(deps.db, call));
  if ('state' in placed) throw new Error('submit_order answered a state');
  return placed;
}

/** {@link composeOrder} for a plain order of a buyer without staff record or manager; null when the order is not plain or a rule refuses it. */
async function composePlainOrder(deps: OrderDeps, user: AuthUser, body: SubmitOrderBody, now: Date): Promise<ComposedOrder | null> {
  const [input] = body.applicationForms;
  if (!input || input.promoCode || input.tempSerialNo || input.renewal?.renewalLastPolicyNo || input.renewalLastPolicyNo) return null;
  let composed: ComposedOrder;
  try {
    composed = await composeOrder(deps, user, body, now, { ownStaff: null, manager: undefined });
  } catch (error) {
    // Refused by a rule: the way that reads the state first answers (the state's refusals come first).
    if (error instanceof ApiError) return null;
    throw error;
  }
  return composed.inTransaction ? null : composed;
}

/**
 * Writes a composed order: outside a transaction with `plainCall` (one
 * statement), or in one transaction with what else the order writes. Answers
 * the order, or `{ state }` when `plainCall` found a check not holding (the state it read).
 */
async function placeOrder(
  deps: OrderDeps,
  user: AuthUser,
  composed: ComposedOrder,
  request: { tokenInput: { token: string; userId: string; now: Date }; serial: string; requestHash: string; log: FastifyBaseLogger },
  plainCall: (call: SubmitCallInput) => Promise<number | null | { state: SubmissionState }>,
): Promise<SubmitOrderResult | { state: SubmissionState }> {
  const { tokenInput, serial, requestHash, log } = request;
  const now = tokenInput.now;
  const resubmitted = () => new ApiError(ErrorCode.Resubmit, '请勿重复提交');
  const { manifest, premium, form, people, locks, collectedOffline, orderLocked, inTransaction, attribution, tempSerialNo, payDeadline, start, end, healthAnswers } = composed;
  for (let attempt = 0; ; attempt++) {
    const orderCode = dailyCode('ED', now);
    const applicationFormCode = dailyCode('AF', now);
    // The token is spent by the call that writes, so a refusal (a rule, the database) gives it back;
    // the insured people's locks come next, then the inserts, then the check that no insured is
    // already covered (which rolls it all back). A concurrent retry of this serial that committed
    // meanwhile makes the insert fail on the serial's unique key (answered with its order below).
    const call: SubmitCallInput = {
      token: tokenInput,
      locks,
      order: { orderCode, userId: user.userId, idempotentSerialNo: serial, amountFen: premium.totalFen, createdAt: now, payDeadline, requestHash },
      forms: [{ ...form, applicationFormCode }],
      cover: { productCode: manifest.productCode, start, end, now, people },
    };
    try {
      const orderId = !inTransaction
        ? await plainCall(call)
        : await deps.db.transaction(async (tx): Promise<number | null> => {
            if (orderLocked) {
              await takeLocks(tx, locks);
              await orderLocked(serial);
            }
            const id = await submitOrderCall(tx, call);
            if (id === null) return null;
            // --- promoters: first touch at the first order: a buyer without a manager is bound to the link's promoter.
            if (attribution.bindTo) await setManagerOnce(tx, { userId: user.userId, ...attribution.bindTo, source: 'order', now });
            // --- policies: the draft this form was resumed from goes with the order (spec §4 step 5).
            if (tempSerialNo) await deleteDraftOfUser(tx, user.userId, tempSerialNo);
            // The health notice answers, as checked, beside the application form they belong to.
            if (healthAnswers) await saveHealthAnswers(tx, id, healthAnswers, now);
            // Isshoufei N: the premium is collected outside the app (e.g. the city's education fee
            // system), so the order goes straight to issuance instead of waiting for a payment.
            if (collectedOffline) await markOrderPaid(tx, id, now);
            return id;
          });
      if (orderId !== null && typeof orderId === 'object') return orderId;
      if (orderId === null) throw resubmitted();
      // Test-only hook (injected by tests/server/fixtures/failpoint-server.ts, never by the server): the crash test dies here.
      deps.hooks?.afterOrderCommit?.();
      if (collectedOffline) await issuePolicyForOrder(deps, orderId, log);
      return answerWithOrder({ orderCode, userId: user.userId, amountFen: premium.totalFen, applicationFormCodes: [applicationFormCode], requestHash }, user, requestHash);
    } catch (error) {
      if (error instanceof InsuredTaken) throw rejected(repeatInsuranceMessage(people[error.index]?.name ?? ''));
      if (isUniqueViolation(error, SERIAL_CONSTRAINT)) {
        // A concurrent retry with the same serial won the race: answer with its order.
        const raced = await getOrderBySerial(deps.db, serial);
        if (raced) return answerWithOrder(raced, user, requestHash);
      }
      const codeClash = CODE_CONSTRAINTS.some((c) => isUniqueViolation(error, c));
      if (!codeClash || attempt >= 2) throw error;
    }
  }
}
