import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { emptyBodyAsObject } from '../../http/optional-body.ts';
import { renderCashierPage } from './cashier-page.ts';
import type { SandboxPageContext } from './payment-channel.ts';
import type { SandboxPaymentProvider } from './sandbox-payment-provider.ts';
import { acceptForms } from '../../http/form-bodies.ts';

export const SANDBOX_CASHIER_PATH = '/_sandbox/pay/cashier';

const MERCHANT = '学平险在线投保（沙箱商户）';

const CashierQuery = Type.Object({
  tradeNo: Type.String({ minLength: 1, maxLength: 64 }),
  error: Type.Optional(Type.String({ maxLength: 60 })),
});
const TradeParams = Type.Object({ tradeNo: Type.String({ minLength: 1, maxLength: 64 }) });
/** `outcome=fail` lets a test (or a curious developer) ask for a declined payment. */
const ConfirmBody = Type.Object({ outcome: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('fail')])) });

const cashierUrl = (tradeNo: string, error?: string) =>
  `${SANDBOX_CASHIER_PATH}?${new URLSearchParams(error ? { tradeNo, error } : { tradeNo }).toString()}`;

/** The sandbox provider's own pages, mounted under /_sandbox/pay (outside the /_gw API). */
export async function sandboxCashierRoutes(app: FastifyInstance, sandbox: SandboxPaymentProvider, deps: SandboxPageContext): Promise<void> {
  await acceptForms(app, 1024);

  app.get<{ Querystring: Static<typeof CashierQuery> }>(
    SANDBOX_CASHIER_PATH,
    { schema: { querystring: CashierQuery } },
    async (request, reply) => {
      const trade = await deps.findTrade(request.query.tradeNo);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!trade) return reply.status(404).send('<!doctype html><meta charset="utf-8"><title>收银台</title><p>交易不存在</p>');
      const encoded = encodeURIComponent(trade.tradeNo);
      return renderCashierPage({
        merchant: MERCHANT,
        subject: trade.subject,
        tradeNo: trade.tradeNo,
        amountFen: trade.amountFen,
        state: trade.status === 'pending' || trade.status === 'failed' ? 'pending' : 'paid',
        error: request.query.error,
        confirmAction: `/_sandbox/pay/${encoded}/confirm`,
        cancelAction: `/_sandbox/pay/${encoded}/cancel`,
        returnUrl: trade.returnUrl,
      });
    },
  );

  app.post<{ Params: Static<typeof TradeParams>; Body: Static<typeof ConfirmBody> }>(
    '/_sandbox/pay/:tradeNo/confirm',
    { preValidation: emptyBodyAsObject, schema: { params: TradeParams, body: ConfirmBody } },
    async (request, reply) => {
      const trade = await deps.findTrade(request.params.tradeNo);
      if (!trade) return reply.status(404).type('text/plain; charset=utf-8').send('交易不存在');
      if (trade.status === 'succeeded' || trade.status === 'duplicate') return reply.redirect(trade.returnUrl, 303);
      if (request.body.outcome === 'fail') {
        sandbox.notifyPayment(trade, 'FAIL');
        return reply.redirect(cashierUrl(trade.tradeNo, '支付失败，请重试'), 303);
      }
      sandbox.notifyPayment(trade, 'SUCCESS');
      return reply.redirect(trade.returnUrl, 303);
    },
  );

  app.post<{ Params: Static<typeof TradeParams> }>(
    '/_sandbox/pay/:tradeNo/cancel',
    { schema: { params: TradeParams } },
    async (_request, reply) => reply.redirect(deps.cancelUrl, 303),
  );
}
