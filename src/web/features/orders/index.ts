/** What other features use of orders: the order just placed, kept until its payment is settled. */
export { forgetPlacedOrder, placedOrderOf, rememberPlacedOrder, type PlacedOrder } from './state/placed-order.ts';
