import type { FastifyInstance } from 'fastify';
import { otherCalls, type Trade } from '../../contract/other-calls.ts';
import { fenToYuan } from '../../engine/pricing/money.ts';
import { formatShanghai } from '../../engine/time/shanghai-time.ts';
import type { AppDeps } from '../app-deps.ts';
import type { PaymentStatus } from '../db/schema.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { requireOwnForm } from '../orders/own-form.ts';
import { listTradesOfUser } from './trades-repo.ts';

const TRADE_STATUS_NAMES: Readonly<Record<PaymentStatus, string>> = {
  pending: '待支付',
  succeeded: '支付成功',
  failed: '支付失败',
  duplicate: '重复支付（退款）',
  late: '逾期支付（退款）',
};

/** The caller's payment trades, newest first, optionally of one of their orders (docs/other-calls.md). */
export function registerTradeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

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
}
