import { productCatalogueCalls } from '../../../contract/product.ts';
import type { ProductManifest } from '../../../engine/manifest/manifest-types.generated.ts';
import { call, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

/**
 * The calls every first page needs (home's list, a detail page's manifest),
 * in a module of their own: the home route loads these declarations and no
 * other call's (the size budgets of the home route and of each screen; the
 * quote is quote-api.ts, with the rest of the product calls).
 */
export const productApi = {
  productList: (o?: Silent) => call(productCatalogueCalls.productList, { body: {} }, { thing: '产品列表', ...o }),
  productManifest: (productCode: string, o?: Silent): Promise<ProductManifest> =>
    call(productCatalogueCalls.productAttr, { params: { code: productCode } }, { thing: '产品详情', ...o }),
};
