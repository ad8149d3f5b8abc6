import { PAYABLE_STATUSES } from '../../contract/policy-lifecycle.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AuthUser } from '../auth/access-token.ts';
import { rejected } from '../http/envelope.ts';
import { dailyCode } from '../lib/random-codes.ts';
import type { FormKey } from '../orders/orders-repo.ts';
import { requireOwnForm } from '../orders/own-form.ts';
import { TradeNumberTaken, type CreateTradeInput, type PaymentProvider } from '../providers/payment/payment-provider.ts';
import { failPendingPayment, getPendingPayment, insertPayment } from './payments-repo.ts';

/** Provider of the generic cashier (queryPayUrl without a channel). */
export const DEFAULT_PAYMENT_PROVIDER = 'sandbox';

type PayDeps = Pick<AppDeps, 'db' | 'now' | 'config' | 'payments'>;

interface ReturnCodes {
  orderCode: string;
  productCode: string;
  applicationFormCode: string;
}

/** Where the browser lands after paying (spec §2 /paySuccess). */
export function paySuccessUrl(publicUrl: string | undefined, codes: ReturnCodes): string {
  const query = new URLSearchParams({ ...codes }).toString();
  return `${publicUrl ?? ''}/#/paySuccess?${query}`;
}

export interface OpenedTrade {
  tradeNo: string;
  amountFen: number;
  payUrl: string;
  /** WeChat JSAPI: the signed parameters of getBrandWCPayRequest (real channel only). */
  jsapi?: Record<string, string>;
  provider: PaymentProvider;
}

/**
 * Opens (or reuses) a trade of the caller's unpaid application with one
 * provider. An open trade of the order with that provider is reused, so the
 * client's retries (up to 3, spec §4) do not open several trades that could
 * each be paid; money that still arrives twice (two channels) is refunded.
 */
export async function openTrade(deps: PayDeps, user: AuthUser, key: FormKey, providerName: string, payer?: CreateTradeInput['payer']): Promise<OpenedTrade> {
  const now = deps.now();
  const view = await requireOwnForm(deps.db, key, user);
  // Past its own deadline an order cannot be paid, even before the scheduler records the timeout.
  const payable = PAYABLE_STATUSES.includes(view.status);
  const expired = payable && view.payDeadline !== null && view.payDeadline <= now;
  if (view.status === 'paymentTimeout' || expired) throw rejected('订单已超时未支付，请重新投保');
  if (!payable) throw rejected('该订单无需支付');
  const provider = deps.payments.get(providerName);
  // A channel this deployment does not configure (PAYMENT_CHANNELS) is a refusal the client can show, not a crash.
  if (!provider) throw rejected('支付渠道不可用');
  const open = await getPendingPayment(deps.db, view.orderId, provider.name);
  const tradeNo = open?.tradeNo ?? dailyCode('TR', now);
  const returnUrl =
    open?.returnUrl ??
    (provider.returnUrl
      ? provider.returnUrl(deps.config.publicUrl, { tradeNo })
      : paySuccessUrl(deps.config.publicUrl, {
          orderCode: view.orderCode,
          productCode: view.productCode,
          applicationFormCode: view.applicationFormCode,
        }));
  let trade = open ?? { tradeNo, amountFen: view.orderAmountFen, subject: view.productName, returnUrl };
  if (!open) {
    await insertPayment(deps.db, { ...trade, orderId: view.orderId, provider: provider.name, createdAt: now });
  }
  const create = () =>
    provider.createTrade({
      tradeNo: trade.tradeNo,
      amountFen: trade.amountFen,
      subject: trade.subject,
      returnUrl: trade.returnUrl,
      ...(payer ? { payer } : {}),
      ...(view.payDeadline ? { expiresAt: view.payDeadline } : {}),
    });
  let created: Awaited<ReturnType<PaymentProvider['createTrade']>>;
  try {
    created = await create();
  } catch (error) {
    if (!(error instanceof TradeNumberTaken) || !open || !provider.closeTrade) throw error;
    // The parent paid one way first (WeChat H5) and now another (JSAPI inside WeChat): the first trade is closed,
    // so that it can no longer be paid, and the order gets a trade under a new number. A first trade that was paid
    // meanwhile cannot be closed: its money is on its way.
    try {
      await provider.closeTrade(open.tradeNo);
    } catch {
      throw rejected('该订单正在支付中，请稍后查看订单状态');
    }
    await failPendingPayment(deps.db, open.id);
    trade = { tradeNo: dailyCode('TR', now), amountFen: open.amountFen, subject: open.subject, returnUrl: open.returnUrl };
    await insertPayment(deps.db, { ...trade, orderId: view.orderId, provider: provider.name, createdAt: now });
    created = await create();
  }
  const { payUrl, jsapi } = created;
  return { tradeNo: trade.tradeNo, amountFen: trade.amountFen, payUrl, ...(jsapi ? { jsapi } : {}), provider };
}

/** The cashier URL of the caller's unpaid application (queryPayUrl): Alipay's for `alipay`, else the generic sandbox. */
export async function createPayUrl(deps: PayDeps, user: AuthUser, applicationFormCode: string, channel?: string): Promise<string> {
  const providerName = channel === 'alipay' ? 'alipay' : DEFAULT_PAYMENT_PROVIDER;
  return (await openTrade(deps, user, { applicationFormCode }, providerName)).payUrl;
}
