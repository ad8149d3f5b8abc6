/**
 * The order this tab has just placed and not yet seen paid. Spec §4 clears the
 * form once the order exists, so a parent who goes back from the payment page
 * would otherwise meet an empty form (and, refilling it, the repeat-insurance
 * dialog about the order they just made): the insure page shows this order
 * instead, to pay or to start a new one. Codes and the amount only, in session
 * storage (this tab); forgotten when the payment succeeds or the parent starts
 * again.
 */
export interface PlacedOrder {
  productCode: string;
  orderCode: string;
  applicationFormCode: string;
  /** Yuan. */
  amount: number;
  /** Where paying it goes (the payoff page, or 支付成功 for a product not paid online). */
  payPath: string;
}

const KEY = 'placedOrder';

export function rememberPlacedOrder(order: PlacedOrder): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(order));
  } catch {
    // Private mode: going back shows the empty form, as before.
  }
}

/** The placed order of `productCode`, or null. */
export function placedOrderOf(productCode: string): PlacedOrder | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const order = raw ? (JSON.parse(raw) as PlacedOrder) : null;
    return order?.productCode === productCode ? order : null;
  } catch {
    return null;
  }
}

/** Forgets the placed order (paid, or the parent starts a new application); with an order code, only that order. */
export function forgetPlacedOrder(orderCode?: string): void {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return;
    if (orderCode === undefined || (JSON.parse(raw) as PlacedOrder).orderCode === orderCode) sessionStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}
