import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/envelope.ts';
import { paymentCalls } from '../../contract/payment.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ApiError, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { requireOwnForm } from '../orders/own-form.ts';
import { WECHAT_APP_ID } from '../providers/payment/wechat-pay-provider.ts';
import { createPayUrl, openTrade } from './create-pay-url.ts';
import { jdTradeStatus } from './operations/jd-trade-status.ts';
import { savePayOut } from './operations/save-pay-out.ts';
import { wechatJsapiPay, type WechatChannel } from './operations/wechat-jsapi-pay.ts';
import { getPayOut } from './pay-outs-repo.ts';
import { rememberWechatPayer, spendOAuthCode } from './payments-repo.ts';
import { MSG_NOTIFY_REJECTED, processNotification } from './process-notification.ts';

/** Notifications are small; a huge body is not one. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

/**
 * Paying an order: the pay link and pay-out record, the channels' pay calls,
 * the read-backs, and the providers' notifications. Registered in this order,
 * which the route list and the reference keep.
 */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerPayLinkRoutes(app, deps);
  registerChannelPayRoutes(app, deps);
  registerPayReadBackRoutes(app, deps);
  registerPayNotifyRoute(app, deps);
}

/** The pay link of an application, and its pay-out record. */
function registerPayLinkRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(paymentCalls.payUrl, async (request) =>
    ok({ payUrl: await createPayUrl(deps, currentUser(request), request.query.appCode, request.query.channel) }),
  );

  route(paymentCalls.savePayOut, async (request) => {
    await savePayOut(deps, currentUser(request), request.body);
    return ok(null);
  });
}

/** WeChat authorisation and pay (JSAPI, H5), JD pay. */
function registerChannelPayRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);
  const wechat = deps.payments.get('wechat') as WechatChannel | undefined;

  route(paymentCalls.getOpenid, async (request) => {
    const { a: appId, b: code } = request.params;
    // The web app names the app by its build constant; the real channel knows its official account itself.
    if (!wechat || appId !== WECHAT_APP_ID) throw rejected('微信授权参数错误');
    const openid = await wechat.exchangeOAuthCode(code);
    if (!openid || !(await spendOAuthCode(deps.db, code, deps.now()))) throw rejected('微信授权已失效，请重新授权');
    await rememberWechatPayer(deps.db, currentUser(request).userId, openid, deps.now());
    return ok({ openid });
  });
  route(paymentCalls.payOrderWeixin, async (request) =>
    ok(await wechatJsapiPay(deps, wechat, currentUser(request), { orderCode: request.body.orderCode, openid: request.body.openid, clientIp: request.ip })),
  );
  route(paymentCalls.payOrderWapBiz, async (request) => {
    const trade = await openTrade(deps, currentUser(request), { orderCode: request.body.orderCode }, 'wechat', { clientIp: request.ip });
    return ok({ mwebUrl: trade.payUrl, tradeNo: trade.tradeNo });
  });
  route(paymentCalls.payOrderJd, async (request) => {
    const trade = await openTrade(deps, currentUser(request), { orderCode: request.body.orderCode }, 'jd');
    return ok({ payUrl: trade.payUrl, tradeNum: trade.tradeNo });
  });
}

/** A JD trade's state, and the caller's pay-out record. */
function registerPayReadBackRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  // No log-in (spec /paySuccessJD): the unguessable trade number is the key; no personal data in the answer.
  route(paymentCalls.jdOrder, async (request) => ok(await jdTradeStatus(deps.db, request.params.id)));
  route(paymentCalls.selectPayOut, async (request) => {
    const user = currentUser(request);
    const view = await requireOwnForm(deps.db, { applicationFormCode: request.query.applicationFormCode }, user);
    const record = await getPayOut(deps.db, view.formId);
    if (!record) return ok(null);
    const { productCode, startTime, holderCode, isRenewal } = record;
    return ok({ applicationFormCode: view.applicationFormCode, productCode, startTime, holderCode, isRenewal });
  });
}

/** Server-to-server: the body is the provider's signed message, kept verbatim for verification and audit. */
function registerPayNotifyRoute(app: FastifyInstance, deps: AppDeps): void {
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
