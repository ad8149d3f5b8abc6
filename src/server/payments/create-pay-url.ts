import type { AppDeps } from '../app-deps.ts';
import type { AuthUser } from '../auth/access-token.ts';
import { ApiError, rejected } from '../http/envelope.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { dailyCode } from '../lib/random-codes.ts';
import { statusClock } from '../orders/effective-status.ts';
import { requireOwnForm } from '../orders/own-form.ts';
import { getPendingPayment, insertPayment } from './payments-repo.ts';

/** Provider used for every channel until real WeChat/Alipay adapters exist. */
export const DEFAULT_PAYMENT_PROVIDER = 'sandbox';

/** Where the browser lands after paying (spec §2 /paySuccess). */
export function paySuccessUrl(publicUrl: string | undefined, codes: { orderCode: string; productCode: string; applicationFormCode: string }): string {
  const query = new URLSearchParams(codes).toString();
  return `${publicUrl ?? ''}/#/paySuccess?${query}`;
}

/**
 * The cashier URL of the caller's unpaid application. An open trade of the
 * order is reused, so the client's retries (up to 3, spec §4) do not open
 * several trades that could each be paid.
 */
export async function createPayUrl(
  deps: Pick<AppDeps, 'db' | 'now' | 'config' | 'payments'>,
  user: AuthUser,
  applicationFormCode: string,
): Promise<string> {
  const now = deps.now();
  const view = await requireOwnForm(
    deps.db,
    { applicationFormCode },
    user,
    statusClock(now, deps.config.paymentTimeoutMinutes),
  );
  if (view.status === 'paymentTimeout') throw rejected('订单已超时未支付，请重新投保');
  if (view.status !== 'toBePaid') throw rejected('该订单无需支付');

  const provider = deps.payments.get(DEFAULT_PAYMENT_PROVIDER);
  if (!provider) throw new ApiError(ErrorCode.Internal, '支付渠道不可用');
  const returnUrl = paySuccessUrl(deps.config.publicUrl, {
    orderCode: view.orderCode,
    productCode: view.productCode,
    applicationFormCode: view.applicationFormCode,
  });
  const open = await getPendingPayment(deps.db, view.orderId, provider.name);
  const trade = open ?? {
    tradeNo: dailyCode('TR', now),
    amountFen: view.orderAmountFen,
    subject: view.productName,
    returnUrl,
  };
  if (!open) {
    await insertPayment(deps.db, { ...trade, orderId: view.orderId, provider: provider.name, createdAt: now });
  }
  const { payUrl } = await provider.createTrade({
    tradeNo: trade.tradeNo,
    amountFen: trade.amountFen,
    subject: trade.subject,
    returnUrl: trade.returnUrl,
  });
  return payUrl;
}
