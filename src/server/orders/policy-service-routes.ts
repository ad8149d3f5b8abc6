import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/envelope.ts';
import { MSG_CHANNEL_CLOSED, otherCalls } from '../../contract/other-calls.ts';
import { policyCalls } from '../../contract/policy.ts';
import { fenText } from '../../engine/pricing/money.ts';
import { maskEmail, maskName, validateEmail } from '../../engine/rules/index.ts';
import { formatShanghai } from '../../engine/time/shanghai-time.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { E_POLICY_MAIL_LIMIT, MAIL_LIMIT, REPEAT_LIMIT, reserveAttempt } from '../http/call-limits.ts';
import { ApiError, notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { listRefundsOfOrder } from '../payments/refunds-repo.ts';
import { SandboxMailProvider } from '../providers/mail/sandbox-mail-provider.ts';
import { sendDocument } from '../http/send-document.ts';
import { listStatusEvents } from './lifecycle-repo.ts';
import { ePolicyPdf, readableIssuedPolicy } from './operations/e-policy.ts';
import { requireOwnForm } from './own-form.ts';
import { toAppDetail } from './policy-detail-views.ts';
import { repeatInsuranceOfDraft } from './repeat-insurance.ts';
import type { StoredPerson } from './stored-person.ts';

export const MSG_MAIL_CLOSED = '邮件服务暂未开通';
export const MSG_MAIL_FAILED = '邮件发送失败，请稍后重试';
export const MSG_BENEFIT_NOT_IN_FORCE = '保单未生效，暂无法使用权益';
export const MSG_NO_BENEFIT = '该保单暂无可使用的权益';


/** The e-policy's file name: its policy number, in the characters a file name keeps everywhere. */
const ePolicyFilename = (policyNo: string) => `e-policy-${policyNo.replace(/[^0-9A-Za-z-]/g, '_')}.pdf`;

/** The e-policy mail: the policy's terms with every person masked; the e-policy PDF is attached. */
function ePolicyText(view: Awaited<ReturnType<typeof requireOwnForm>>): string {
  const holder = view.holder as StoredPerson<{ name: string }>;
  const insureds = (view.insureds as StoredPerson<{ name: string }>[]).map((p) => maskName(p.name)).join('、');
  return [
    '您好，您的电子保单信息如下：',
    `保单号：${view.policyNo ?? ''}`,
    `产品名称：${view.productName}`,
    `保障方案：${view.planName}`,
    `保障期间：${formatShanghai(view.startDate)} 至 ${formatShanghai(view.endDate)}`,
    `投保人：${maskName(holder.name)}`,
    `被保险人：${insureds}`,
    `保费：${fenText(view.premiumFen)} 元`,
    '电子保单见附件（PDF）。保单详情请登录后在“我的保单”中查看。本邮件由系统发送，请勿回复。',
  ].join('\n');
}

/**
 * The policy services of spec §7 beside the policy pages (docs/other-calls.md):
 * the v3 application detail, the v1 repeat check, benefits, the partner
 * token (refused until a partner is configured) and the e-policy mail.
 */
export function registerPolicyServiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);
  const { mail } = deps;

  route(otherCalls.appDetail3, async (request) => {
    const view = await requireOwnForm(db, { applicationFormCode: request.query.appCode }, currentUser(request));
    return ok(toAppDetail(view, await listStatusEvents(db, view.formId), deps.manifests, await listRefundsOfOrder(db, view.orderId)));
  });

  route(otherCalls.repeatInsuranceV1, async (request) => {
    // Only for an insured of one of the caller's drafts of the product; limited per user (docs/security.md).
    const user = currentUser(request);
    await reserveAttempt(db, REPEAT_LIMIT, user.userId, deps.now());
    return ok({ repeat: await repeatInsuranceOfDraft(deps, user, request.body) });
  });

  route(otherCalls.useBenefits, async (request) => {
    const view = await requireOwnForm(db, { policyNo: request.body.policyNo }, currentUser(request));
    if (view.status !== 'guarantee') throw rejected(MSG_BENEFIT_NOT_IN_FORCE);
    // No product declares a benefit yet (docs/other-calls.md): nothing can be redeemed.
    throw rejected(MSG_NO_BENEFIT);
  });

  route(otherCalls.yjToken, async (request) => {
    const user = currentUser(request);
    const { appCode, policyNo } = request.query;
    if (!appCode && !policyNo) throw new ApiError(ErrorCode.BadRequest, '缺少保单号或投保单号');
    const view = await requireOwnForm(db, appCode ? { applicationFormCode: appCode } : { policyNo: policyNo as string }, user);
    if (appCode && policyNo && view.policyNo !== policyNo) {
      // The policy named must be the caller's too; then the two must be one policy.
      await requireOwnForm(db, { policyNo }, user);
      throw new ApiError(ErrorCode.BadRequest, '保单号与投保单号不一致');
    }
    throw rejected(MSG_CHANNEL_CLOSED);
  });

  route(otherCalls.sendEmail, async (request) => {
    const user = currentUser(request);
    const now = deps.now();
    // Someone else's policy is refused (4003) before anything about the address is said.
    await requireOwnForm(db, { policyNo: request.body.policyNo }, user);
    const email = request.body.email.trim();
    const problem = validateEmail(email);
    if (problem) throw new ApiError(ErrorCode.BadRequest, problem);
    const view = await readableIssuedPolicy(deps, user, { policyNo: request.body.policyNo });
    if (!mail.accepting) throw rejected(MSG_MAIL_CLOSED);
    await reserveAttempt(db, E_POLICY_MAIL_LIMIT, user.userId, now, view.policyNo);
    await reserveAttempt(db, MAIL_LIMIT, user.userId, now);
    const pdf = await ePolicyPdf(deps, view, request.log);
    try {
      await mail.send({
        to: email,
        subject: `电子保单 ${view.productName} ${view.policyNo}`,
        text: ePolicyText(view),
        attachments: [{ filename: ePolicyFilename(view.policyNo), contentType: 'application/pdf', content: pdf }],
      });
    } catch (error) {
      request.log.warn({ policyNo: view.policyNo, to: maskEmail(email), provider: mail.name, err: error }, 'e-policy mail not sent');
      throw new ApiError(ErrorCode.Busy, MSG_MAIL_FAILED);
    }
    request.log.info({ policyNo: view.policyNo, to: maskEmail(email), provider: mail.name }, 'e-policy mailed');
    return ok({ email: maskEmail(email) }, '电子保单已发送');
  });

  route(policyCalls.ePolicy, async (request, reply) => {
    const view = await readableIssuedPolicy(deps, currentUser(request), { applicationFormCode: request.params.applicationFormCode });
    const bytes = await ePolicyPdf(deps, view, request.log);
    return sendDocument(reply, { bytes, contentType: 'application/pdf' }, ePolicyFilename(view.policyNo));
  });

  route(otherCalls.devMailLatest, async (request) => {
    const message = mail instanceof SandboxMailProvider ? mail.latestTo(request.query.to) : undefined;
    if (!message) throw notFound('邮件');
    const attachments = (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, bytes: a.content.byteLength }));
    return ok({ to: message.to, subject: message.subject, text: message.text, attachments });
  });
}
