import { productCalls } from '../../contract/product.ts';
import type { QuoteRequest } from '../../contract/index.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { call, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

/**
 * The calls every first page needs (home's list, a detail page's manifest
 * and quote), in a module of their own: the home route loads these
 * declarations and no other group's, and the detail page needs no other call
 * (the size budgets of the home route and of each screen).
 */
export const productApi = {
  productList: (o?: Silent) => call(productCalls.productList, { body: {} }, { thing: '产品列表', ...o }),
  productManifest: (productCode: string, o?: Silent): Promise<ProductManifest> =>
    call(productCalls.productAttr, { params: { code: productCode } }, { thing: '产品详情', ...o }),
  /** The manifest of the product on sale whose detail route is `path` (ApiError 4004 for any other path). */
  productManifestByRoute: (path: string, o?: Pick<CallOptions, 'silent' | 'sent'>): Promise<ProductManifest> =>
    call(productCalls.productAttrByRoute, { query: { path } }, { thing: '产品详情', ...o }),
  /** getPrem (spec §7): a list of one quote request. Failures are silent: the caller keeps the previous premium. */
  quote: (request: QuoteRequest) => call(productCalls.calPremiums, { body: [request] }, { silent: true, thing: '保费' }),
};
