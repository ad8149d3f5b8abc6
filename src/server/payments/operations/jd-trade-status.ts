import type { JdOrder } from '../../../contract/payment.ts';
import { fenToYuan } from '../../../engine/pricing/premium.ts';
import type { Db } from '../../db/db.ts';
import { notFound } from '../../http/envelope.ts';
import { refundExists } from '../pay-outs-repo.ts';
import { getPaymentByTradeNo } from '../payments-repo.ts';

/** A JD trade's state by its unguessable number: a duplicate or late payment, or one refunded, reads as refund. */
export async function jdTradeStatus(db: Db, tradeNo: string): Promise<JdOrder> {
  const trade = await getPaymentByTradeNo(db, tradeNo);
  if (!trade || trade.provider !== 'jd') throw notFound('交易');
  const refund = trade.status === 'duplicate' || trade.status === 'late' || (await refundExists(db, trade.id));
  const status = refund ? 'refund' : trade.status === 'succeeded' ? 'paid' : trade.status === 'failed' ? 'failed' : 'pending';
  return { tradeNum: trade.tradeNo, status, amount: fenToYuan(trade.amountFen), productName: trade.subject };
}
