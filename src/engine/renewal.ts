import { isRenewalProduct } from './rules/enums.ts';

/** Label of the renewal button (spec §2): 去续保 for the four renewal codes, else 再次购买. */
export function renewalLabel(productCode: string): '去续保' | '再次购买' {
  return isRenewalProduct(productCode) ? '去续保' : '再次购买';
}
