import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/envelope.ts';
import { MSG_CHANNEL_CLOSED, OP_LOG_MAX_BYTES, otherCalls, type Trade } from '../../contract/other-calls.ts';
import type { PolicyStatus } from '../../contract/order.ts';
import { fenToYuan } from '../../engine/pricing/premium.ts';
import { maskName, MSG_ID_CHECKSUM, parseIdCard, validateEmail, validateName } from '../../engine/rules/index.ts';
import { formatShanghai } from '../../engine/time/shanghai-time.ts';
import type { AppDeps } from '../app-deps.ts';
import type { PaymentStatus } from '../db/schema.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ApiError, notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { listStatusEvents } from '../orders/lifecycle-repo.ts';
import { requireOwnForm } from '../orders/own-form.ts';
import { toAppDetail } from '../orders/policy-detail-views.ts';
import { repeatInsuranceOfDraft } from '../orders/repeat-insurance.ts';
import type { StoredPerson } from '../orders/stored-person.ts';
import { SandboxMailProvider } from '../providers/mail/sandbox-mail-provider.ts';
import { ID_CHECK_LIMIT, MAIL_LIMIT, REPEAT_LIMIT, reserveAttempt } from './call-limits.ts';
import { checkRealName } from '../identity/identity-service.ts';
import { recordClientEvent } from './op-log.ts';
import { listTradesOfUser } from './trades-repo.ts';
import { listRefundsOfOrder } from '../payments/refunds-repo.ts';
import { fenText } from '../../engine/pricing/money.ts';

const TRADE_STATUS_NAMES: Readonly<Record<PaymentStatus, string>> = {
  pending: '待支付',
  succeeded: '支付成功',
  failed: '支付失败',
  duplicate: '重复支付（退款）',
  late: '逾期支付（退款）',
};

/** Statuses whose policy exists as a document the insurer issued (the e-policy can be mailed). */
const ISSUED_STATUSES: ReadonlySet<PolicyStatus> = new Set<PolicyStatus>(['waitInsurance', 'guarantee', 'policyOverdue']);

export const MSG_ID_LENGTH = '身份证号码位数有误!';
export const MSG_NOT_ISSUED = '保单尚未出单，暂无电子保单';
export const MSG_MAIL_CLOSED = '邮件服务暂未开通';
export const MSG_MAIL_FAILED = '邮件发送失败，请稍后重试';
export const MSG_BENEFIT_NOT_IN_FORCE = '保单未生效，暂无法使用权益';
export const MSG_NO_BENEFIT = '该保单暂无可使用的权益';

/** a***@example.com: enough for the user to recognise the address, not to read it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

/** The e-policy mail: the policy's terms with every person masked. */
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
    '保单详情请登录后在“我的保单”中查看。本邮件由系统发送，请勿回复。',
  ].join('\n');
}

/**
 * The spec §7 calls of no other issue (docs/other-calls.md): payment trades,
 * the v3 application detail, the v1 repeat check, the ID-card check,
 * benefits, the e-policy mail, the client operation log and the two partner
 * log-ins (refused until a partner is configured).
 */
export function registerOtherCallRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);
  const { mail } = deps;

  route(otherCalls.trades, async (request) => {
    const user = currentUser(request);
    const { orderCode, pageNum = 1, pageSize = 20 } = request.query;
    const orderId = orderCode ? (await requireOwnForm(db, { orderCode }, user)).orderId : undefined;
    const { rows, total } = await listTradesOfUser(db, {
      userId: user.userId,
      ...(orderId === undefined ? {} : { orderId }),
      limit: pageSize,
      offset: (pageNum - 1) * pageSize,
    });
    const list = rows.map(
      (r): Trade => ({
        tradeNo: r.tradeNo,
        orderCode: r.orderCode,
        applicationFormCode: r.form?.applicationFormCode ?? '',
        productName: r.form?.productName ?? '',
        channel: r.provider,
        amount: fenToYuan(r.amountFen),
        status: r.status as PaymentStatus,
        statusName: TRADE_STATUS_NAMES[r.status as PaymentStatus] ?? r.status,
        createdAt: formatShanghai(r.createdAt),
        paidAt: r.paidAt ? formatShanghai(r.paidAt) : null,
      }),
    );
    return ok({ list, total });
  });

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

  route(otherCalls.checkByIdCard, async (request) => {
    const now = deps.now();
    const idNo = request.query.idNo.trim().toUpperCase();
    const name = request.query.name?.trim();
    const parsed = parseIdCard(idNo, now);
    if (!parsed.ok) {
      return ok({ valid: false, nameMatched: null, birthday: '', sex: '', msg: parsed.reason === 'length' ? MSG_ID_LENGTH : MSG_ID_CHECKSUM });
    }
    const id = { valid: true, birthday: parsed.birthday, sex: parsed.sex };
    if (!name) return ok({ ...id, nameMatched: null, msg: '' });
    const nameProblem = validateName(name);
    if (nameProblem) return ok({ ...id, nameMatched: false, msg: nameProblem });
    // Only a real-name check reaches the provider, and only it is counted.
    await reserveAttempt(db, ID_CHECK_LIMIT, currentUser(request).userId, now);
    const outcome = await checkRealName(deps, { name, idNo });
    return ok({ ...id, nameMatched: outcome.passed, msg: outcome.reason });
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
    const view = await requireOwnForm(db, { policyNo: request.body.policyNo }, user);
    const email = request.body.email.trim();
    const problem = validateEmail(email);
    if (problem) throw new ApiError(ErrorCode.BadRequest, problem);
    if (!view.policyNo || !ISSUED_STATUSES.has(view.status)) throw rejected(MSG_NOT_ISSUED);
    if (!mail.accepting) throw rejected(MSG_MAIL_CLOSED);
    await reserveAttempt(db, MAIL_LIMIT, user.userId, now);
    try {
      await mail.send({ to: email, subject: `电子保单 ${view.productName} ${view.policyNo}`, text: ePolicyText(view) });
    } catch (error) {
      request.log.warn({ policyNo: view.policyNo, to: maskEmail(email), provider: mail.name, err: error }, 'e-policy mail not sent');
      throw new ApiError(ErrorCode.Busy, MSG_MAIL_FAILED);
    }
    request.log.info({ policyNo: view.policyNo, to: maskEmail(email), provider: mail.name }, 'e-policy mailed');
    return ok({ email: maskEmail(email) }, '电子保单已发送');
  });

  route(
    otherCalls.opLog,
    async (request) => {
      const claims = await deps.optionalUser(request);
      const id = await recordClientEvent(db, { body: request.body, userId: claims?.userId ?? null, ip: request.ip, now: deps.now() });
      return ok({ id });
    },
    { bodyLimit: OP_LOG_MAX_BYTES },
  );

  route(otherCalls.channelLogin, async (request) => {
    request.log.info({ channelCode: request.body.channelCode }, 'partner channel log-in refused: no partner configured');
    throw rejected(MSG_CHANNEL_CLOSED);
  });

  route(otherCalls.devMailLatest, async (request) => {
    const message = mail instanceof SandboxMailProvider ? mail.latestTo(request.query.to) : undefined;
    if (!message) throw notFound('邮件');
    return ok({ to: message.to, subject: message.subject, text: message.text });
  });
}
