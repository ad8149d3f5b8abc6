import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/envelope.ts';
import { paymentCalls, type WechatJsapiPay } from '../../contract/payment.ts';
import { fenToYuan } from '../../engine/pricing/premium.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ApiError, notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { requireOwnForm } from '../orders/own-form.ts';
import type { WechatPayProvider } from '../providers/payment/wechat-pay-provider.ts';
import type { WechatV3Provider } from '../providers/payment/wechat-v3-provider.ts';
import { WECHAT_APP_ID } from '../providers/payment/wechat-pay-provider.ts';
import { createPayUrl, openTrade } from './create-pay-url.ts';
import { getPayOut, refundExists, upsertPayOut } from './pay-outs-repo.ts';
import { getPaymentByTradeNo, isWechatPayerOf, rememberWechatPayer, spendOAuthCode } from './payments-repo.ts';
import { MSG_NOTIFY_REJECTED, processNotification } from './process-notification.ts';

/** Notifications are small; a huge body is not one. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(paymentCalls.payUrl, async (request) =>
    ok({ payUrl: await createPayUrl(deps, currentUser(request), request.query.appCode, request.query.channel) }),
  );

  route(paymentCalls.savePayOut, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    const now = deps.now();
    const view = await requireOwnForm(deps.db, { applicationFormCode: body.applicationFormCode }, user);
    if (view.productCode !== body.productCode) throw rejected('产品与投保单不符');
    await upsertPayOut(deps.db, {
      applicationFormId: view.formId,
      userId: user.userId,
      productCode: body.productCode,
      startTime: body.startTime ?? null,
      holderCode: body.holderCode ?? null,
      isRenewal: body.isRenewal ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return ok(null);
  });

  // --- payments: WeChat authorisation and pay, JD pay, pay-out read-back
  // The sandbox (codes it issued itself) or the real channel (codes of the official account's OAuth).
  const wechat = deps.payments.get('wechat') as (WechatPayProvider | WechatV3Provider) | undefined;
  route(paymentCalls.getOpenid, async (request) => {
    const { a: appId, b: code } = request.params;
    // The web app names the app by its build constant; the real channel knows its official account itself.
    if (!wechat || appId !== WECHAT_APP_ID) throw rejected('微信授权参数错误');
    const openid = await wechat.exchangeOAuthCode(code);
    if (!openid || !(await spendOAuthCode(deps.db, code, deps.now()))) throw rejected('微信授权已失效，请重新授权');
    await rememberWechatPayer(deps.db, currentUser(request).userId, openid, deps.now());
    return ok({ openid });
  });
  route(paymentCalls.payOrderWeixin, async (request) => {
    if (!wechat) throw rejected('支付渠道不可用');
    // Only an openid the server itself got from WeChat for this user (getOpenid), never one the client made up
    // (asked once the order is known to be the caller's).
    await requireOwnForm(deps.db, { orderCode: request.body.orderCode }, currentUser(request));
    if (!(await isWechatPayerOf(deps.db, currentUser(request).userId, request.body.openid))) throw rejected('微信授权已失效，请重新授权');
    const trade = await openTrade(deps, currentUser(request), { orderCode: request.body.orderCode }, 'wechat', { openid: request.body.openid, clientIp: request.ip });
    // The real channel signs WeChat's prepay_id; the sandbox stands in for WeixinJSBridge with its cashier.
    if (trade.jsapi) return ok({ ...(trade.jsapi as Omit<WechatJsapiPay, 'tradeNo'>), tradeNo: trade.tradeNo });
    if (!('jsapiParams' in wechat)) throw rejected('支付渠道不可用');
    const params = wechat.jsapiParams(`wx${trade.tradeNo}`);
    return ok({ ...params, tradeNo: trade.tradeNo, sandboxCashierUrl: trade.payUrl });
  });
  route(paymentCalls.payOrderWapBiz, async (request) => {
    const trade = await openTrade(deps, currentUser(request), { orderCode: request.body.orderCode }, 'wechat', { clientIp: request.ip });
    return ok({ mwebUrl: trade.payUrl, tradeNo: trade.tradeNo });
  });
  route(paymentCalls.payOrderJd, async (request) => {
    const trade = await openTrade(deps, currentUser(request), { orderCode: request.body.orderCode }, 'jd');
    return ok({ payUrl: trade.payUrl, tradeNum: trade.tradeNo });
  });
  // No log-in (spec /paySuccessJD): the unguessable trade number is the key; no personal data in the answer.
  route(paymentCalls.jdOrder, async (request) => {
    const trade = await getPaymentByTradeNo(deps.db, request.params.id);
    if (!trade || trade.provider !== 'jd') throw notFound('交易');
    const refund = trade.status === 'duplicate' || trade.status === 'late' || (await refundExists(deps.db, trade.id));
    const status = refund ? 'refund' : trade.status === 'succeeded' ? 'paid' : trade.status === 'failed' ? 'failed' : 'pending';
    return ok({ tradeNum: trade.tradeNo, status, amount: fenToYuan(trade.amountFen), productName: trade.subject });
  });
  route(paymentCalls.selectPayOut, async (request) => {
    const user = currentUser(request);
    const view = await requireOwnForm(deps.db, { applicationFormCode: request.query.applicationFormCode }, user);
    const record = await getPayOut(deps.db, view.formId);
    if (!record) return ok(null);
    const { productCode, startTime, holderCode, isRenewal } = record;
    return ok({ applicationFormCode: view.applicationFormCode, productCode, startTime, holderCode, isRenewal });
  });

  // Server-to-server: the body is the provider's signed message, kept verbatim for verification and audit.
  app.register(async (notify) => {
    // Encapsulated: only this route reads bodies as verbatim text.
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser(
      ['application/jose', 'text/plain', 'application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    routesOf(notify, deps)(paymentCalls.payNotify, async (request, reply) => {
      const provider = deps.payments.get(request.params.provider);
      try {
        const outcome = await processNotification(
          deps,
          { provider: request.params.provider, rawBody: String(request.body ?? ''), headers: request.headers },
          request.log,
        );
        request.log.info({ provider: request.params.provider, outcome }, 'payment notification processed');
        if (!provider?.answer) return reply.send(ok(null));
        const answer = provider.answer({ ok: true });
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      } catch (error) {
        // Each channel is refused in its own style (WeChat: 4xx + {code:FAIL}; Alipay and JD: fail).
        if (!provider?.answer || !(error instanceof ApiError)) throw error;
        const httpStatus = error.code === ErrorCode.NotFound ? 404 : error.msg === MSG_NOTIFY_REJECTED ? 401 : 400;
        const answer = provider.answer({ ok: false, httpStatus, message: error.msg });
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      }
    });
  });
}
