import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '../../../contract/envelope.ts';
import { allowedEvents, refusalMessage } from '../../../contract/policy-lifecycle.ts';
import type { PolicyStatus } from '../../../contract/order.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthUser } from '../../auth/access-token.ts';
import { ApiError, rejected } from '../../http/envelope.ts';
import type { EndorsementOutcome } from '../../providers/insurer/insurer-provider.ts';
import type { FormView } from '../orders-repo.ts';
import { requireOwnForm } from '../own-form.ts';
import { consumeResubToken } from '../resub-tokens-repo.ts';
import { surrenderPolicy } from '../surrender.ts';

const MSG_INSURER_BUSY = '保险公司系统繁忙，请稍后再试';
const MSG_RESUBMIT = '请勿重复提交';

/**
 * Asks the insurer to 撤销 (before the start date: 待起保) or 退保 (in force)
 * when its provider can; a refusal is 4001 and a failure (network, 5xx after
 * the retries) 5003, either way before anything changes here. Undefined when
 * the provider has no such call.
 */
async function askInsurerToEndorse(
  deps: AppDeps,
  view: FormView,
  log: FastifyBaseLogger,
): Promise<{ kind: 'cancel' | 'surrender'; refundFen?: number } | undefined> {
  const kind = view.status === 'waitInsurance' ? 'cancel' : 'surrender';
  const insurer = deps.insurer;
  const ask = kind === 'cancel' ? insurer.cancel : insurer.surrender;
  if (!ask || !view.policyNo) return undefined;
  let outcome: EndorsementOutcome;
  try {
    outcome = await ask.call(insurer, { orderCode: view.orderCode, applicationFormCode: view.applicationFormCode, policyNo: view.policyNo });
  } catch (error) {
    log.warn({ policyNo: view.policyNo, kind, err: error }, 'insurer could not be asked to endorse');
    throw new ApiError(ErrorCode.Busy, MSG_INSURER_BUSY);
  }
  if (!outcome.ok) {
    log.info({ policyNo: view.policyNo, kind, reason: outcome.reason }, 'insurer refused the endorsement');
    throw rejected(kind === 'cancel' ? '保险公司未同意撤销保单' : '保险公司未同意退保');
  }
  return { kind, ...(outcome.refundFen === undefined ? {} : { refundFen: outcome.refundFen }) };
}

/**
 * The caller's 退保 of a policy (submitEndors): the resubmission token spent
 * once the policy is known to be theirs, the insurer asked first when it can
 * be, then the status and refund changed here. The new status.
 */
export async function surrenderEndorsement(
  deps: AppDeps,
  user: AuthUser,
  input: { policyNo: string; token: string | undefined },
  log: FastifyBaseLogger,
): Promise<PolicyStatus> {
  const now = deps.now();
  if (!input.token) throw new ApiError(ErrorCode.Resubmit, MSG_RESUBMIT);
  const view = await requireOwnForm(deps.db, { policyNo: input.policyNo }, user);
  // Spent only once the policy is known to be the caller's.
  if (!(await consumeResubToken(deps.db, { token: input.token, userId: user.userId, now }))) throw new ApiError(ErrorCode.Resubmit, MSG_RESUBMIT);
  if (!allowedEvents(view.status).includes('surrender')) throw rejected(refusalMessage(view.status, 'surrender'));
  const insurerAnswer = await askInsurerToEndorse(deps, view, log);
  const result = await surrenderPolicy(deps, view, now, insurerAnswer?.refundFen);
  if (!result.ok) {
    // The insurer agreed but the status moved meanwhile: the operator reconciles the two.
    if (insurerAnswer) log.error({ policyNo: input.policyNo, kind: insurerAnswer.kind }, 'insurer endorsed a policy whose status then changed');
    throw rejected(result.message);
  }
  log.info({ policyNo: input.policyNo, ...(insurerAnswer ?? {}) }, 'policy surrendered');
  return result.to;
}
