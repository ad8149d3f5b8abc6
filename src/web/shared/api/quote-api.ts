import type { QuoteRequest } from '../../../contract/index.ts';
import { productCatalogueCalls } from '../../../contract/product.ts';
import { call } from './client.ts';

/** getPrem (spec §7): a list of one quote request. Failures are silent: the caller keeps the previous premium. */
export const quotePremium = (request: QuoteRequest) => call(productCatalogueCalls.calPremiums, { body: [request] }, { silent: true, thing: '保费' });
