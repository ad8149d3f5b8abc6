import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { PayUrlQuery, SavePayOutBody, type SavePayOutBody as SavePayOutBodyT } from '../../contract/order.ts';
import {
  GetOpenidParams,
  JdOrderParams,
  OrderPayBody,
  PayOrderWeixinBody,
  SelectPayOutBody,
  type JdOrder,
  type JdPay,
  type OpenidResult,
  type PayOutRecord,
  type WapPay,
  type WechatJsapiPay,
} from '../../contract/payment.ts';
import { paths } from '../../contract/paths.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { fenToYuan } from '../../engine/pricing/premium.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ApiError, notFound, ok, rejected } from '../http/envelope.ts';
import type { WechatPayProvider } from '../providers/payment/wechat-pay-provider.ts';
import { WECHAT_APP_ID } from '../providers/payment/wechat-pay-provider.ts';
import { getPaymentByTradeNo } from './payments-repo.ts';
import { getPayOut, refundExists } from './pay-outs-repo.ts';
import { requireOwnForm } from '../orders/own-form.ts';
import { createPayUrl, openTrade } from './create-pay-url.ts';
import { upsertPayOut } from './pay-outs-repo.ts';
import { MSG_NOTIFY_REJECTED, processNotification } from './process-notification.ts';
import { emptyBodyAsObject } from '../http/optional-body.ts';

const NotifyParams = Type.Object({ provider: Type.String({ pattern: '^[a-z]{2,16}$' }) });
/** Notifications are small; a huge body is not one. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const auth = { onRequest: deps.requireUser };

  app.get<{ Querystring: Static<typeof PayUrlQuery> }>(
    paths.payUrl,
    { ...auth, schema: { querystring: PayUrlQuery } },
    async (request) => ok({ payUrl: await createPayUrl(deps, currentUser(request), request.query.appCode, request.query.channel) }),
  );

  app.post<{ Body: SavePayOutBodyT }>(
    paths.savePayOut,
    { ...auth, schema: { body: SavePayOutBody } },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const now = deps.now();
      const view = await requireOwnForm(
        deps.db,
        { applicationFormCode: body.applicationFormCode },
        user,
      );
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
    },
  );

  // --- payments: WeChat authorisation and pay, JD pay, pay-out read-back
  const wechat = deps.payments.get('wechat') as WechatPayProvider | undefined;
  app.post<{ Params: Static<typeof GetOpenidParams> }>(
    paths.getOpenid,
    { ...auth, preValidation: emptyBodyAsObject, schema: { params: GetOpenidParams } },
    async (request) => {
      const { a: appId, b: code } = request.params;
      if (!wechat || appId !== WECHAT_APP_ID) throw rejected('微信授权参数错误');
      const openid = wechat.exchangeOAuthCode(code);
      if (!openid) throw rejected('微信授权已失效，请重新授权');
      return ok<OpenidResult>({ openid });
    },
  );
  app.post<{ Body: Static<typeof PayOrderWeixinBody> }>(
    paths.payOrderWeixin,
    { ...auth, schema: { body: PayOrderWeixinBody } },
    async (request) => {
      if (!wechat) throw new ApiError(ErrorCode.Internal, '支付渠道不可用');
      const trade = await openTrade(deps, currentUser(request), { orderCode: request.body.orderCode }, 'wechat');
      const params = wechat.jsapiParams(`wx${trade.tradeNo}`);
      return ok<WechatJsapiPay>({ ...params, tradeNo: trade.tradeNo, sandboxCashierUrl: trade.payUrl });
    },
  );
  app.post<{ Body: Static<typeof OrderPayBody> }>(
    paths.payOrderWapBiz,
    { ...auth, schema: { body: OrderPayBody } },
    async (request) => {
      const trade = await openTrade(deps, currentUser(request), { orderCode: request.body.orderCode }, 'wechat');
      return ok<WapPay>({ mwebUrl: trade.payUrl, tradeNo: trade.tradeNo });
    },
  );
  app.post<{ Body: Static<typeof OrderPayBody> }>(
    paths.payOrderJd,
    { ...auth, schema: { body: OrderPayBody } },
    async (request) => {
      const trade = await openTrade(deps, currentUser(request), { orderCode: request.body.orderCode }, 'jd');
      return ok<JdPay>({ payUrl: trade.payUrl, tradeNum: trade.tradeNo });
    },
  );
  // No log-in (spec /paySuccessJD): the unguessable trade number is the key; no personal data in the answer.
  app.get<{ Params: Static<typeof JdOrderParams> }>(paths.jdOrder, { schema: { params: JdOrderParams } }, async (request) => {
    const trade = await getPaymentByTradeNo(deps.db, request.params.id);
    if (!trade || trade.provider !== 'jd') throw notFound('交易');
    const refund = trade.status === 'duplicate' || trade.status === 'late' || (await refundExists(deps.db, trade.id));
    const status = refund ? 'refund' : trade.status === 'succeeded' ? 'paid' : trade.status === 'failed' ? 'failed' : 'pending';
    return ok<JdOrder>({ tradeNum: trade.tradeNo, status, amount: fenToYuan(trade.amountFen), productName: trade.subject });
  });
  app.post<{ Body: Static<typeof SelectPayOutBody> }>(
    paths.selectPayOut,
    { ...auth, schema: { body: SelectPayOutBody } },
    async (request) => {
      const user = currentUser(request);
      const view = await requireOwnForm(
        deps.db,
        { applicationFormCode: request.body.applicationFormCode },
        user,
      );
      const record = await getPayOut(deps.db, view.formId);
      return ok<PayOutRecord | null>(
        record ? { applicationFormCode: view.applicationFormCode, productCode: record.productCode, startTime: record.startTime, holderCode: record.holderCode, isRenewal: record.isRenewal } : null,
      );
    },
  );

  // Server-to-server: the body is the provider's signed message, kept verbatim for verification and audit.
  app.register(async (notify) => {
    // Encapsulated: only this route reads bodies as verbatim text.
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser(
      ['application/jose', 'text/plain', 'application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    notify.post<{ Params: Static<typeof NotifyParams>; Body: string }>(
      paths.payNotify,
      { schema: { params: NotifyParams } },
      async (request, reply) => {
        const provider = deps.payments.get(request.params.provider);
        try {
          const outcome = await processNotification(
            deps,
            { provider: request.params.provider, rawBody: String(request.body ?? ''), headers: request.headers },
            request.log,
          );
          request.log.info({ provider: request.params.provider, outcome }, 'payment notification processed');
          if (!provider?.answer) return ok(null);
          const answer = provider.answer({ ok: true });
          return reply.status(answer.status).type(answer.contentType).send(answer.body);
        } catch (error) {
          // Each channel is refused in its own style (WeChat: 4xx + {code:FAIL}; Alipay and JD: fail).
          if (!provider?.answer || !(error instanceof ApiError)) throw error;
          const httpStatus = error.code === ErrorCode.NotFound ? 404 : error.msg === MSG_NOTIFY_REJECTED ? 401 : 400;
          const answer = provider.answer({ ok: false, httpStatus, message: error.msg });
          return reply.status(answer.status).type(answer.contentType).send(answer.body);
        }
      },
    );
  });
}
